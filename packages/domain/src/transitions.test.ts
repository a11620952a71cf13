import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';
import {
  ACTORS,
  type Actor,
  allowedTransitions,
  canTransition,
  ITEM_REASON_STATUS,
  ITEM_REASONS,
  itemStatusLabel,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  TRANSITIONS,
  transitionError,
} from './transitions.ts';

/** The expected state machine, written out pair by pair (independent of the table's construction). */
const EXPECTED: Record<Actor, string[]> = {
  merchant: [
    'SUBMITTED>MERCHANT_ACCEPTED',
    'SUBMITTED>MERCHANT_REJECTED',
    'SUBMITTED>REJECTED_PARTIAL',
    'PAYMENT_SUBMITTED>MERCHANT_ACCEPTED',
    'PAYMENT_SUBMITTED>MERCHANT_REJECTED',
    'PAYMENT_SUBMITTED>REJECTED_PARTIAL',
    'PAYMENT_APPROVED>MERCHANT_ACCEPTED',
    'PAYMENT_APPROVED>MERCHANT_REJECTED',
    'PAYMENT_APPROVED>REJECTED_PARTIAL',
    'ACTIVE>MERCHANT_ACCEPTED',
    'ACTIVE>MERCHANT_REJECTED',
    'ACTIVE>REJECTED_PARTIAL',
    'MERCHANT_ACCEPTED>MERCHANT_SHIPPED',
    'MERCHANT_SHIPPED>CLOSED',
  ],
  marketplace: [
    'SUBMITTED>PAYMENT_SUBMITTED',
    'SUBMITTED>PAYMENT_APPROVED',
    'SUBMITTED>CANCELLED',
    'SUBMITTED>PAYMENT_DECLINED',
    'PAYMENT_SUBMITTED>PAYMENT_APPROVED',
    'PAYMENT_SUBMITTED>CANCELLED',
    'PAYMENT_SUBMITTED>PAYMENT_DECLINED',
    'PAYMENT_APPROVED>CANCELLED',
    'PAYMENT_APPROVED>PAYMENT_DECLINED',
    'ACTIVE>CANCELLED',
    'ACTIVE>PAYMENT_DECLINED',
    'MERCHANT_ACCEPTED>CANCELLED',
    'MERCHANT_ACCEPTED>PAYMENT_DECLINED',
    'REJECTED_PARTIAL>SUBMITTED',
    'REJECTED_PARTIAL>CANCELLED',
    'CLOSED>DISPUTED',
    'DISPUTED>REFUNDED',
    'DISPUTED>CLOSED',
  ],
};

const cases: [Actor, OrderStatus, OrderStatus, boolean][] = [];
for (const actor of ACTORS)
  for (const from of ORDER_STATUSES)
    for (const to of ORDER_STATUSES) cases.push([actor, from, to, EXPECTED[actor].includes(`${from}>${to}`)]);

describe('transition table: every actor × status × target', () => {
  it('covers 2 × 13 × 13 cases', () => expect(cases).toHaveLength(2 * 13 * 13));
  it.each(cases)('%s: %s → %s allowed=%s', (actor, from, to, allowed) => {
    expect(canTransition(actor, from, to)).toBe(allowed);
  });
  it('table has no entries outside the expected set', () => {
    for (const actor of ACTORS) {
      const pairs = Object.entries(TRANSITIONS[actor]).flatMap(([f, tos]) =>
        (tos ?? []).map((t) => `${f}>${t}`),
      );
      expect(pairs.sort()).toEqual([...EXPECTED[actor]].sort());
    }
  });
  it('no self transitions and terminal statuses are closed for the merchant', () => {
    for (const actor of ACTORS)
      for (const s of ORDER_STATUSES) expect(canTransition(actor, s, s)).toBe(false);
    for (const s of ['CLOSED', 'CANCELLED', 'PAYMENT_DECLINED', 'REFUNDED', 'MERCHANT_REJECTED'] as const)
      expect(allowedTransitions('merchant', s)).toEqual([]);
  });
  it('error message names both statuses', () => {
    expect(transitionError('MERCHANT_SHIPPED', 'MERCHANT_ACCEPTED')).toBe(
      'Cannot change order status from MERCHANT_SHIPPED to MERCHANT_ACCEPTED',
    );
  });
});

describe('reasons', () => {
  it('rejection reasons', () => {
    expect([...REJECTION_REASONS]).toEqual([
      'customer_cancelled',
      'courier_issue',
      'bad_weather',
      'store_closed',
      'other',
    ]);
    expect(Object.keys(REJECTION_REASON_LABELS)).toEqual([...REJECTION_REASONS]);
  });
  it('item reasons', () => {
    expect([...ITEM_REASONS]).toEqual(['outOfStock', 'wrongPrice']);
    expect(ITEM_REASON_STATUS).toEqual({ outOfStock: 'OUT_OF_STOCK', wrongPrice: 'WRONG_PRICE' });
  });
});

describe('item problem badges', () => {
  it('reads the item status as its reason', () => {
    expect(itemStatusLabel('OUT_OF_STOCK')).toBe('Out of stock');
    expect(itemStatusLabel('WRONG_PRICE')).toBe('Wrong Price');
    expect(itemStatusLabel('ANYTHING_ELSE')).toBe('Wrong Price');
  });
});
