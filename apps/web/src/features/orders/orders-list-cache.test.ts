import { describe, expect, it } from 'vitest';
import {
  belongsToList,
  flattenPages,
  insertOrders,
  type OrdersPages,
  updateOrder,
} from '../../lib/orders-list-cache.ts';
import { DEFAULT_LIST_FILTERS } from '../../lib/query-keys.ts';
import { newOrdersStore } from './hooks/new-orders-store.ts';
import { item, page } from './test-fixtures.ts';

const data = (pages: ReturnType<typeof page>[]): OrdersPages => ({
  pages,
  pageParams: pages.map(() => null),
});

describe('live list merges', () => {
  it('a new order belongs to the tab of its status and to matching filters only', () => {
    const o = item('N', {
      status: 'SUBMITTED',
      application_ref: 'a',
      delivery: { method: 'shipping', date: null, window: null },
    });
    expect(belongsToList(o, 'active', DEFAULT_LIST_FILTERS)).toBe(true);
    expect(belongsToList(o, 'completed', DEFAULT_LIST_FILTERS)).toBe(false);
    expect(belongsToList(o, 'active', { ...DEFAULT_LIST_FILTERS, brands: ['b'] })).toBe(false);
    expect(
      belongsToList(o, 'active', { ...DEFAULT_LIST_FILTERS, brands: ['a', 'b'], method: 'shipping' }),
    ).toBe(true);
    expect(belongsToList(o, 'active', { ...DEFAULT_LIST_FILTERS, method: 'on_demand' })).toBe(false);
    expect(belongsToList(o, 'active', { ...DEFAULT_LIST_FILTERS, status: o.status })).toBe(true);
    expect(belongsToList(o, 'active', { ...DEFAULT_LIST_FILTERS, status: 'MERCHANT_SHIPPED' })).toBe(false);
  });

  it('goes on top of a newest-first list, once; at the end of an oldest-first list only when fully loaded', () => {
    const d = data([page([item('B'), item('A')], '/next'), page([item('Z')])]);
    const n = item('N', { date_submitted: '2030-01-01T00:00:00.000Z' });
    const merged = insertOrders(d, [n], 'desc');
    expect(flattenPages(merged).map((i) => i.id)).toEqual(['N', 'B', 'A', 'Z']);
    expect(insertOrders(merged, [n], 'desc')).toBe(merged);
    expect(flattenPages(insertOrders(d, [n], 'asc')).map((i) => i.id)).toEqual(['B', 'A', 'Z', 'N']);
    const partial = data([page([item('A')], '/next')]);
    expect(insertOrders(partial, [n], 'asc')).toBe(partial);
  });

  it('replaces a changed order, or removes it when it left the tab', () => {
    const d = data([page([item('A'), item('B')])]);
    const changed = item('A', { status: 'MERCHANT_ACCEPTED' });
    expect(flattenPages(updateOrder(d, changed, true))[0]?.status).toBe('MERCHANT_ACCEPTED');
    expect(flattenPages(updateOrder(d, changed, false)).map((i) => i.id)).toEqual(['B']);
    expect(updateOrder(d, item('X'), true)).toBe(d);
  });

  it('a merge flags the pending orders new and clears earlier flags; opening one decreases the count', () => {
    newOrdersStore.reset();
    newOrdersStore.merge(['A', 'B']);
    expect([...newOrdersStore.get().ids]).toEqual(['A', 'B']);
    newOrdersStore.open('A');
    expect([...newOrdersStore.get().ids]).toEqual(['B']);
    newOrdersStore.merge(['C']);
    expect([...newOrdersStore.get().ids]).toEqual(['C']);
    expect(newOrdersStore.get().lastCount).toBe(1);
  });
});
