import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  containerSizeMl,
  containerSizeTotalMl,
  daysUntil,
  formatContainerTotal,
  groupEngraving,
  isAtDistributor,
  isPresaleNotReady,
  itemImageUrl,
  latestPreorderDate,
  type OrderItemLike,
  PRESALE_MESSAGE,
  totalQuantity,
} from './items.ts';

const item = (o: Partial<OrderItemLike> & { id: string }): OrderItemLike => ({
  quantity: 1,
  price: 10,
  ...o,
});

/** One engraving (9.99) on the whisky line p1. */
const engraving = (id: string, message: string[]) =>
  item({
    id,
    name: 'Engraving',
    quantity: 1,
    price: 9.99,
    parent_line_item_id: 'p1',
    aux_data: { engraving_message: message },
  });

describe('quantities and engraving', () => {
  const items = [
    item({ id: 'p1', name: 'Whisky', quantity: 3, price: 50 }),
    engraving('e1', ['Happy', 'Birthday']),
    engraving('e2', ['Happy', 'Birthday']),
    engraving('e3', ['To Bob']),
    item({ id: 'p2', name: 'Gin', quantity: 2, price: 30 }),
  ];
  it('totalQuantity excludes engraving child lines', () => expect(totalQuantity(items)).toBe(5));
  it('groups engravings by identical message; fee = unit price × quantity', () => {
    const g = groupEngraving(items);
    expect(g.map((x) => x.item.id)).toEqual(['p1', 'p2']);
    expect(g[0]?.engravings).toEqual([
      { message: ['Happy', 'Birthday'], quantity: 2, unitPrice: 9.99, fee: 19.98 },
      { message: ['To Bob'], quantity: 1, unitPrice: 9.99, fee: 9.99 },
    ]);
    expect(g[1]?.engravings).toEqual([]);
  });
  it('an engraving line with quantity 3 has fee 3 × price', () => {
    const g = groupEngraving([
      item({ id: 'p', quantity: 3 }),
      item({
        id: 'e',
        name: 'engraving',
        quantity: 3,
        price: 0.1,
        parent_line_item_id: 'p',
        aux_data: { engraving_message: 'Hi' },
      }),
    ]);
    expect(g[0]?.engravings[0]).toEqual({ message: ['Hi'], quantity: 3, unitPrice: 0.1, fee: 0.3 });
  });
  it('an orphan engraving line stays top-level', () => {
    const g = groupEngraving([item({ id: 'e', parent_line_item_id: 'missing' })]);
    expect(g).toHaveLength(1);
  });
});

describe('container sizes', () => {
  it.each([
    ['750 ml', 750],
    ['750ML', 750],
    ['1.75 L', 1750],
    ['1 Liter', 1000],
    [{ size: 375, unit: 'mL' }, 375],
    [{ size: '1.5', unit: 'L' }, 1500],
    [{ formatted: '50 ml' }, 50],
    [{ size: 12, unit: 'oz' }, 12 * 29.5735],
    [null, null],
    ['n/a', null],
  ] as const)('%j → %s mL', (size, ml) => expect(containerSizeMl(size)).toBe(ml));
  it('total over product lines × quantity', () => {
    const items = [
      item({ id: 'a', quantity: 2, product: { container_size: '750 ml' } }),
      item({ id: 'b', quantity: 1, product: { container_size: { size: 1, unit: 'L' } } }),
      item({ id: 'e', quantity: 5, parent_line_item_id: 'a', product: { container_size: '750 ml' } }),
    ];
    expect(containerSizeTotalMl(items)).toBe(2500);
  });
  it.each([
    [750, '750 mL'],
    [1000, '1000 mL'],
    [1001, '1.00 L'],
    [2500, '2.50 L'],
    [1750, '1.75 L'],
    [0, '0 mL'],
  ])('formatContainerTotal(%i) = %s', (ml, out) => expect(formatContainerTotal(ml)).toBe(out));
});

describe('presale and distributor', () => {
  const now = new Date('2025-06-12T16:00:00Z');
  const pre = (d: string) => item({ id: d, aux_data: { preorder_available_date: d } });
  it.each([
    ['2025-06-22', false], // 10 days ahead: not more than 10
    ['2025-06-23', true], // 11 days
    ['2025-06-01', false],
  ])('%s → %s', (d, notReady) => expect(isPresaleNotReady([pre(d)], now)).toBe(notReady));
  it('message', () => expect(PRESALE_MESSAGE).toBe('PRESALE ORDER: NOT READY TO SHIP'));
  it('daysUntil uses the merchant day', () => {
    // 2025-06-13T02:00Z is still 06/12 in New York
    expect(daysUntil('2025-06-22', new Date('2025-06-13T02:00:00Z'), 'America/New_York')).toBe(10);
    expect(daysUntil('2025-06-22', new Date('2025-06-13T02:00:00Z'))).toBe(9);
  });
  it('latestPreorderDate', () =>
    expect(latestPreorderDate([pre('2025-07-01'), pre('2025-08-01'), item({ id: 'x' })])).toBe('2025-08-01'));
  it('at distributor', () => {
    // An order is marked 'At Distributor' when any line has this stock behaviour (place-order.ts).
    expect(isAtDistributor('NextDay')).toBe(true);
    expect(isAtDistributor('InStock')).toBe(false);
    expect(isAtDistributor(null)).toBe(false);
  });
  it('image url', () =>
    expect(itemImageUrl('https://img/x_{dims}.jpg', '100x100')).toBe('https://img/x_100x100.jpg'));
  it('property: totalQuantity equals the sum over non-child lines', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ q: fc.nat(50), child: fc.boolean() })), (rows) => {
        const items = rows.map((r, i) =>
          item({ id: `i${i}`, quantity: r.q, parent_line_item_id: r.child ? 'x' : null }),
        );
        expect(totalQuantity(items)).toBe(rows.filter((r) => !r.child).reduce((s, r) => s + r.q, 0));
      }),
    );
  });
});
