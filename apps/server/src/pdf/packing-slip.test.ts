import { describe, expect, it } from 'vitest';
import { isGiftOrder, packingSlipFileName, renderPackingSlip } from './packing-slip.ts';
import {
  buildDocumentOrder,
  buildItems,
  canScanBarcodes,
  expectOnePagePdf,
  readPdf,
  scanBarcodes,
} from './test-fixtures.ts';

const GIFT = 'Happy birthday, Maria! Save the Veuve for the big night. With love, James';

describe('renderPackingSlip', () => {
  it('renders ship-to, items with qty, SKU, size, engraving text and prices', async () => {
    const pdf = await renderPackingSlip(buildDocumentOrder());
    const { text } = await expectOnePagePdf(pdf, [
      'PACKING SLIP',
      'Order #2ABNPFR-3A0-9E',
      'SHIP TO',
      'Maria Gonzalez',
      '350 Fifth Avenue',
      'Suite 4100',
      'New York, NY 10118',
      'DELIVERY INSTRUCTIONS',
      'Leave with the front desk concierge. Buzz 4100.',
      'QTY ITEM SKU SIZE PRICE TOTAL',
      'MM-750-001 750ml $34.99 $69.98',
      'CAS-BL-1L 1L $35.02 $35.02',
      'ENGRAVE ×2',
      'Happy 40th, Sam\nCheers to you',
      'Total units: 4',
      'Order total $200.90',
      'Picked by Packed by Date',
      '21+ ID CHECK REQUIRED AT DELIVERY',
    ]);
    expect(text).toMatch(/^2 Maker's Mark Kentucky Straight/m);
    expect(text).not.toContain('GIFT MESSAGE');
  });

  it('prints the gift message in a box and hides every price on gift orders', async () => {
    const order = buildDocumentOrder({ gift_message: { message: GIFT } });
    expect(isGiftOrder(order)).toBe(true);
    const { text } = await readPdf(await renderPackingSlip(order));
    expect(text).toContain('GIFT MESSAGE');
    expect(text.replace(/\n/g, ' ')).toContain(GIFT);
    expect(text).toContain('QTY ITEM SKU SIZE');
    expect(text).not.toContain('PRICE');
    expect(text).not.toContain('$');
    expect(text).not.toContain('Order total');
    expect(text).toContain('Happy 40th, Sam');
    expect(text).toContain('Gift order: no prices included.');
  });

  it('treats a blank gift message as no gift', async () => {
    const order = buildDocumentOrder({ gift_message: { message: '   ' } });
    expect(isGiftOrder(order)).toBe(false);
    const { text } = await readPdf(await renderPackingSlip(order));
    expect(text).toContain('$69.98');
  });

  it('shows tracking unless the provider is other', async () => {
    const shown = await readPdf(await renderPackingSlip(buildDocumentOrder()));
    expect(shown.text).toContain('FedEx 781234567890');
    const hidden = await readPdf(await renderPackingSlip(buildDocumentOrder({ tracking_provider: 'other' })));
    expect(hidden.text).not.toContain('781234567890');
  });

  it('draws markup and template syntax literally, CJK and emoji in fallback fonts', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal placeholder is what this test prints.
    const injection = '<b>ring</b> ${process.env.SECRET}';
    const order = buildDocumentOrder({
      gift_message: { message: '<script>alert("x")</script> {{7*7}} 🎉 乾杯' },
      recipient: {
        ...buildDocumentOrder().recipient,
        first_name: '王',
        last_name: '小明',
        delivery_instructions: injection,
      },
    });
    const { text } = await readPdf(await renderPackingSlip(order));
    expect(text).toContain('<script>alert("x")</script> {{7*7}} 🎉 乾杯');
    expect(text).toContain(injection);
    expect(text).toContain('王 小明');
  });

  it.skipIf(!canScanBarcodes)('carries a Code 128 barcode of the order id that scans', async () => {
    const pdf = await renderPackingSlip(buildDocumentOrder());
    expect(scanBarcodes(pdf, 150)).toEqual(['CODE-128:2ABNPFR-3A0-9E']);
  });

  it('continues many items over pages with the table header repeated', async () => {
    const order = buildDocumentOrder({ items: buildItems(45), gift_message: { message: GIFT } });
    const { pages, pageCount } = await readPdf(await renderPackingSlip(order));
    expect(pageCount).toBeGreaterThan(1);
    for (const page of pages.slice(1)) {
      expect(page).toContain('Packing slip · Order #2ABNPFR-3A0-9E (continued)');
      expect(page).toContain('QTY ITEM SKU SIZE');
    }
    expect(pages.at(-1)).toContain('Total units: 111');
    expect(pages.join('\n')).not.toContain('$');
  });
});

describe('overlong data', () => {
  it('cuts overlong text instead of spilling onto pages the layout did not start', async () => {
    const base = buildDocumentOrder();
    const order = buildDocumentOrder({
      merchant: { ...base.merchant, name: 'Very Long Merchant Name '.repeat(8) },
      recipient: {
        ...base.recipient,
        street_1: 'Street '.repeat(60),
        delivery_instructions: 'Please '.repeat(400),
      },
      gift_message: { message: 'Love you! '.repeat(600) },
      items: [
        { ...base.items[0]!, name: 'Long Name '.repeat(80), description: 'desc '.repeat(300) },
        {
          ...base.items[1]!,
          aux_data: { engraving_message: Array.from({ length: 40 }, (_, i) => `Line ${i}`) },
        },
      ],
    });
    const { pages, pageCount } = await readPdf(await renderPackingSlip(order));
    expect(pageCount).toBeLessThanOrEqual(3);
    // Every page carries this document's footer: no page was opened by pdfkit's own overflow.
    pages.forEach((page, index) => {
      expect(page).toContain(`Order #2ABNPFR-3A0-9E · Page ${index + 1}`);
    });
    expect(pages.at(-1)).toContain('21+ ID CHECK REQUIRED AT DELIVERY');
  });
});

describe('packingSlipFileName', () => {
  it("is '{orderId}-{lastName}-Packing Slip.pdf'", () => {
    expect(packingSlipFileName(buildDocumentOrder())).toBe('2ABNPFR-3A0-9E-Whitaker-Packing Slip.pdf');
  });
});
