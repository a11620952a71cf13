import { describe, expect, it, vi } from 'vitest';
import { renderDirections } from './directions.ts';
import { fallbackFor, fontChars } from './fonts.ts';
import { renderShippingLabel } from './label.ts';
import { renderPackingSlip } from './packing-slip.ts';
import { renderReceipt } from './receipt.ts';
import { buildDocumentOrder, readPdf } from './test-fixtures.ts';

const NAMES = {
  chinese: '王小明',
  japanese: 'さくら 山田',
  korean: '김민준',
  russian: 'Иван Петров',
  greek: 'Ελένη Παππά',
  arabic: 'محمد علي',
  emoji: 'Cheers 🍷🎉',
  polish: 'Łukasz Żółć',
};

function worldOrder() {
  const base = buildDocumentOrder();
  return buildDocumentOrder({
    merchant: { ...base.merchant, name: '東京酒店 Ελληνικά' },
    recipient: {
      ...base.recipient,
      first_name: NAMES.chinese,
      last_name: NAMES.korean,
      street_2: NAMES.japanese,
      delivery_instructions: `${NAMES.arabic} · ${NAMES.greek} · ${NAMES.emoji}`,
    },
    customer: { ...base.customer, first_name: 'Иван', last_name: 'Петров' },
    items: base.items.map((item, index) =>
      index === 0 ? { ...item, name: `山崎 12年 ${NAMES.polish}` } : item,
    ),
  });
}

describe('fallback fonts', () => {
  it('reads no font file for Latin text (lazy loading)', async () => {
    // Fresh copies of the font cache and the renderer: the server test files share loaded modules
    // (docs/decisions/0129-server-tests-share-their-modules.md), and another file may have read fonts.
    vi.resetModules();
    const fonts = await import('./fonts.ts');
    const { renderPackingSlip: render } = await import('./packing-slip.ts');
    expect(fonts.fontChars('Maria Gonzalez, 350 Fifth Avenue – Café Zoë')).toBeNull();
    const pdf = await render(buildDocumentOrder());
    expect((await readPdf(pdf)).text).toContain('Maria Gonzalez');
    expect(fonts.loadedFallbackFonts()).toEqual([]);
    // A Cyrillic name needs Noto Sans only; the CJK, Korean, Arabic and emoji fonts stay unread.
    expect(fonts.fallbackFor('И'.codePointAt(0) ?? 0)).toBe('sans');
    expect(fonts.loadedFallbackFonts()).toEqual(['sans']);
  });

  it('picks the first font that has each glyph', () => {
    const fontOf = (ch: string) => fallbackFor(ch.codePointAt(0) ?? 0);
    expect(fontOf('王')).toBe('cjk');
    expect(fontOf('さ')).toBe('cjk');
    expect(fontOf('김')).toBe('hangul');
    expect(fontOf('Ω')).toBe('sans');
    expect(fontOf('م')).toBe('arabic');
    expect(fontOf('🍷')).toBe('emoji');
    expect(fontOf('\u{10FFFD}')).toBeNull();
    // The space inside an Arabic phrase stays with it (one right-to-left run).
    expect(fontChars('محمد علي')?.map((c) => c.font)).toEqual(Array(8).fill('arabic'));
  });

  it('prints CJK, Korean, Cyrillic, Greek, Arabic, emoji and Polish on the packing slip and the receipt', async () => {
    const order = worldOrder();
    for (const pdf of [await renderPackingSlip(order), await renderReceipt(order)]) {
      const { text } = await readPdf(pdf);
      expect(text).not.toMatch(/\?/);
      for (const expected of [
        '東京酒店 Ελληνικά',
        `${NAMES.chinese} ${NAMES.korean}`,
        NAMES.japanese,
        'Иван Петров',
        `山崎 12年 ${NAMES.polish}`,
      ]) {
        expect(text).toContain(expected);
      }
    }
    const { text } = await readPdf(await renderPackingSlip(order));
    // Arabic comes out in logical order (shaped and drawn right to left).
    expect(text).toContain(`${NAMES.arabic} · ${NAMES.greek} · ${NAMES.emoji}`);
  });

  it('prints the names on the directions sheet and the shipping label', async () => {
    const order = worldOrder();
    const directions = (await readPdf(await renderDirections(order, null))).text;
    expect(directions).toContain(`${NAMES.chinese} ${NAMES.korean}`);
    expect(directions).toContain(NAMES.japanese);
    const label = (
      await readPdf(
        await renderShippingLabel({
          carrier: 'UPS',
          service: 'Ground',
          tracking_number: '1Z999AA10123456784',
          from: { name: '東京酒店', street_1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701' },
          to: {
            name: `${NAMES.russian} ${NAMES.arabic}`,
            street_1: NAMES.japanese,
            city: 'Austin',
            state: 'TX',
            zipcode: '78701',
          },
          weight_lbs: 3,
          box_index: 1,
          box_count: 1,
          reference: 'A1',
        }),
      )
    ).text // pdf.js marks the change of direction with a control character; pdftotext gives the plain line.
      .replaceAll('\u0001', '')
      .replace(/ +/g, ' ');
    expect(label).toContain('東京酒店');
    expect(label).toContain(`${NAMES.russian} ${NAMES.arabic}`.toUpperCase());
    expect(label).toContain(NAMES.japanese.toUpperCase());
  });

  it('embeds subsets: a slip with CJK text stays small', async () => {
    const latin = await renderPackingSlip(buildDocumentOrder());
    const world = await renderPackingSlip(worldOrder());
    // Each face used (regular or bold of five fallback fonts) is embedded once, as a subset of the glyphs
    // drawn: the SC font file alone is 10.5 MB.
    const faces = world.toString('latin1').match(/\/FontFile2/g)?.length ?? 0;
    expect(faces).toBeGreaterThanOrEqual(5);
    expect(faces).toBeLessThanOrEqual(10);
    expect(world.length).toBeLessThan(latin.length + 60_000);
  });
});
