/**
 * Code 128 barcodes. bwip-js encodes the text (choosing code sets A/B/C and the check
 * character); the bars are drawn as vector rectangles, so they stay sharp at any printer
 * resolution, cost a few hundred bytes, and need no image per page in a 1,000-slip batch.
 */
import type bwipjsModule from 'bwip-js/node';
import { lazyRequire } from '../lib/lazy-require.ts';

/** bwip-js loads with the first barcode (lib/lazy-require.ts), not at start-up. */
const bwipjs = lazyRequire<typeof bwipjsModule>('bwip-js/node');

export interface BarcodeBars {
  /** [start, width] of each bar, in modules. */
  bars: Array<[number, number]>;
  /** Width of the whole symbol in modules (without quiet zones). */
  modules: number;
}

/** The bars of a Code 128 symbol for the text. Throws if bwip-js cannot encode it. */
export function code128Bars(text: string): BarcodeBars {
  const symbols = bwipjs().raw({ bcid: 'code128', text });
  const first = symbols[0];
  if (!first || !('sbs' in first)) throw new Error('code128: no linear symbol produced');
  const bars: Array<[number, number]> = [];
  let position = 0;
  first.sbs.forEach((width, index) => {
    if (index % 2 === 0) bars.push([position, width]);
    position += width;
  });
  return { bars, modules: position };
}

export interface DrawBarcodeOptions {
  x: number;
  y: number;
  /** Widest the symbol may be, quiet zones excluded. */
  maxWidth: number;
  height: number;
  /** Preferred module (narrowest bar) width in points; shrunk to fit maxWidth. */
  moduleWidth?: number;
  /** Snap the module width to whole printer dots at this resolution (203 for thermal labels). */
  snapDpi?: number;
  /** Centre the symbol within maxWidth (default), start it at x, or end it at x + maxWidth. */
  align?: 'center' | 'left' | 'right';
}

/** Draws the symbol and returns its drawn width in points. */
export function drawCode128(doc: PDFKit.PDFDocument, text: string, options: DrawBarcodeOptions): number {
  const { bars, modules } = code128Bars(text);
  let moduleWidth = Math.min(options.moduleWidth ?? 1, options.maxWidth / modules);
  if (options.snapDpi) {
    const dot = 72 / options.snapDpi;
    const dots = Math.floor(moduleWidth / dot);
    if (dots >= 1) moduleWidth = dots * dot;
  }
  const width = modules * moduleWidth;
  const free = options.maxWidth - width;
  const left = options.x + (options.align === 'left' ? 0 : options.align === 'right' ? free : free / 2);
  doc.save();
  doc.fillColor('#000000');
  for (const [start, barWidth] of bars) {
    doc.rect(left + start * moduleWidth, options.y, barWidth * moduleWidth, options.height);
  }
  doc.fill();
  doc.restore();
  return width;
}
