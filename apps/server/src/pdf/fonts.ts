/**
 * Fallback fonts for text that the standard PDF fonts (Helvetica, WinAnsi) cannot draw: Cyrillic,
 * Greek and extended Latin (Noto Sans), Chinese and Japanese (Noto Sans SC: Han and kana), Korean
 * (Noto Sans KR), Arabic (Noto Sans Arabic, shaped by fontkit) and emoji (Noto Emoji, monochrome). All
 * under the SIL Open Font License, embedded by pdfkit as subsets (only the glyphs drawn). The ten TTF
 * files the documents use are kept in apps/server/fonts (with their licences; see its README), copied
 * unchanged from the @expo-google-fonts packages, which carry every weight and style (168 MB installed)
 * for 37 MB used (decision 0119).
 *
 * Per glyph: a character the standard font has stays in it; any other goes to the first fallback whose
 * Unicode blocks list it AND whose cmap has the glyph (fontkit's hasGlyphForCodePoint); a character no
 * font has becomes pdfSafe's look-alike or '?'. Nothing is read at start-up: a font file is read the
 * first time a character in its blocks is seen (its regular face, for the glyph check), its bold face
 * the first time bold text needs it, and each only once per process.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Font, create as fontkitCreate } from 'fontkit';
import { lazyRequire } from '../lib/lazy-require.ts';
import { SERVER_ROOT } from '../paths.ts';
import { isStandardFontChar, pdfSafe } from './text.ts';

export type FallbackKey = 'sans' | 'cjk' | 'hangul' | 'arabic' | 'emoji';
export type Face = 'regular' | 'bold' | 'italic';

interface FallbackSpec {
  key: FallbackKey;
  /** Right-to-left script: words are laid out right to left (fontkit shapes and orders each word). */
  rtl: boolean;
  /** Code point ranges [from, to] where the font is worth asking; the cmap decides. */
  blocks: ReadonlyArray<readonly [number, number]>;
  files: Record<Face, string>;
}

/** apps/server/fonts, from the sources and from the bundle alike (paths.ts). */
export const FONTS_DIR = path.join(SERVER_ROOT, 'fonts');

/** In fallback order. */
const FALLBACKS: readonly FallbackSpec[] = [
  {
    key: 'sans',
    rtl: false,
    blocks: [
      [0x0100, 0x058f], // Latin Extended, IPA, Greek, Cyrillic, Armenian
      [0x1d00, 0x1fff], // phonetic extensions, Latin Extended Additional, Greek Extended
      [0x2000, 0x20cf], // punctuation, super/subscripts, currency
      [0x2100, 0x218f], // letterlike symbols, number forms
      [0x2c60, 0x2c7f],
      [0x2de0, 0x2e7f],
      [0xa640, 0xa7ff],
      [0xfb00, 0xfb06],
    ],
    files: {
      regular: 'NotoSans_400Regular.ttf',
      bold: 'NotoSans_700Bold.ttf',
      italic: 'NotoSans_400Regular_Italic.ttf',
    },
  },
  {
    key: 'cjk',
    rtl: false,
    blocks: [
      [0x2e80, 0x2fdf], // CJK radicals
      [0x3000, 0x30ff], // CJK punctuation, hiragana, katakana
      [0x3100, 0x312f], // bopomofo
      [0x3190, 0x31ff],
      [0x3200, 0x4dbf], // enclosed CJK, compatibility, extension A
      [0x4e00, 0x9fff], // CJK unified ideographs
      [0xf900, 0xfaff],
      [0xfe30, 0xfe4f],
      [0xff00, 0xffef], // half- and full-width forms
      [0x20000, 0x3134f],
    ],
    files: {
      regular: 'NotoSansSC_400Regular.ttf',
      bold: 'NotoSansSC_700Bold.ttf',
      italic: 'NotoSansSC_400Regular.ttf',
    },
  },
  {
    key: 'hangul',
    rtl: false,
    blocks: [
      [0x1100, 0x11ff],
      [0x3130, 0x318f],
      [0xa960, 0xa97f],
      [0xac00, 0xd7ff],
      [0xffa0, 0xffdc],
    ],
    files: {
      regular: 'NotoSansKR_400Regular.ttf',
      bold: 'NotoSansKR_700Bold.ttf',
      italic: 'NotoSansKR_400Regular.ttf',
    },
  },
  {
    key: 'arabic',
    rtl: true,
    blocks: [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0x0870, 0x08ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ],
    files: {
      regular: 'NotoSansArabic_400Regular.ttf',
      bold: 'NotoSansArabic_700Bold.ttf',
      italic: 'NotoSansArabic_400Regular.ttf',
    },
  },
  {
    key: 'emoji',
    rtl: false,
    blocks: [
      [0x2190, 0x21ff], // arrows
      [0x2300, 0x23ff], // technical (⌚ ⏰)
      [0x2460, 0x24ff],
      [0x25a0, 0x27bf], // shapes, misc symbols, dingbats
      [0x2900, 0x297f],
      [0x2b00, 0x2bff],
      [0x1f000, 0x1faff], // emoji
    ],
    files: {
      regular: 'NotoEmoji_400Regular.ttf',
      bold: 'NotoEmoji_400Regular.ttf',
      italic: 'NotoEmoji_400Regular.ttf',
    },
  },
];

