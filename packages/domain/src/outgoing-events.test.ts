import { describe, expect, it } from 'vitest';
import { isOutgoingEventType, orderEventTypeOf, seesCustomerContact } from './outgoing-events.ts';

describe('orderEventTypeOf', () => {
  it('names a new order order.created, whatever status it arrives in', () => {
    expect(orderEventTypeOf({ from: null, to: 'SUBMITTED', action: 'placed' })).toBe('order.created');
    expect(orderEventTypeOf({ from: null, to: 'ACTIVE', action: 'placed' })).toBe('order.created');
  });
  it.each([
    ['ACTIVE', 'MERCHANT_ACCEPTED', 'accept', 'order.accepted'],
    ['ACTIVE', 'MERCHANT_REJECTED', 'reject', 'order.rejected'],
    ['ACTIVE', 'REJECTED_PARTIAL', 'reject_items', 'order.on_hold'],
    ['REJECTED_PARTIAL', 'SUBMITTED', 'customer_accepted_changes', 'order.items_changed'],
    ['MERCHANT_ACCEPTED', 'MERCHANT_SHIPPED', 'shipping_label', 'order.shipped'],
    ['MERCHANT_SHIPPED', 'CLOSED', 'delivered', 'order.delivered'],
    ['ACTIVE', 'CANCELLED', 'customer_cancelled', 'order.cancelled'],
    ['MERCHANT_SHIPPED', 'CANCELLED', 'failed_delivery', 'order.delivery_failed'],
    ['MERCHANT_SHIPPED', 'MERCHANT_SHIPPED', 'failed_delivery', 'order.delivery_failed'],
    ['MERCHANT_SHIPPED', 'MERCHANT_SHIPPED', 'tracking_updated', 'order.tracking_added'],
  ])('%s -> %s (%s) is %s', (from, to, action, type) => {
    expect(orderEventTypeOf({ from, to, action })).toBe(type);
  });
  it('sends nothing for a change without an event of its own', () => {
    expect(orderEventTypeOf({ from: 'ACTIVE', to: 'ACTIVE', action: 'instructions_updated' })).toBeNull();
    expect(
      orderEventTypeOf({ from: 'MERCHANT_ACCEPTED', to: 'MERCHANT_ACCEPTED', action: 'courier_requested' }),
    ).toBeNull();
    expect(
      orderEventTypeOf({ from: 'ACTIVE', to: 'PAYMENT_DECLINED', action: 'payment_declined' }),
    ).toBeNull();
  });
});

describe('seesCustomerContact', () => {
  it('lets storefronts see their customers, merchant endpoints only when asked for', () => {
    expect(seesCustomerContact({ kind: 'marketplace', includeCustomerContact: false })).toBe(true);
    expect(seesCustomerContact({ kind: 'merchant', includeCustomerContact: false })).toBe(false);
    expect(seesCustomerContact({ kind: 'merchant', includeCustomerContact: true })).toBe(true);
  });
});

it('knows its event types', () => {
  expect(isOutgoingEventType('batch.completed')).toBe(true);
  expect(isOutgoingEventType('webhook.test')).toBe(false);
});
