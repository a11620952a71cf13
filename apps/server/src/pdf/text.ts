/**
 * Text safety for pdfkit's standard fonts (Helvetica family), which encode text as
 * WinAnsi (Windows-1252). A character outside that set would be written as a garbage
 * byte sequence, so every string drawn goes through `pdfSafe` first: characters that
 * WinAnsi has are kept, look-alikes are mapped (dashes, spaces, accented letters), and
 * anything else becomes '?'. Characters that a fallback font has (CJK, Cyrillic, Arabic,
 * emoji, ...) never get here: layout.ts draws them in that font (fonts.ts). The text is
 * always drawn literally; no markup or template syntax is interpreted anywhere in the PDF
 * pipeline.
 */

/** Code points above 0xFF that WinAnsi encodes in its 0x80-0x9F range. */
const WIN_ANSI_EXTRA = new Set<number>([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018,
  0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac,
  0x2122,
]);

/** Look-alikes for common characters that WinAnsi lacks. */
const SUBSTITUTES: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '\u2014',
  '\u2212': '-',
  '\u201b': "'",
  '\u201f': '"',
  '\u2032': "'",
  '\u2033': '"',
  '\u2028': '\n',
  '\u2029': '\n',
  '\u0131': 'i',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0126': 'H',
  '\u0127': 'h',
  '\u0166': 'T',
  '\u0167': 't',
  '\u2713': 'v',
  '\u2714': 'v',
};

function isWinAnsi(cp: number): boolean {
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);
}

/** Zero-width and joining characters, variation selectors, emoji modifiers and tags: dropped. */
function isInvisible(cp: number): boolean {
  return (
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    cp === 0xfeff ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
    (cp >= 0xe0000 && cp <= 0xe007f) ||
    (cp >= 0x0300 && cp <= 0x036f)
  );
}

function isSpace(cp: number): boolean {
  return cp === 0x09 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x202f || cp === 0x205f || cp === 0x3000;
}

/**
 * True when the standard font draws the character as it is (WinAnsi), or it is a space, a control or
 * an invisible character that pdfSafe turns into a space or drops: no fallback font is needed.
 */
export function isStandardFontChar(cp: number): boolean {
  return (
    cp === 0x0a ||
    cp === 0x0d ||
    isWinAnsi(cp) ||
    isSpace(cp) ||
    cp < 0x20 ||
    (cp >= 0x7f && cp < 0xa0) ||
    isInvisible(cp)
  );
}

function mapChar(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp === 0x0a) return '\n';
  if (isWinAnsi(cp)) return ch;
  if (isSpace(cp)) return ' ';
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || isInvisible(cp)) return '';
  const substitute = SUBSTITUTES[ch];
  if (substitute !== undefined) return substitute;
  // Compatibility decomposition: 'ő' → 'o' + U+030B, 'ﬁ' → 'fi', full-width 'Ａ' → 'A'.
  let decomposed = '';
  for (const part of ch.normalize('NFKD')) {
    const partCp = part.codePointAt(0) ?? 0;
    if (partCp >= 0x0300 && partCp <= 0x036f) continue;
    if (!isWinAnsi(partCp)) return '?';
    decomposed += part;
  }
  return decomposed === '' ? '?' : decomposed;
}

/** A string that pdfkit's standard fonts draw correctly, with '\n' as the only line break. */
export function pdfSafe(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).replace(/\r\n?/g, '\n').normalize('NFC');
  let out = '';
  for (const ch of text) out += mapChar(ch);
  return out;
}

/** pdfSafe on one line: line breaks become spaces and runs of spaces collapse. */
export function pdfSafeLine(value: string | null | undefined): string {
  return pdfSafe(value).replace(/\s+/g, ' ').trim();
}