const SPECS = new Map(FALLBACKS.map((spec) => [spec.key, spec]));

const bytes = new Map<string, Buffer>();
/** The font file's bytes, read once per process. */
function fontBytes(file: string): Buffer {
  let data = bytes.get(file);
  if (!data) {
    data = readFileSync(path.join(FONTS_DIR, file));
    bytes.set(file, data);
  }
  return data;
}

/** fontkit loads with the first fallback font (lib/lazy-require.ts), not at start-up. */
const fontkit = lazyRequire<{ create: typeof fontkitCreate }>('fontkit');

const coverage = new Map<FallbackKey, Font>();
function coverageFont(spec: FallbackSpec): Font {
  let font = coverage.get(spec.key);
  if (!font) {
    font = fontkit().create(fontBytes(spec.files.regular));
    coverage.set(spec.key, font);
  }
  return font;
}

const inBlocks = (spec: FallbackSpec, cp: number) => spec.blocks.some(([from, to]) => cp >= from && cp <= to);

const choice = new Map<number, FallbackKey | null>();
/** The first fallback font that has a glyph for the code point, or null. */
export function fallbackFor(cp: number): FallbackKey | null {
  const known = choice.get(cp);
  if (known !== undefined) return known;
  let found: FallbackKey | null = null;
  for (const spec of FALLBACKS) {
    if (inBlocks(spec, cp) && coverageFont(spec).hasGlyphForCodePoint(cp)) {
      found = spec.key;
      break;
    }
  }
  if (choice.size > 50_000) choice.clear();
  choice.set(cp, found);
  return found;
}

/** Which fallback fonts this process has read so far (for tests of the lazy loading). */
export function loadedFallbackFonts(): FallbackKey[] {
  return [...coverage.keys()];
}

export function isRtl(key: FallbackKey): boolean {
  return SPECS.get(key)?.rtl ?? false;
}

const registered = new WeakMap<object, Set<string>>();
/** Makes the fallback font the current font of `doc` (registered on the document the first time). */
export function useFallbackFont(doc: PDFKit.PDFDocument, key: FallbackKey, face: Face): void {
  const spec = SPECS.get(key);
  if (!spec) throw new Error(`unknown fallback font ${key}`);
  const name = `mc-${key}-${face}`;
  let names = registered.get(doc);
  if (!names) {
    names = new Set();
    registered.set(doc, names);
  }
  if (!names.has(name)) {
    doc.registerFont(name, fontBytes(spec.files[face]));
    names.add(name);
  }
  doc.font(name);
}

/** One character with the font that draws it (null: the standard font). */
export interface FontChar {
  ch: string;
  font: FallbackKey | null;
}

/**
 * Fast check without allocation (most document text): every UTF-16 unit is one the standard font
 * draws or pdfSafe drops, and none is a combining mark (NFC could compose it into a letter that a
 * fallback font has) or half of a surrogate pair.
 */
function drawsWithStandardFont(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const cp = value.charCodeAt(i);
    if (cp < 0x7f && cp >= 0x20) continue;
    if ((cp >= 0x0300 && cp <= 0x036f) || (cp >= 0xd800 && cp <= 0xdfff) || !isStandardFontChar(cp))
      return false;
  }
  return true;
}

/**
 * The characters of a text with their fonts, or null when the standard font draws all of it (then
 * pdfSafe(text) is what to draw, exactly as before fallback fonts existed). A space between two
 * characters of the same fallback font joins that font, so an Arabic or CJK phrase stays one run.
 */
export function fontChars(value: string | null | undefined): FontChar[] | null {
  if (value === null || value === undefined) return null;
  if (drawsWithStandardFont(value)) return null;
  const text = String(value).replace(/\r\n?/g, '\n').normalize('NFC');
  let needsFallback = false;
  const chars: FontChar[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const key = isStandardFontChar(cp) ? null : fallbackFor(cp);
    if (key) {
      needsFallback = true;
      chars.push({ ch, font: key });
      continue;
    }
    for (const safe of pdfSafe(ch)) chars.push({ ch: safe, font: null });
  }
  if (!needsFallback) return null;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c?.ch !== ' ' || c.font !== null) continue;
    let before: FallbackKey | null = null;
    for (let j = i - 1; j >= 0; j--) {
      const p = chars[j];
      if (p && p.ch !== ' ') {
        before = p.font;
        break;
      }
    }
    let after: FallbackKey | null = null;
    for (let j = i + 1; j < chars.length; j++) {
      const n = chars[j];
      if (n && n.ch !== ' ') {
        after = n.font;
        break;
      }
    }
    if (before && before === after) c.font = before;
  }
  return chars;
}

export interface TextRun {
  font: FallbackKey | null;
  text: string;
  /**
   * Right to left: the run is laid out whole (pdfkit otherwise lays out word by word), so fontkit
   * shapes it and puts its glyphs, words and spaces in visual order.
   */
  rtl: boolean;
}

/** Consecutive characters of one font as runs, in logical order. */
export function toRuns(chars: readonly FontChar[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const { ch, font } of chars) {
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch, rtl: font !== null && isRtl(font) });
  }
  return runs;
}
