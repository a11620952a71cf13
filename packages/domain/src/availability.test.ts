import { describe, expect, it } from 'vitest';
import {
  canCreateShippingLabel,
  canEditTracking,
  canEnterTracking,
  canMarkDelivered,
  canPrintReceipt,
  ITEM_OPTIONS_LOCKED_REASONS,
  itemOptionsState,
  REVIEW_ACTION_LABELS,
  reviewModalActions,
  showItemOptions,
  showTrackingLink,
} from './availability.ts';
import { MSG } from './messages.ts';
import {
  canUseBulkTools,
  listColumns,
  ROW_ACTION_LABELS,
  rowActions,
  statusCommentText,
} from './order-list.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';
import { canAccept, canReject } from './transitions.ts';

const NEW = ['SUBMITTED', 'PAYMENT_SUBMITTED', 'PAYMENT_APPROVED', 'ACTIVE'];

describe('availability by status (every status)', () => {
  it.each(ORDER_STATUSES.map((s) => [s] as const))('%s', (s: OrderStatus) => {
    expect(canPrintReceipt(s)).toBe(s !== 'SUBMITTED');
    expect(canAccept(s)).toBe(NEW.includes(s));
    expect(canReject(s)).toBe(NEW.includes(s));
    expect(showItemOptions(s)).toBe(NEW.includes(s));
    expect(showItemOptions(s, { inAcceptDialog: true })).toBe(false);
    expect(canEnterTracking(s)).toBe(
      ['PAYMENT_SUBMITTED', 'PAYMENT_APPROVED', 'MERCHANT_ACCEPTED'].includes(s),
    );
    expect(canEditTracking(s)).toBe(s === 'MERCHANT_ACCEPTED' || s === 'MERCHANT_SHIPPED');
    expect(canMarkDelivered(s)).toBe(s === 'MERCHANT_SHIPPED');
    expect(showTrackingLink(s, 'https://t')).toBe(s === 'MERCHANT_SHIPPED' || s === 'CLOSED');
    expect(showTrackingLink(s, '')).toBe(false);
    expect(showTrackingLink(s, null)).toBe(false);
  });
});

describe('itemOptionsState', () => {
  const SHOWN_LOCKED = ['MERCHANT_REJECTED', 'PAYMENT_DECLINED', 'CANCELLED', 'DISPUTED', 'REFUNDED'];
  it.each(ORDER_STATUSES.map((s) => [s] as const))('%s', (s: OrderStatus) => {
    const state = itemOptionsState(s);
    expect(state.enabled).toBe(NEW.includes(s));
    expect(state.shown).toBe(NEW.includes(s) || SHOWN_LOCKED.includes(s));
    expect(state.reason === null).toBe(!SHOWN_LOCKED.includes(s));
    expect(itemOptionsState(s, { inAcceptDialog: true })).toEqual({
      shown: false,
      enabled: false,
      reason: null,
    });
  });
  it('says why a cancelled order cannot change its items', () => {
    expect(itemOptionsState('CANCELLED')).toEqual({
      shown: true,
      enabled: false,
      reason: 'This order is cancelled, so its items can no longer be changed',
    });
    expect(itemOptionsState('SUBMITTED')).toEqual({ shown: true, enabled: true, reason: null });
    expect(itemOptionsState('CLOSED')).toEqual({ shown: false, enabled: false, reason: null });
  });
  it('every locked shown status has a reason of its own', () => {
    for (const s of SHOWN_LOCKED)
      expect(ITEM_OPTIONS_LOCKED_REASONS[s as OrderStatus]).toMatch(/can no longer be changed$/);
  });
});

