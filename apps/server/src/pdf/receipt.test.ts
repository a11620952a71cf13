import { describe, expect, it } from 'vitest';
import { receiptFileName, renderReceipt } from './receipt.ts';
import { buildDocumentOrder, buildItems, expectOnePagePdf, readPdf } from './test-fixtures.ts';

describe('renderReceipt', () => {
  it('renders a one-page letter PDF with the key fields', async () => {
    const pdf = await renderReceipt(buildDocumentOrder());
    const { text, sizes } = await expectOnePagePdf(
      pdf,
      [
        'Union Square Wine & Spirits',
        '140 Fourth Avenue',
        'RECEIPT',
        'Order #2ABNPFR-3A0-9E',
        'Placed Nov 20, 2024, 1:05 PM EST',
        'via ReserveBar',
        'James Whitaker', // bill to
        'james.whitaker@example.com',
        'Maria Gonzalez', // ship to
        '350 Fifth Avenue',
        'New York, NY 10118',
        'Scheduled',
        'FedEx 781234567890',
        "Maker's Mark Kentucky Straight Bourbon Whisky",
        'SKU MM-750-001',
        '"Happy 40th, Sam"',
        '"Cheers to you"',
        'Discount (HOLIDAY10) -$18.50',
        'Subtotal $184.99',
        'Delivery fee $7.99',
        'Tax $16.42',
        'Tip $10.00',
        'Total $200.90',
        '21+ ID CHECK REQUIRED AT DELIVERY',
      ],
      { sizes: true },
    );
    expect(sizes[0]).toEqual({ width: 612, height: 792 });

    // Item line: qty, unit price, line total; engraving line: 2 × $10.00 = $20.00.
    expect(text).toMatch(/2 \$34\.99 \$69\.98/);
    expect(text).toMatch(/Engraving 2 \$10\.00 \$20\.00/);
    // Zero amounts are left out; no shipping on this order.
    expect(text).not.toContain('Shipping $');
  });

  it('shows the refund and the restocking fee of a delivery cancelled for the age check', async () => {
    const order = buildDocumentOrder({
      status: 'CANCELLED',
      promo_code: null,
      transaction: {
        subtotal: 120,
        tax: 10.99,
        delivery_fee: 7.99,
        shipping: 0,
        tip: 0,
        discount: 0,
        total: 20,
        restocking_fee: 20,
        refunded: 118.98,
      },
    });
    const { text } = await readPdf(await renderReceipt(order));
    expect(text).toContain('Subtotal $120.00');
    expect(text).toContain('Refunded -$118.98');
    expect(text).toContain('Restocking fee $20.00');
    expect(text).not.toContain('Total $');
  });

  it('hides tracking when the provider is other and omits an absent discount', async () => {
    const order = buildDocumentOrder({
      tracking_provider: 'other',
      promo_code: null,
      transaction: {
        subtotal: 50,
        tax: 4,
        delivery_fee: 0,
        shipping: 9.99,
        tip: 0,
        discount: 0,
        total: 63.99,
      },
    });
    const { text } = await readPdf(await renderReceipt(order));
    expect(text).not.toContain('781234567890');
    expect(text).not.toContain('Discount');
    expect(text).toContain('Shipping $9.99');
    expect(text).toContain('Total $63.99');
  });

  it('draws customer text literally, CJK, macrons and emoji in fallback fonts', async () => {
    const order = buildDocumentOrder({
      customer: {
        first_name: '<script>alert(1)</script>',
        last_name: '{{7*7}}',
        email: 'a@b.co',
        phone_number: null,
      },
      recipient: { ...buildDocumentOrder().recipient, first_name: '山田', last_name: 'Tarō 🥂' },
    });
    const pdf = await renderReceipt(order);
    const { text } = await readPdf(pdf);
    expect(text).toContain('<script>alert(1)</script> {{7*7}}');
    expect(text).toContain('山田 Tarō 🥂');
  });

  it('continues long orders over several pages with the totals at the end', async () => {
    const order = buildDocumentOrder({ items: buildItems(60) });
    const { pages, pageCount } = await readPdf(await renderReceipt(order));
    expect(pageCount).toBeGreaterThanOrEqual(3);
    expect(pages[1]).toContain('Receipt · Order #2ABNPFR-3A0-9E (continued)');
    expect(pages[1]).toContain('ITEM QTY PRICE TOTAL');
    expect(pages.at(-1)).toContain('Total $200.90');
    expect(pages.at(-1)).toContain(`Page ${pageCount}`);
    const all = pages.join('\n');
    for (let index = 1; index <= 60; index++) {
      expect(all).toMatch(new RegExp(`Sauvignon No\\. ${index}\\b`));
    }
  });

  it('renders an order without items', async () => {
    const { text } = await readPdf(await renderReceipt(buildDocumentOrder({ items: [] })));
    expect(text).toContain('No items');
  });
});

describe('receiptFileName', () => {
  it("is '{orderId}_{customer last name}_Receipt.pdf'", () => {
    expect(receiptFileName(buildDocumentOrder())).toBe('2ABNPFR-3A0-9E_Whitaker_Receipt.pdf');
  });

  it('keeps a file name safe', () => {
    const order = buildDocumentOrder();
    expect(receiptFileName({ ...order, customer: { ...order.customer, last_name: '../evil/"name"' } })).toBe(
      '2ABNPFR-3A0-9E_evilname_Receipt.pdf',
    );
    expect(receiptFileName({ ...order, customer: { ...order.customer, last_name: '' } })).toBe(
      '2ABNPFR-3A0-9E_Receipt.pdf',
    );
  });
});
