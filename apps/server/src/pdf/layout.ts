/**
 * Drawing primitives shared by the documents: document creation, the type scale, text
 * that is always made WinAnsi-safe, and page-space bookkeeping. Text is never left to
 * pdfkit's automatic page breaks: every call passes a height, so a document adds pages
 * only where its own layout decides to.
 *
 * Text that the standard fonts cannot draw (CJK, Cyrillic, Greek, Arabic, emoji, ...) is
 * drawn in runs: each character in the first font that has it (fonts.ts), on one shared
 * baseline, wrapped and cut by this module's own line breaker. Text the standard fonts
 * draw entirely takes pdfkit's own path, as before.
 */
import type PDFDocument from 'pdfkit';
import { lazyRequire } from '../lib/lazy-require.ts';
import { type Face, type FontChar, fontChars, type TextRun, toRuns, useFallbackFont } from './fonts.ts';
import { pdfSafe } from './text.ts';

export type Doc = PDFKit.PDFDocument;

/** pdfkit loads with the first document (lib/lazy-require.ts), not at start-up. */
const pdfkit = lazyRequire<typeof PDFDocument>('pdfkit');

export const LETTER = { width: 612, height: 792 } as const;
export const MARGIN = 40;
/** pdfkit's own bottom margin is kept small; layouts stop at their own content bottom. */
const PDFKIT_BOTTOM_MARGIN = 12;

export const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  mono: 'Courier',
  monoBold: 'Courier-Bold',
} as const;
export type FontName = keyof typeof FONT;

export const COLOR = {
  text: '#1a1a1a',
  muted: '#5b6270',
  faint: '#8a909c',
  rule: '#c9ced6',
  hairline: '#e3e6eb',
  panel: '#f3f5f8',
  accent: '#1f3a5f',
} as const;

export interface DocumentInfo {
  title: string;
  author?: string;
  subject?: string;
}

/** A document with no page yet: each draw function adds its own pages. */
export function createDocument(info: DocumentInfo): Doc {
  return withMeasureCache(
    new (pdfkit())({
      autoFirstPage: false,
      compress: true,
      bufferPages: false,
      info: {
        Title: pdfSafe(info.title),
        Author: pdfSafe(info.author ?? ''),
        Subject: pdfSafe(info.subject ?? ''),
        Creator: 'Merchant console',
        Producer: 'Merchant console',
      },
    }),
  );
}

const MEASURE_CACHE_MAX = 20_000;

/**
 * Memoises string widths per font and size for this document. Width is a pure function of the font, the
 * size, the character spacing and the string, and pdfkit recomputes it (with kerning lookups) for every
 * word it wraps: a batch of 1,000 slips measures the same words and labels over and over.
 */