describe('reviewModalActions', () => {
  const now = new Date('2025-06-12T16:00:00Z');
  const labels = (o: Parameters<typeof reviewModalActions>[0], hasCarrier = false) =>
    reviewModalActions(o, { hasCarrier, now }).actions.map((a) => REVIEW_ACTION_LABELS[a]);
  it('payment declined and cancelled: title is the status, only close', () => {
    expect(reviewModalActions({ status: 'PAYMENT_DECLINED' }, { now })).toEqual({
      title: 'payment declined',
      actions: ['close'],
      notice: null,
    });
    expect(reviewModalActions({ status: 'CANCELLED' }, { now }).title).toBe('cancelled');
  });
  it('new orders: accept and reject; a paid shipping order can also go out with tracking', () => {
    expect(labels({ status: 'SUBMITTED' })).toEqual(['ACCEPT', 'REJECT', 'CLOSE']);
    expect(labels({ status: 'SUBMITTED', delivery: { method: 'shipping' } })).toEqual([
      'ACCEPT',
      'REJECT',
      'CLOSE',
    ]);
    for (const status of ['PAYMENT_APPROVED', 'PAYMENT_SUBMITTED'] as const) {
      expect(labels({ status, delivery: { method: 'shipping' } })).toEqual([
        'ACCEPT',
        'REJECT',
        'ADD TRACKING',
        'CLOSE',
      ]);
      expect(labels({ status, delivery: { method: 'on_demand' } })).toEqual(['ACCEPT', 'REJECT', 'CLOSE']);
      const notReady = [
        { id: 1, quantity: 1, price: 1, aux_data: { preorder_available_date: '2025-07-30' } },
      ];
      expect(labels({ status, delivery: { method: 'preorder' }, items: notReady })).toEqual([
        'ACCEPT',
        'REJECT',
        'CLOSE',
      ]);
    }
  });
  it.each([
    ['shipping', null, false, ['PRINT PACKING SLIP', 'ADD TRACKING', 'CLOSE']],
    ['shipping', null, true, ['PRINT PACKING SLIP', 'ADD TRACKING', 'ADD SHIPPING', 'CLOSE']],
    ['on_demand', null, true, ['PRINT PACKING SLIP', 'DELIVER ORDER', 'CLOSE']],
    ['scheduled', null, false, ['PRINT PACKING SLIP', 'DELIVER ORDER', 'CLOSE']],
    ['scheduled', 'est', false, ['PRINT PACKING SLIP', 'REQUEST PICKUP', 'CLOSE']],
    ['courier', null, false, ['PRINT PACKING SLIP', 'REQUEST PICKUP', 'CLOSE']],
  ])('accepted %s est=%s carrier=%s', (method, est, carrier, out) => {
    expect(
      labels({ status: 'MERCHANT_ACCEPTED', delivery: { method }, courier_estimate_id: est }, carrier),
    ).toEqual(out);
  });
  it('accepted presale not ready: no ship buttons, presale notice', () => {
    const r = reviewModalActions(
      {
        status: 'MERCHANT_ACCEPTED',
        delivery: { method: 'preorder' },
        items: [{ id: 1, quantity: 1, price: 1, aux_data: { preorder_available_date: '2025-07-30' } }],
      },
      { hasCarrier: true, now },
    );
    expect(r.actions).toEqual(['print_packing_slip', 'close']);
    expect(r.notice).toBe('PRESALE ORDER: NOT READY TO SHIP');
  });
  it.each([
    ['on_demand', [], ['PRINT PACKING SLIP', 'ADD/VIEW DELIVERY DETAILS', 'CLOSE']],
    ['courier', [], ['PRINT PACKING SLIP', 'ADD/VIEW DELIVERY DETAILS', 'CLOSE']],
    [
      'shipping',
      [{ label_url: 'https://l' }],
      ['EDIT TRACKING', 'PRINT PACKING SLIP', 'PRINT SHIPPING LABEL', 'CLOSE'],
    ],
    ['shipping', [], ['EDIT TRACKING', 'PRINT PACKING SLIP', 'CLOSE']],
  ])('shipped %s', (method, shipment_info, out) => {
    expect(labels({ status: 'MERCHANT_SHIPPED', delivery: { method }, shipment_info })).toEqual(out);
  });
  it('other statuses: close only', () => {
    for (const s of ['CLOSED', 'REJECTED_PARTIAL', 'MERCHANT_REJECTED', 'DISPUTED', 'REFUNDED'] as const)
      expect(reviewModalActions({ status: s }, { now })).toEqual({
        title: null,
        actions: ['close'],
        notice: null,
      });
  });
  it('the ship buttons honour the presale rule', () => {
    const items = [{ id: 1, quantity: 1, price: 1, aux_data: { preorder_available_date: '2025-07-30' } }];
    const ships = (o: Parameters<typeof reviewModalActions>[0]) =>
      reviewModalActions(o, { hasCarrier: true, now }).actions.includes('add_tracking');
    expect(ships({ status: 'MERCHANT_ACCEPTED', items })).toBe(false);
    expect(ships({ status: 'MERCHANT_ACCEPTED', items: [] })).toBe(true);
    expect(ships({ status: 'SUBMITTED', items: [] })).toBe(false);
  });
});

