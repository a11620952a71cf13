import { describe, expect, it } from 'vitest';
import {
  deliverySummary,
  directionsDeliveryText,
  fileNamePart,
  formatDateTime,
  formatMoney,
  groupItems,
  printedTracking,
  totalUnits,
  visibleTracking,
} from './format.ts';
import { buildDocumentOrder } from './test-fixtures.ts';
import type { DocumentItem } from './types.ts';

describe('directionsDeliveryText', () => {
  const scheduled = (window: [string, string], timezone = 'America/New_York') =>
    directionsDeliveryText(buildDocumentOrder({ timezone, delivery: { method: 'scheduled', window } }));

  it("is ASAP for on_demand and 'Mon DD, h A-h A' in the order's zone for scheduled", () => {
    expect(directionsDeliveryText(buildDocumentOrder({ delivery: { method: 'on_demand' } }))).toBe('ASAP');
    expect(directionsDeliveryText(buildDocumentOrder())).toBe('Nov 22, 2 PM-4 PM');
    expect(scheduled(['2024-11-22T19:00:00Z', '2024-11-22T21:00:00Z'], 'America/Los_Angeles')).toBe(
      'Nov 22, 11 AM-1 PM',
    );
  });

  it('zero-pads the day and keeps minutes when they are not zero', () => {
    expect(scheduled(['2024-07-05T16:30:00Z', '2024-07-05T18:00:00Z'])).toBe('Jul 05, 12:30 PM-2 PM');
  });

  it('reads a window of wall-clock times on the delivery date', () => {
    const order = buildDocumentOrder({
      delivery: { method: 'scheduled', date: '2024-12-03', window: ['14:00', '16:00'] },
    });
    expect(directionsDeliveryText(order)).toBe('Dec 03, 2 PM-4 PM');
  });

  it('falls back to UTC for an unknown zone instead of throwing', () => {
    expect(scheduled(['2024-11-22T19:00:00Z', '2024-11-22T21:00:00Z'], 'Mars/Olympus')).toBe(
      'Nov 22, 7 PM-9 PM',
    );
  });

  it('names the method otherwise', () => {
    expect(directionsDeliveryText(buildDocumentOrder({ delivery: { method: 'shipping' } }))).toBe('Shipping');
    expect(directionsDeliveryText(buildDocumentOrder({ delivery: { method: 'deposit' } }))).toBe('Pre-sale');
  });
});

describe('deliverySummary', () => {
  it.each([
    ['on_demand', 'Same Day, please deliver by 3:05 PM', []],
    ['scheduled', 'Scheduled', ['11/22/2024 between 2:00 PM and 4:00 PM']],
    ['preorder', 'Pre-sale', ['Paid in full. See item detail for the estimated availability date.']],
    [
      'deposit',
      'Pre-sale',
      [
        'After order is accepted, customer will be charged balance before delivery. See item detail for the estimated availability date.',
      ],
    ],
    ['courier', 'Courier', []],
    ['shipping', 'Shipping', []],
  ] as const)('%s: %s', (method, title, details) => {
    const base = buildDocumentOrder();
    const order = buildDocumentOrder({ delivery: { ...base.delivery, method } });
    expect(deliverySummary(order)).toEqual({ title, details });
  });

  it("marks courier-scheduled orders '(courier)'", () => {
    expect(deliverySummary(buildDocumentOrder({ courier_estimate_id: 'est-1' })).title).toBe(
      'Scheduled (courier)',
    );
  });

  it('formats the placed time with the zone abbreviation', () => {
    expect(formatDateTime('2024-07-20T18:05:00Z', 'America/Los_Angeles')).toBe('Jul 20, 2024, 11:05 AM PDT');
    expect(formatDateTime('not a date', 'America/New_York')).toBe('not a date');
  });
});