function withMeasureCache(doc: Doc): Doc {
  const original = doc.widthOfString.bind(doc);
  const cache = new Map<string, number>();
  const internals = doc as unknown as { _font?: { name?: string }; _fontSize?: number };
  doc.widthOfString = (text: string, options?: PDFKit.Mixins.TextOptions) => {
    const opts = options as
      | { horizontalScaling?: number; features?: unknown; characterSpacing?: number }
      | undefined;
    const font = internals._font?.name;
    if (!font || opts?.horizontalScaling || opts?.features) return original(text, options);
    const key = `${font}\u0000${internals._fontSize}\u0000${opts?.characterSpacing ?? 0}\u0000${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      width = original(text, options);
      if (cache.size >= MEASURE_CACHE_MAX) cache.clear();
      cache.set(key, width);
    }
    return width;
  };
  return doc;
}

export function addPage(
  doc: Doc,
  size: [number, number] = [LETTER.width, LETTER.height],
  margin = MARGIN,
): void {
  doc.addPage({
    size,
    margins: { top: margin, left: margin, right: margin, bottom: Math.min(margin, PDFKIT_BOTTOM_MARGIN) },
  });
}

/** Collects a finished document into one Buffer. `draw` runs after the listeners are attached. */
export function renderToBuffer(info: DocumentInfo, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = createDocument(info);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

export interface TextStyle {
  font?: FontName;
  size?: number;
  color?: string;
}

export interface DrawTextOptions extends TextStyle {
  width?: number;
  /** Text beyond this height is cut (with an ellipsis when `ellipsis` is set). */
  height?: number;
  align?: 'left' | 'right' | 'center' | 'justify';
  ellipsis?: boolean;
  lineGap?: number;
  characterSpacing?: number;
  underline?: boolean;
  /** Single line: no wrapping at all. */
  noWrap?: boolean;
}

function applyStyle(doc: Doc, style: TextStyle): void {
  doc.font(FONT[style.font ?? 'regular']).fontSize(style.size ?? 10);
  doc.fillColor(style.color ?? COLOR.text);
}

/** Height the text takes at this width and style (after pdfSafe). */
export function measureText(
  doc: Doc,
  value: string | null | undefined,
  width: number,
  style: TextStyle & { lineGap?: number } = {},
): number {
  const chars = fontChars(value);
  if (chars) {
    applyStyle(doc, style);
    const lineHeight = doc.currentLineHeight(true) + (style.lineGap ?? 0);
    return wrapChars(doc, chars, width, style, 0).length * lineHeight;
  }
  const text = pdfSafe(value);
  if (text === '') return 0;
  applyStyle(doc, style);
  const lineGap = style.lineGap ?? 0;
  if (fitsOnOneLine(doc, text, width, 0)) return doc.currentLineHeight(true) + lineGap;
  return doc.heightOfString(text, { width, lineGap });
}

/**
 * Fast path (most document text is one short line): a text without line breaks whose width is clearly
 * below the box needs no line wrapping, which is where pdfkit spends its time. Same height as
 * heightOfString gives for one line.
 */
function fitsOnOneLine(doc: Doc, text: string, width: number, characterSpacing: number): boolean {
  if (text.includes('\n') || text.length > 200) return false;
  return doc.widthOfString(text) + characterSpacing * Math.max(0, text.length - 1) <= width - 0.5;
}

export function textWidth(doc: Doc, value: string | null | undefined, style: TextStyle = {}): number {
  const chars = fontChars(value);
  if (chars) return charsWidth(doc, chars, style, 0);
  applyStyle(doc, style);
  return doc.widthOfString(pdfSafe(value));
}

/**
 * Draws customer or document text literally, WinAnsi-safe, and returns the height used.
 * Never triggers an automatic page break.
 */
export function drawText(
  doc: Doc,
  value: string | null | undefined,
  x: number,
  y: number,
  options: DrawTextOptions = {},
): number {
  const chars = fontChars(value);
  if (chars) return drawMixedText(doc, chars, x, y, options);
  const text = pdfSafe(value);
  if (text === '') return 0;
  applyStyle(doc, options);
  const lineGap = options.lineGap ?? 0;
  if (options.noWrap) {
    const single = text.replace(/\s*\n\s*/g, ' ');
    const spacing = options.characterSpacing ?? 0;
    const measure = (value: string) => doc.widthOfString(value) + spacing * Math.max(0, value.length - 1);
    let shown = single;
    if (options.width !== undefined && measure(shown) > options.width) {
      while (shown.length > 1 && measure(`${shown}…`) > options.width) shown = shown.slice(0, -1);
      shown = `${shown.trimEnd()}…`;
    }
    const lineWidth = measure(shown);
    let left = x;
    if (options.width !== undefined && options.align === 'right') left = x + options.width - lineWidth;
    if (options.width !== undefined && options.align === 'center') left = x + (options.width - lineWidth) / 2;
    doc.text(shown, left, y, {
      lineBreak: false,
      characterSpacing: options.characterSpacing,
      underline: options.underline,
    });
    return doc.currentLineHeight(true);
  }
  const width = options.width ?? doc.page.width - x - doc.page.margins.right;
  const spacing = options.characterSpacing ?? 0;
  if (fitsOnOneLine(doc, text, width, spacing)) {
    const natural = doc.currentLineHeight(true) + lineGap;
    const lineWidth = doc.widthOfString(text) + spacing * Math.max(0, text.length - 1);
    let left = x;
    if (options.align === 'right') left = x + width - lineWidth;
    if (options.align === 'center') left = x + (width - lineWidth) / 2;
    doc.text(text, left, y, {
      lineBreak: false,
      characterSpacing: options.characterSpacing,
      underline: options.underline,
    });
    return options.height !== undefined ? Math.min(options.height, natural) : natural;
  }
  const natural = doc.heightOfString(text, { width, lineGap, characterSpacing: options.characterSpacing });
  const height = options.height !== undefined ? Math.min(options.height, natural) : natural;
  doc.text(text, x, y, {
    width,
    // One point of slack so the last line is not dropped by rounding; never open a page.
    height: Math.max(height, doc.currentLineHeight(true)) + 1,
    align: options.align ?? 'left',
    ellipsis: options.ellipsis ? '…' : undefined,
    lineGap,
    characterSpacing: options.characterSpacing,
    underline: options.underline,
  });
  return height;
}

// ---------------------------------------------------------------------------
// Text in several fonts (fallback fonts for what the standard fonts lack)

const FACE: Record<FontName, Face> = {
  regular: 'regular',
  bold: 'bold',
  italic: 'italic',
  mono: 'regular',
  monoBold: 'bold',
};

function setRunFont(doc: Doc, run: TextRun, style: TextStyle): void {
  if (run.font === null) {
    applyStyle(doc, style);
    return;
  }
  useFallbackFont(doc, run.font, FACE[style.font ?? 'regular']);
  doc.fontSize(style.size ?? 10);
}

function runsWidth(doc: Doc, runs: readonly TextRun[], style: TextStyle, spacing: number): number {
  let width = 0;
  let count = 0;
  for (const run of runs) {
    setRunFont(doc, run, style);
    width += doc.widthOfString(run.text, run.rtl ? { features: [] } : undefined);
    count += [...run.text].length;
  }
  applyStyle(doc, style);
  return width + spacing * Math.max(0, count - 1);
}

function charsWidth(doc: Doc, chars: readonly FontChar[], style: TextStyle, spacing: number): number {
  return chars.length === 0 ? 0 : runsWidth(doc, toRuns(chars), style, spacing);
}

/** Han, kana and full-width forms: a line may break before or after any of them. */
function breaksAround(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  return (
    (cp >= 0x2e80 && cp <= 0x9fff) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    cp >= 0x20000
  );
}

/** Words (each with its trailing spaces), single CJK characters and line breaks. */
function tokens(chars: readonly FontChar[]): FontChar[][] {
  const out: FontChar[][] = [];
  let current: FontChar[] = [];
  const flush = () => {
    if (current.length > 0) out.push(current);
    current = [];
  };
  for (const c of chars) {
    if (c.ch === '\n') {
      flush();
      out.push([c]);
    } else if (breaksAround(c.ch)) {
      flush();
      current.push(c);
    } else if (c.ch === ' ') {
      current.push(c);
      flush();
    } else {
      const last = current[current.length - 1];
      if (last && (last.ch === ' ' || breaksAround(last.ch))) flush();
      current.push(c);
    }
  }
  flush();
  return out;
}

function trimEnd(line: FontChar[]): FontChar[] {
  while (line.length > 0 && line[line.length - 1]?.ch === ' ') line.pop();
  return line;
}

/** Greedy line breaking at spaces and around CJK characters; a word wider than the line is cut. */
function wrapChars(
  doc: Doc,
  chars: readonly FontChar[],
  width: number,
  style: TextStyle,
  spacing: number,
): FontChar[][] {
  const lines: FontChar[][] = [[]];
  let used = 0;
  for (const token of tokens(chars)) {
    let line = lines[lines.length - 1] as FontChar[];
    if (token[0]?.ch === '\n') {
      lines.push([]);
      used = 0;
      continue;
    }
    const tokenWidth = charsWidth(doc, token, style, spacing);
    const isBlank = token.every((c) => c.ch === ' ');
    if (used + tokenWidth > width && line.some((c) => c.ch !== ' ')) {
      trimEnd(line);
      line = [];
      lines.push(line);
      used = 0;
      if (isBlank) continue;
    }
    if (tokenWidth > width && line.length === 0) {
      for (const c of token) {
        const charWidth = charsWidth(doc, [c], style, spacing);
        if (used + charWidth > width && line.length > 0) {
          line = [];
          lines.push(line);
          used = 0;
        }
        line.push(c);
        used += charWidth;
      }
      continue;
    }
    line.push(...token);
    used += tokenWidth;
  }
  return lines.map(trimEnd);
}

/** The line cut to `width` with an ellipsis. */
function withEllipsis(
  doc: Doc,
  line: readonly FontChar[],
  width: number,
  style: TextStyle,
  spacing: number,
): FontChar[] {
  const ellipsis: FontChar = { ch: '…', font: null };
  const shown = [...line];
  while (shown.length > 1 && charsWidth(doc, [...shown, ellipsis], style, spacing) > width) shown.pop();
  return [...trimEnd(shown), ellipsis];
}

/** One line of runs on a shared baseline (the standard font's), aligned in `width`. */
function drawCharsLine(
  doc: Doc,
  line: readonly FontChar[],
  x: number,
  y: number,
  options: DrawTextOptions,
): void {
  if (line.length === 0) return;
  const spacing = options.characterSpacing ?? 0;
  const runs = toRuns(line);
  applyStyle(doc, options);
  const ascender = (doc as unknown as { _font: { ascender: number } })._font.ascender;
  const baseline = y + (ascender / 1000) * (options.size ?? 10);
  const lineWidth = runsWidth(doc, runs, options, spacing);
  let left = x;
  if (options.width !== undefined && options.align === 'right') left = x + options.width - lineWidth;
  if (options.width !== undefined && options.align === 'center') left = x + (options.width - lineWidth) / 2;
  for (const run of runs) {
    setRunFont(doc, run, options);
    const count = [...run.text].length;
    doc.text(run.text, left, baseline, {
      lineBreak: false,
      baseline: 'alphabetic',
      characterSpacing: options.characterSpacing,
      underline: options.underline,
      ...(run.rtl ? { features: [] } : {}),
    });
    left += doc.widthOfString(run.text, run.rtl ? { features: [] } : undefined) + spacing * count;
  }
  applyStyle(doc, options);
}

/** drawText for text with characters in fallback fonts: same options, same returned height. */
function drawMixedText(
  doc: Doc,
  chars: readonly FontChar[],
  x: number,
  y: number,
  options: DrawTextOptions,
): number {
  applyStyle(doc, options);
  const lineHeight = doc.currentLineHeight(true);
  const spacing = options.characterSpacing ?? 0;
  if (options.noWrap) {
    let line: FontChar[] = [];
    for (const c of chars) {
      const ch = c.ch === '\n' ? ' ' : c.ch;
      if (ch === ' ' && (line.length === 0 || line[line.length - 1]?.ch === ' ')) continue;
      line.push({ ch, font: c.font });
    }
    trimEnd(line);
    if (options.width !== undefined && charsWidth(doc, line, options, spacing) > options.width) {
      line = withEllipsis(doc, line, options.width, options, spacing);
    }
    drawCharsLine(doc, line, x, y, options);
    return lineHeight;
  }
  const width = options.width ?? doc.page.width - x - doc.page.margins.right;
  const lineGap = options.lineGap ?? 0;
  const lines = wrapChars(doc, chars, width, options, spacing);
  const natural = lines.length * (lineHeight + lineGap);
  const height = options.height !== undefined ? Math.min(options.height, natural) : natural;
  // As pdfkit does: a line is drawn while it fits in the height (one point of slack for rounding).
  const room = Math.max(height, lineHeight) + 1;
  const maxLines = Math.max(1, Math.floor((room - lineHeight) / (lineHeight + lineGap)) + 1);
  const shown = lines.slice(0, maxLines);
  if (lines.length > maxLines && options.ellipsis && shown.length > 0) {
    shown[shown.length - 1] = withEllipsis(doc, shown[shown.length - 1] ?? [], width, options, spacing);
  }
  const align = options.align === 'justify' ? 'left' : options.align;
  shown.forEach((line, index) => {
    drawCharsLine(doc, line, x, y + index * (lineHeight + lineGap), { ...options, width, align });
  });
  return height;
}

/** A horizontal rule. */
export function rule(
  doc: Doc,
  x1: number,
  x2: number,
  y: number,
  color: string = COLOR.rule,
  width = 0.75,
): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke().restore();
}

/** A small all-caps section label. */
export function label(
  doc: Doc,
  value: string,
  x: number,
  y: number,
  width?: number,
  align: 'left' | 'right' | 'center' = 'left',
): number {
  return drawText(doc, value.toUpperCase(), x, y, {
    align,
    font: 'bold',
    size: 7.5,
    color: COLOR.muted,
    characterSpacing: 0.5,
    width,
    noWrap: true,
  });
}

export function box(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  height: number,
  options: { fill?: string; stroke?: string; lineWidth?: number; radius?: number; dash?: number } = {},
): void {
  doc.save();
  if (options.radius) doc.roundedRect(x, y, width, height, options.radius);
  else doc.rect(x, y, width, height);
  if (options.dash) doc.dash(options.dash, { space: options.dash });
  doc.lineWidth(options.lineWidth ?? 0.75);
  if (options.fill && options.stroke) doc.fillAndStroke(options.fill, options.stroke);
  else if (options.fill) doc.fill(options.fill);
  else doc.stroke(options.stroke ?? COLOR.rule);
  doc.undash();
  doc.restore();
}

/** An empty tick box for picking. */
export function checkbox(doc: Doc, x: number, y: number, size = 10): void {
  box(doc, x, y, size, size, { stroke: COLOR.text, lineWidth: 0.9 });
}

/** Bottom of the usable area of the current page, leaving `reserve` points above the margin. */
export function contentBottom(doc: Doc, reserve = 0): number {
  return doc.page.height - MARGIN - reserve;
}

/**
 * Vertical flow over pages for one order's document: `ensure(height)` starts a new page
 * (footer on the old one, continuation header on the new one) when the next block would
 * not fit above the footer.
 */
export class PageFlow {
  y = MARGIN;
  pageNumber = 0;

  constructor(
    private readonly doc: Doc,
    private readonly hooks: {
      /** Draws the top of a continuation page and returns the y where content goes on. */
      continuationHeader: (doc: Doc, pageNumber: number) => number;
      footer: (doc: Doc, pageNumber: number) => void;
      /** Space kept free above the bottom margin for the footer. */
      footerReserve: number;
    },
  ) {}

  /** Starts the first page; returns the top y. */
  start(): number {
    addPage(this.doc);
    this.pageNumber = 1;
    this.y = MARGIN;
    return this.y;
  }

  get bottom(): number {
    return contentBottom(this.doc, this.hooks.footerReserve);
  }

  fits(height: number): boolean {
    return this.y + height <= this.bottom;
  }

  /** Breaks the page unless `height` fits; returns true when a new page was started. */
  ensure(height: number): boolean {
    if (this.fits(height)) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.hooks.footer(this.doc, this.pageNumber);
    addPage(this.doc);
    this.pageNumber += 1;
    this.y = this.hooks.continuationHeader(this.doc, this.pageNumber);
  }

  finish(): void {
    this.hooks.footer(this.doc, this.pageNumber);
  }
}
