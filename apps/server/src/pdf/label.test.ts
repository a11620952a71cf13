import { describe, expect, it } from 'vitest';
import {
  formatTrackingNumber,
  renderShippingLabel,
  SANDBOX_NOTICE,
  sandboxTrackingNumber,
  shippingLabelFileName,
  upsCheckDigit,
} from './label.ts';
import { canScanBarcodes, expectOnePagePdf, readPdf, SAMPLE_ADDRESS, scanBarcodes } from './test-fixtures.ts';
import type { ShippingLabelInput } from './types.ts';

function buildLabel(overrides: Partial<ShippingLabelInput> = {}): ShippingLabelInput {
  return {
    carrier: 'UPS',
    service: 'Ground',
    tracking_number: '1Z999AA10123456784',
    from: {
      name: 'Union Square Wine & Spirits',
      street_1: '140 Fourth Avenue',
      city: 'New York',
      state: 'NY',
      zipcode: '10003',
      phone_number: '(212) 555-0100',
    },
    to: { name: 'Maria Gonzalez', ...SAMPLE_ADDRESS },
    weight_lbs: 7.5,
    box_index: 2,
    box_count: 3,
    reference: '2ABNPFR-3A0-9E',
    ...overrides,
  };
}

describe('renderShippingLabel', () => {
  it('is a 4x6 in (288x432 pt) page with the label fields', async () => {
    const pdf = await renderShippingLabel(buildLabel());
    const { sizes } = await expectOnePagePdf(
      pdf,
      [
        SANDBOX_NOTICE,
        'UPS',
        'GROUND',
        'BOX 2 OF 3',
        'UNION SQUARE WINE & SPIRITS',
        '140 FOURTH AVENUE',
        'MARIA GONZALEZ',
        '350 FIFTH AVENUE',
        'SUITE 4100',
        'NEW YORK, NY 10118',
        '7.5 LBS',
        'Box 2 of 3',
        '2ABNPFR-3A0-9E',
        '1Z 999 AA1 01 2345 6784',
      ],
      { sizes: true },
    );
    expect(sizes).toEqual([{ width: 288, height: 432 }]);
  });

  it('puts the label in the top half of a letter page for PDF_LETTER', async () => {
    const pdf = await renderShippingLabel(buildLabel({ carrier: 'FedEx', format: 'PDF_LETTER' }));
    const { text, sizes } = await readPdf(pdf, { sizes: true });
    expect(sizes).toEqual([{ width: 612, height: 792 }]);
    expect(text).toContain('FedEx');
    expect(text).toContain(SANDBOX_NOTICE);
    expect(text).toContain('Fold or cut along the line.');
  });

  it.skipIf(!canScanBarcodes)('carries a scannable Code 128 of the tracking number at 203 dpi', async () => {
    for (const carrier of ['UPS', 'FedEx', 'GSO'] as const) {
      const tracking = sandboxTrackingNumber(carrier, `order-1:${carrier}`);
      const pdf = await renderShippingLabel(buildLabel({ carrier, tracking_number: tracking }));
      expect(scanBarcodes(pdf, 203)).toEqual([`CODE-128:${tracking}`]);
    }
  });

  it('draws addresses literally, CJK and emoji in fallback fonts', async () => {
    const pdf = await renderShippingLabel(
      buildLabel({ to: { ...buildLabel().to, name: '<script>x</script> 山本 🍾', company: '{{7*7}}' } }),
    );
    const { text } = await readPdf(pdf);
    expect(text).toContain('<SCRIPT>X</SCRIPT> 山本 🍾');
    expect(text).toContain('{{7*7}}');
  });

  it("names the file '{reference}_{tracking}_Label.pdf'", () => {
    expect(shippingLabelFileName(buildLabel())).toBe('2ABNPFR-3A0-9E_1Z999AA10123456784_Label.pdf');
  });
});

describe('sandboxTrackingNumber', () => {
  it('makes realistic formats', () => {
    for (let index = 0; index < 50; index++) {
      const seed = `order-${index}`;
      const ups = sandboxTrackingNumber('UPS', seed);
      expect(ups).toMatch(/^1Z[0-9A-Z]{16}$/);
      expect(Number(ups.at(-1))).toBe(upsCheckDigit(ups.slice(2, 17)));
      expect(sandboxTrackingNumber('FedEx', seed)).toMatch(/^[1-9]\d{11}$/);
      expect(sandboxTrackingNumber('GSO', seed)).toMatch(/^GSO\d{10}$/);
    }
  });

  it('is deterministic per seed and differs between seeds', () => {
    expect(sandboxTrackingNumber('UPS', 'a')).toBe(sandboxTrackingNumber('UPS', 'a'));
    expect(sandboxTrackingNumber('FedEx', 'a')).toBe(sandboxTrackingNumber('FedEx', 'a'));
    const many = new Set(
      Array.from({ length: 200 }, (_, index) => sandboxTrackingNumber('FedEx', String(index))),
    );
    expect(many.size).toBe(200);
  });

  it('computes the UPS check digit (published sample 1Z 999 AA1 01 2345 6784)', () => {
    expect(upsCheckDigit('999AA1012345678')).toBe(4);
  });

  it('groups tracking numbers as carriers print them', () => {
    expect(formatTrackingNumber('1Z999AA10123456784')).toBe('1Z 999 AA1 01 2345 6784');
    expect(formatTrackingNumber('781234567890')).toBe('7812 3456 7890');
    expect(formatTrackingNumber('GSO1234567890')).toBe('GSO1234567890');
  });
});
