import { describe, expect, it } from 'vitest';
import {
  DISPLAY_GROUP_LABELS,
  displayGroup,
  listStatusLabel,
  marksPrinted,
  NEW_STATUSES,
  normalizeStatus,
  ORDER_STATUSES,
  ORDER_TABS,
  type OrderStatus,
  ordersHeaderTitle,
  parseTab,
  statusLabel,
  TAB_LABELS,
  TAB_ROUTES,
  TAB_STATUSES,
  tabOfPath,
  tabOfStatus,
  tabPath,
} from './order-status.ts';
import { OrderStatusSchema } from './order-status-schemas.ts';

describe('statuses and tabs', () => {
  it('every status belongs to exactly one tab', () => {
    for (const s of ORDER_STATUSES) {
      const tabs = ORDER_TABS.filter((t) => TAB_STATUSES[t].includes(s));
      expect(tabs, s).toHaveLength(1);
      expect(tabOfStatus(s)).toBe(tabs[0]);
    }
  });
  it.each<[OrderStatus, string]>([
    ['SUBMITTED', 'active'],
    ['PAYMENT_SUBMITTED', 'active'],
    ['PAYMENT_APPROVED', 'active'],
    ['ACTIVE', 'active'],
    ['MERCHANT_ACCEPTED', 'active'],
    ['MERCHANT_SHIPPED', 'active'],
    ['REJECTED_PARTIAL', 'on_hold'],
    ['MERCHANT_REJECTED', 'cancelled'],
    ['CANCELLED', 'cancelled'],
    ['PAYMENT_DECLINED', 'cancelled'],
    ['DISPUTED', 'cancelled'],
    ['REFUNDED', 'cancelled'],
    ['CLOSED', 'completed'],
  ])('tabOfStatus(%s) = %s', (s, t) => expect(tabOfStatus(s)).toBe(t));

  it('routes', () => {
    expect(TAB_ROUTES).toEqual({
      active: 'active',
      on_hold: 'on-hold',
      cancelled: 'cancelled',
      completed: 'completed',
    });
    for (const t of ORDER_TABS) {
      expect(tabOfPath(`/orders/${TAB_ROUTES[t]}`)).toBe(t);
      expect(tabOfPath(`/orders/${TAB_ROUTES[t]}/x`)).toBe(t);
    }
    // Unknown paths have no tab; the route table redirects them to /orders/active.
    expect(tabOfPath('/orders/nope')).toBeNull();
    expect(tabOfPath('/orders/view/ABC')).toBeNull();
    expect(tabOfPath('/orders/on-holdx')).toBeNull();
    expect(tabPath('on_hold')).toBe('/orders/on-hold');
    expect(parseTab('onHold')).toBe('on_hold');
    expect(parseTab('on-hold')).toBe('on_hold');
    expect(parseTab('x')).toBeNull();
  });
  it('labels', () => {
    expect(Object.values(TAB_LABELS)).toEqual(['active', 'on Hold', 'cancelled', 'completed']);
    expect(ordersHeaderTitle('on_hold')).toBe('Orders: On Hold');
  });
  it('schema accepts the REJECTED_MERCHANT alias', () => {
    expect(OrderStatusSchema.parse('REJECTED_MERCHANT')).toBe('MERCHANT_REJECTED');
    expect(OrderStatusSchema.safeParse('NOPE').success).toBe(false);
    expect(normalizeStatus('REJECTED_MERCHANT')).toBe('MERCHANT_REJECTED');
    expect(normalizeStatus('x')).toBeNull();
  });
  it('NEW_STATUSES', () =>
    expect([...NEW_STATUSES]).toEqual(['SUBMITTED', 'PAYMENT_SUBMITTED', 'PAYMENT_APPROVED', 'ACTIVE']));
});

describe('statusLabel', () => {
  it.each([
    ['SUBMITTED', 'new'],
    ['MERCHANT_ACCEPTED', 'accepted'],
    ['MERCHANT_SHIPPED', 'shipped'],
    ['CLOSED', 'completed'],
    ['MERCHANT_REJECTED', 'rejected'],
    ['REJECTED_MERCHANT', 'rejected'],
    ['REJECTED_PARTIAL', 'onHold'],
    ['PAYMENT_DECLINED', 'payment declined'],
    ['PAYMENT_APPROVED', 'payment approved'],
    ['PAYMENT_SUBMITTED', 'payment submitted'],
    ['ACTIVE', 'active'],
    ['CANCELLED', 'cancelled'],
    ['DISPUTED', 'disputed'],
    ['REFUNDED', 'refunded'],
    ['SOMETHING_NEW', 'something new'],
  ])('%s → %s', (s, l) => expect(statusLabel(s)).toBe(l));
});

describe('displayGroup', () => {
  it.each<[OrderStatus, string | null, string]>([
    ['SUBMITTED', null, 'new'],
    ['SUBMITTED', '2025-01-01T00:00:00Z', 'printed'],
    ['PAYMENT_APPROVED', null, 'new'],
    ['PAYMENT_SUBMITTED', '2025-01-01', 'printed'],
    ['ACTIVE', null, 'new'],
    ['MERCHANT_ACCEPTED', '2025-01-01', 'accepted'],
    ['MERCHANT_SHIPPED', null, 'shipped'],
    ['CLOSED', null, 'completed'],
    ['MERCHANT_REJECTED', null, 'cancelled'],
    ['CANCELLED', null, 'cancelled'],
    ['DISPUTED', null, 'cancelled'],
    ['REFUNDED', null, 'cancelled'],
    ['PAYMENT_DECLINED', null, 'payment_declined'],
    ['REJECTED_PARTIAL', null, 'on_hold'],
  ])('%s printed=%s → %s', (s, p, g) => expect(displayGroup(s, p)).toBe(g));
  it('labels', () => expect(DISPLAY_GROUP_LABELS.cancelled).toBe('Rejected/Cancelled'));
});

describe('printed', () => {
  it.each<[string, string | null, boolean]>([
    ['SUBMITTED', null, true],
    ['PAYMENT_APPROVED', null, true],
    ['SUBMITTED', '2025-01-01T00:00:00Z', false],
    ['MERCHANT_ACCEPTED', null, false],
    ['CANCELLED', null, false],
    ['NOT_A_STATUS', null, false],
  ])('a packing slip of %s printed=%s marks it printed: %s', (s, p, m) => expect(marksPrinted(s, p)).toBe(m));
  it.each<[string, string | null, string]>([
    ['SUBMITTED', '2025-01-01T00:00:00Z', 'Printed'],
    ['ACTIVE', '2025-01-01T00:00:00Z', 'Printed'],
    ['SUBMITTED', null, 'new'],
    ['MERCHANT_ACCEPTED', '2025-01-01T00:00:00Z', 'accepted'],
    ['SOMETHING_NEW', '2025-01-01T00:00:00Z', 'something new'],
  ])('the list shows %s printed=%s as %s', (s, p, l) => expect(listStatusLabel(s, p)).toBe(l));
});
