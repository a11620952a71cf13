import { describe, expect, it } from 'vitest';
import { pdfSafe, pdfSafeLine } from './text.ts';

describe('pdfSafe', () => {
  it.each([
    ['plain ASCII', 'Order 2ABNPFR-3A0-9E', 'Order 2ABNPFR-3A0-9E'],
    ['markup stays literal', '<script>alert(1)</script> {{7*7}}', '<script>alert(1)</script> {{7*7}}'],
    ['Latin-1 letters', 'José Müller-Lüdenscheidt, Ærø', 'José Müller-Lüdenscheidt, Ærø'],
    ['WinAnsi punctuation', '“Cheers” – ‘to you’ — €5 … ™ •', '“Cheers” – ‘to you’ — €5 … ™ •'],
    ['WinAnsi letters above U+00FF', 'Šárka Œuvre Žižek', 'Šárka Œuvre Žižek'],
    ['accents outside WinAnsi are stripped, Latin-1 kept', 'Łódź Dvořák Őrség', 'Lódz Dvorák Orség'],
    ['look-alike dashes and spaces', 'a\u2010b\u2212c\u2009d\u00a0e', 'a-b-c d\u00a0e'],
    ['compatibility forms', 'ﬁne ＡＢＣ ½', 'fine ABC ½'],
    ['emoji become one ? each', 'Cheers 🥂!', 'Cheers ?!'],
    ['emoji sequences (ZWJ, skin tone, flags variation)', '👍🏽 👨‍👩‍👧 ❤️', '? ??? ?'],
    ['CJK', '山田 太郎', '?? ??'],
    ['controls dropped, CRLF normalised', 'a\u0000b\u0007c\r\nd\re\u0085f', 'abc\nd\nef'],
    ['tabs become spaces', 'a\tb', 'a b'],
  ])('%s', (_name, input, expected) => {
    expect(pdfSafe(input)).toBe(expected);
  });

  it('leaves only code points that WinAnsi encodes', () => {
    const sample = 'Zoë 山田 🍷 Łukasz “quote” \u200b\ufeff\u{1F3FB} ok';
    for (const ch of pdfSafe(sample)) {
      const cp = ch.codePointAt(0) ?? 0;
      const isAllowed = cp === 10 || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || cp > 0xff;
      expect(isAllowed).toBe(true);
      if (cp > 0xff) expect('ŒœŠšŸŽžƒˆ˜–—‘’‚“”„†‡•…‰‹›€™').toContain(ch);
    }
  });

  it('handles null and undefined', () => {
    expect(pdfSafe(null)).toBe('');
    expect(pdfSafe(undefined)).toBe('');
  });

  it('pdfSafeLine collapses line breaks and spaces', () => {
    expect(pdfSafeLine('  Suite 4100\n\n Floor 2  ')).toBe('Suite 4100 Floor 2');
  });
});