describe('no carrier account', () => {
  const now = new Date('2025-06-12T16:00:00Z');
  const shipping = { status: 'MERCHANT_ACCEPTED' as const, items: [] };
  it('an accepted shipping order of a store without a carrier account says why there is no ADD SHIPPING', () => {
    const r = reviewModalActions(shipping, { hasCarrier: false, carrierMissing: true, now });
    expect(r.actions).toEqual(['print_packing_slip', 'add_tracking', 'close']);
    expect(r.notice).toBe(MSG.NO_CARRIER);
    expect(r.notice).toMatch(/cannot be created.*Sales Associate/);
  });
  it('with a carrier, or while the account is unknown, no message', () => {
    expect(reviewModalActions(shipping, { hasCarrier: true, carrierMissing: false, now }).notice).toBeNull();
    expect(reviewModalActions(shipping, { hasCarrier: false, now }).notice).toBeNull();
  });
  it('deliver and courier orders never show it', () => {
    const deliver = { ...shipping, delivery: { method: 'on_demand' } };
    expect(reviewModalActions(deliver, { carrierMissing: true, now }).notice).toBeNull();
  });
});

describe('list columns', () => {
  it.each([
    ['active', { bulkCheckbox: true, status: true, onTrack: true, comment: false, rowActions: true }],
    ['on_hold', { bulkCheckbox: false, status: false, onTrack: false, comment: true, rowActions: true }],
    ['cancelled', { bulkCheckbox: false, status: true, onTrack: false, comment: false, rowActions: false }],
    ['completed', { bulkCheckbox: false, status: true, onTrack: false, comment: false, rowActions: true }],
  ] as const)('%s', (tab, cols) => {
    expect(listColumns(tab)).toEqual(cols);
    expect(canUseBulkTools(tab)).toBe(tab === 'active');
  });
  it('row actions', () => {
    expect(rowActions('SUBMITTED', 'active')).toEqual(['review', 'reject', 'accept']);
    expect(rowActions('MERCHANT_ACCEPTED', 'active')).toEqual(['view']);
    expect(rowActions('CANCELLED', 'cancelled')).toEqual([]);
    expect(rowActions('REJECTED_PARTIAL', 'on_hold')).toEqual(['view']);
    expect(rowActions('CLOSED', 'completed')).toEqual(['view']);
    expect(rowActions('SOMETHING_NEW', 'active')).toEqual(['view']);
    expect(rowActions('SUBMITTED', 'cancelled')).toEqual([]);
  });
  it.each(ORDER_STATUSES.map((s) => [s] as const))('row actions of %s agree with accept and reject', (s) => {
    const actions = rowActions(s, 'active');
    expect(actions.includes('accept')).toBe(canAccept(s));
    expect(actions.includes('reject')).toBe(canReject(s));
    expect(actions[0]).toBe(NEW.includes(s) ? 'review' : 'view');
    expect(actions.map((a) => ROW_ACTION_LABELS[a])).toEqual(
      NEW.includes(s) ? ['Review', 'Reject', 'Accept'] : ['View'],
    );
  });
  it('comment and carrier', () => {
    expect(statusCommentText(null)).toBe('None');
    expect(statusCommentText('   ')).toBe('None');
    expect(statusCommentText(' Out of stock ')).toBe('Out of stock');
    expect(canCreateShippingLabel({ carrier_integration: { name: 'ups' } })).toBe(true);
    expect(canCreateShippingLabel({ carrier_integration: null })).toBe(false);
  });
});
