import { describe, expect, it } from 'vitest';
import {
  FAILED_DELIVERY_REASONS,
  failedDeliveryOutcome,
  failedDeliveryTarget,
  failedDeliveryTitle,
  historyFailedDelivery,
  isFailedDeliveryReason,
  isOutWithStoreDriver,
  RESTOCKING_FEE_CENTS,
  restockingSettlement,
  retrySla,
  suggestsCancel,
} from './failed-delivery.ts';
import { historyTitle } from './order-history.ts';
import { ORDER_STATUSES } from './order-status.ts';
import { canTransition, canTransitionVia } from './transitions.ts';

describe('failed delivery reasons', () => {
  it.each([
    ['no_valid_id', 'cancel_with_fee', 'CANCELLED'],
    ['underage', 'cancel_with_fee', 'CANCELLED'],
    ['refused', 'retry', 'MERCHANT_ACCEPTED'],
    ['no_one_home', 'retry', 'MERCHANT_ACCEPTED'],
    ['wrong_address', 'retry', 'MERCHANT_ACCEPTED'],
  ] as const)('%s → %s (%s)', (reason, outcome, target) => {
    expect(failedDeliveryOutcome(reason)).toBe(outcome);
    expect(failedDeliveryTarget(reason)).toBe(target);
  });

  it('knows exactly the five reasons', () => {
    expect(FAILED_DELIVERY_REASONS).toHaveLength(5);
    for (const r of FAILED_DELIVERY_REASONS) expect(isFailedDeliveryReason(r)).toBe(true);
    expect(isFailedDeliveryReason('lost')).toBe(false);
    expect(isFailedDeliveryReason(undefined)).toBe(false);
  });
});

describe('restocking settlement', () => {
  it('is the terms fee of $20 in cents', () => expect(RESTOCKING_FEE_CENTS).toBe(2000));
  it.each([
    [13898, 2000, 11898],
    [2000, 2000, 0],
    [1999, 1999, 0],
    [0, 0, 0],
    [2001, 2000, 1],
  ])('captured %i → fee %i, refund %i', (captured, fee, refund) => {
    const s = restockingSettlement(captured);
    expect(s).toEqual({ feeCents: fee, refundCents: refund });
    expect(s.feeCents + s.refundCents).toBe(captured);
  });
  it('refuses non-integer or negative cents', () => {
    expect(() => restockingSettlement(10.5)).toThrow(RangeError);
    expect(() => restockingSettlement(-1)).toThrow(RangeError);
  });
});

describe('second attempt suggestion', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [3, true],
  ])('%i failed attempts → suggest cancel %s', (n, yes) => expect(suggestsCancel(n)).toBe(yes));
});

describe('out for delivery with the store driver', () => {
  const base = { status: 'MERCHANT_SHIPPED', delivery_method: 'on_demand' };
  it('on-demand and scheduled orders shipped without courier or tracking', () => {
    expect(isOutWithStoreDriver(base)).toBe(true);
    expect(isOutWithStoreDriver({ ...base, delivery_method: 'scheduled' })).toBe(true);
  });
  it.each([
    ['accepted', { status: 'MERCHANT_ACCEPTED' }],
    ['closed', { status: 'CLOSED' }],
    ['a shipping order', { delivery_method: 'shipping' }],
    ['a courier order', { delivery_method: 'courier' }],
    ['a courier estimate', { courier_estimate_id: 'est_1' }],
    ['a courier booked', { courier_info: { provider: 'sandbox' } }],
    ['shipped with tracking', { tracking_id: '1Z999' }],
  ])('not %s', (_name, patch) => expect(isOutWithStoreDriver({ ...base, ...patch })).toBe(false));
});

describe('failed-delivery transitions', () => {
  it('only shipped → accepted or cancelled, only for the merchant', () => {
    const allowed: string[] = [];
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES)
        for (const actor of ['merchant', 'marketplace'] as const)
          if (canTransitionVia('failed_delivery', actor, from, to)) allowed.push(`${actor}:${from}>${to}`);
    expect(allowed).toEqual([
      'merchant:MERCHANT_SHIPPED>MERCHANT_ACCEPTED',
      'merchant:MERCHANT_SHIPPED>CANCELLED',
    ]);
  });
  it('are not in the plain state machine (a PUT cannot take them)', () => {
    expect(canTransition('merchant', 'MERCHANT_SHIPPED', 'MERCHANT_ACCEPTED')).toBe(false);
    expect(canTransition('merchant', 'MERCHANT_SHIPPED', 'CANCELLED')).toBe(false);
    expect(canTransitionVia('status', 'merchant', 'MERCHANT_SHIPPED', 'CLOSED')).toBe(true);
  });
});

describe('history title', () => {
  it('names the reason and attempt', () => {
    expect(failedDeliveryTitle('no_one_home', 1)).toBe('Delivery failed: no one home (attempt 1)');
    expect(failedDeliveryTitle('no_valid_id', 2)).toBe('Delivery failed: no valid ID (attempt 2)');
    expect(failedDeliveryTitle('something_else', 3)).toBe('Delivery failed: something else (attempt 3)');
  });
  it('reads the stored data and titles the timeline entry', () => {
    const data = { reason: 'wrong_address', attempt: 2, note: 'Apt missing' };
    const failed_delivery = historyFailedDelivery(data);
    expect(failed_delivery).toEqual({ reason: 'wrong_address', attempt: 2 });
    expect(historyFailedDelivery(null)).toBeNull();
    expect(historyFailedDelivery({ reason: 'refused' })).toBeNull();
    expect(
      historyTitle({
        action: 'delivery_failed',
        actor_type: 'merchant',
        actor_name: 'Olivia',
        failed_delivery,
      }),
    ).toBe('Delivery failed: wrong address (attempt 2)');
    expect(historyTitle({ action: 'delivery_failed', actor_type: 'merchant', actor_name: null })).toBe(
      'Delivery failed',
    );
  });
});

describe('retry on time (SLA of the order back to accepted)', () => {
  const submittedAt = new Date('2026-06-12T14:00:00Z');
  const at = (iso: string) => new Date(iso);
  const onDemandAt = (now: string) =>
    retrySla({ deliveryMethod: 'on_demand', submittedAt, timezone: 'UTC', now: at(now) });
  it('on-demand: 2 h from placing', () => {
    const early = onDemandAt('2026-06-12T14:40:00Z');
    expect(early).toMatchObject({ type: 'SLA0', onTime: true, label: 'Retry on time: due in 1h 20m' });
    const late = onDemandAt('2026-06-12T16:30:00Z');
    expect(late).toMatchObject({ type: 'SLA2', onTime: false, label: 'Retry late: overdue by 30m' });
    const close = onDemandAt('2026-06-12T15:45:00Z');
    expect(close).toMatchObject({ type: 'SLA1', onTime: true });
  });
  it('scheduled: the window end', () => {
    const s = retrySla({
      deliveryMethod: 'scheduled',
      submittedAt,
      timezone: 'UTC',
      deliveryWindowEnd: at('2026-06-12T20:00:00Z'),
      now: at('2026-06-12T18:00:00Z'),
    });
    expect(s).toMatchObject({ onTime: true, message: 'Due in 2h' });
  });
});