describe('printedTracking', () => {
  it('prints an OTHER carrier under its entered name, a known carrier as visibleTracking does', () => {
    expect(
      printedTracking({ tracking_provider: 'OTHER', other_tracking_provider: 'DHL', tracking_id: 'X1' }),
    ).toEqual({ provider: 'DHL', id: 'X1' });
    expect(printedTracking({ tracking_provider: 'UPS', tracking_id: '1Z9' })).toEqual({
      provider: 'UPS',
      id: '1Z9',
    });
    expect(printedTracking({ tracking_provider: 'other', tracking_id: 'X1' })).toBeNull();
    expect(
      printedTracking({ tracking_provider: 'OTHER', other_tracking_provider: ' ', tracking_id: 'X1' }),
    ).toBeNull();
    expect(
      printedTracking({ tracking_provider: 'OTHER', other_tracking_provider: 'DHL', tracking_id: null }),
    ).toBeNull();
  });
});

describe('visibleTracking', () => {
  it('hides tracking for the provider other, in any case, and when a part is missing', () => {
    expect(visibleTracking({ tracking_provider: 'FedEx', tracking_id: '123' })).toEqual({
      provider: 'FedEx',
      id: '123',
    });
    expect(visibleTracking({ tracking_provider: 'other', tracking_id: '123' })).toBeNull();
    expect(visibleTracking({ tracking_provider: 'OTHER', tracking_id: '123' })).toBeNull();
    expect(visibleTracking({ tracking_provider: 'UPS', tracking_id: null })).toBeNull();
    expect(visibleTracking({ tracking_provider: null, tracking_id: '123' })).toBeNull();
  });
});

describe('money and file names', () => {
  it('formats dollars to the cent', () => {
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });

  it('file-name parts lose path separators and reserved characters', () => {
    expect(fileNamePart('../O\'Brien/<x>:"y"|z*?')).toBe("O'Brienxyz");
    expect(fileNamePart('  Van  der Berg ')).toBe('Van der Berg');
  });
});

describe('groupItems', () => {
  const product: DocumentItem = { id: 'p', name: 'Bourbon', quantity: 3, price: 40, subtotal: 120 };
  const engraving = (id: string, lines: string[], quantity: number, price = 10): DocumentItem => ({
    id,
    name: 'Engraving',
    quantity,
    price,
    subtotal: price * quantity,
    parent_line_item_id: 'p',
    aux_data: { engraving_message: lines },
  });

  it('groups engraving children by identical message; fee is unit price × quantity', () => {
    const items = [
      product,
      engraving('e1', ['Happy Birthday'], 1),
      engraving('e2', ['Congrats', 'Class of 2024'], 1),
      engraving('e3', ['Happy Birthday'], 1),
    ];
    const lines = groupItems(items);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.engravings).toEqual([
      { lines: ['Happy Birthday'], quantity: 2, unitPrice: 10, fee: 20, isCharged: true },
      { lines: ['Congrats', 'Class of 2024'], quantity: 1, unitPrice: 10, fee: 10, isCharged: true },
    ]);
    expect(totalUnits(items)).toBe(3);
  });

  it("prints the product's message for an engraving line without one, and an uncharged message alone", () => {
    const withParentMessage = groupItems([
      { ...product, aux_data: { engraving_message: ['From the parent'] } },
      { ...engraving('e1', [], 2), aux_data: null },
    ]);
    expect(withParentMessage[0]?.engravings).toEqual([
      { lines: ['From the parent'], quantity: 2, unitPrice: 10, fee: 20, isCharged: true },
    ]);

    const ownOnly = groupItems([{ ...product, aux_data: { engraving_message: ['Just text', ' '] } }]);
    expect(ownOnly[0]?.engravings).toEqual([
      { lines: ['Just text'], quantity: 3, unitPrice: 0, fee: 0, isCharged: false },
    ]);
  });

  it('keeps a child whose parent is missing as a line of its own', () => {
    const lines = groupItems([
      product,
      { id: 'o', name: 'Engraving', quantity: 1, price: 10, subtotal: 10, parent_line_item_id: 'missing' },
    ]);
    expect(lines.map((line) => line.item.id)).toEqual(['p', 'o']);
  });
});
