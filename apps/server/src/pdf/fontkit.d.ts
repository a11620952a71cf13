/** The part of fontkit (pdfkit's font engine) that pdf/fonts.ts uses; fontkit ships no types. */
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
