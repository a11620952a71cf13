import { describe, expect, it } from 'vitest';
import { OUT_OF_STOCK_TEXTS } from './dialogs.ts';
import { isItemRemoval, totalsWithoutLines } from './order-updates.ts';

describe("'Not available' removal (decision 0089)", () => {
  it('only the not-available choice removes the item', () => {
    expect(isItemRemoval({ checked: true, value: 'unavailable' })).toBe(true);
    expect(isItemRemoval({ checked: true, message: OUT_OF_STOCK_TEXTS.unavailable })).toBe(true);
    expect(isItemRemoval({ checked: true, value: 'available_48h' })).toBe(false);
    expect(isItemRemoval({ checked: false, value: 'unavailable' })).toBe(false);
  });

  it('recomputes subtotal, discount and tax from the kept lines; fees stay in the total', () => {
    // 13898 subtotal + 1234 tax + 500 fee + 300 tip = 15932.
    const totals = { subtotal_cents: 13898, tax_cents: 1234, discount_cents: 100, total_cents: 15932 };
    expect(totalsWithoutLines(totals, [{ subtotal_cents: 7998, discount_cents: 0 }])).toEqual({
      subtotal_cents: 7998,
      tax_cents: 710,
      discount_cents: 0,
      total_cents: 9508,
    });
  });

  it('nothing kept: no subtotal, no tax; a zero subtotal keeps its tax', () => {
    const totals = { subtotal_cents: 1000, tax_cents: 80, discount_cents: 0, total_cents: 1580 };
    expect(totalsWithoutLines(totals, [])).toEqual({
      subtotal_cents: 0,
      tax_cents: 0,
      discount_cents: 0,
      total_cents: 500,
    });
    const zero = { subtotal_cents: 0, tax_cents: 80, discount_cents: 0, total_cents: 80 };
    expect(totalsWithoutLines(zero, []).tax_cents).toBe(80);
  });
});
