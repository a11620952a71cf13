/**
 * Live orders (part 1 §4): one EventSource per console on GET .../orders/events. A new order is
 * fetched as a list row, merged into every loaded list it belongs to and flagged new; a status
 * change replaces the row or removes it from a tab it left. Tab counts refresh on every event.
 * EventSource cannot send headers, so the token goes as ?access_token= (that route only).
 */
import { type OrderListItem, type OrderStreamEvent, orderEventsPath } from '@mc/api';
import { isOrderStatus, type OrderTab, tabOfStatus } from '@mc/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getOrderListItem, type OrdersPages } from '../api/get-orders.ts';
import { type ListFilters, ordersKeys } from '../api/orders-keys.ts';
import { belongsToList, insertOrders, listedIds, updateOrder } from '../orders-list-cache.ts';
import { newOrdersStore } from './new-orders-store.ts';
import { alertPrefs, playNewOrderSound, showNewOrderNotification } from './use-alert-prefs.ts';

/** Pending new orders are merged together after this short pause (several can arrive at once). */
export const MERGE_DELAY_MS = 150;

type ListKey = ReturnType<typeof ordersKeys.list>;

function eachList(qc: QueryClient, tmk: string, fn: (key: ListKey, data: OrdersPages) => void) {
  for (const [key, data] of qc.getQueriesData<OrdersPages>({ queryKey: ordersKeys.lists(tmk) })) {
    if (data) fn(key as unknown as ListKey, data);
  }
}

export function mergeNewOrders(qc: QueryClient, tmk: string, items: OrderListItem[]): void {
  eachList(qc, tmk, (key, data) => {
    const [, , , tab, filters] = key as unknown as [string, string, string, OrderTab, ListFilters];
    const mine = items.filter((i) => belongsToList(i, tab, filters));
    if (mine.length) qc.setQueryData<OrdersPages>(key, insertOrders(data, mine, filters.sort));
  });
  newOrdersStore.merge(items.map((i) => i.id));
}

export function applyOrderUpdate(qc: QueryClient, tmk: string, item: OrderListItem): void {
  eachList(qc, tmk, (key, data) => {
    const [, , , tab, filters] = key as unknown as [string, string, string, OrderTab, ListFilters];
    const belongs = belongsToList(item, tab, filters);
    if (listedIds(data).has(item.id)) qc.setQueryData<OrdersPages>(key, updateOrder(data, item, belongs));
    else if (belongs) void qc.invalidateQueries({ queryKey: key, exact: true });
  });
}

export function useOrderEvents(tmk: string | null, token: string | null): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!tmk || !token || typeof EventSource === 'undefined') return;
    const es = new EventSource(`${orderEventsPath(tmk)}?access_token=${encodeURIComponent(token)}`);
    let pending: OrderListItem[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hadError = false;

    const flush = () => {
      const items = pending;
      pending = [];
      if (!items.length) return;
      mergeNewOrders(qc, tmk, items);
      const prefs = alertPrefs();
      if (prefs.sound) playNewOrderSound();
      if (prefs.desktop) showNewOrderNotification(items.length, items[0]!.id);
    };
    const refreshCounts = () => void qc.invalidateQueries({ queryKey: ordersKeys.counts(tmk) });
    const parse = (ev: MessageEvent): OrderStreamEvent | null => {
      try {
        const e = JSON.parse(String(ev.data)) as OrderStreamEvent;
        return isOrderStatus(e.status) && tabOfStatus(e.status) === e.tab ? e : null;
      } catch {
        return null;
      }
    };
    const onCreated = async (ev: MessageEvent) => {
      const e = parse(ev);
      if (!e) return;
      refreshCounts();
      const item = await getOrderListItem(tmk, e.order_id).catch(() => null);
      if (!item) return;
      pending.push(item);
      clearTimeout(timer);
      timer = setTimeout(flush, MERGE_DELAY_MS);
    };
    const onUpdated = async (ev: MessageEvent) => {
      const e = parse(ev);
      if (!e) return;
      refreshCounts();
      const item = await getOrderListItem(tmk, e.order_id).catch(() => null);
      if (item) applyOrderUpdate(qc, tmk, item);
    };
    es.addEventListener('order.created', (ev) => void onCreated(ev as MessageEvent));
    es.addEventListener('order.updated', (ev) => void onUpdated(ev as MessageEvent));
    es.addEventListener('error', () => {
      hadError = true;
    });
    es.addEventListener('open', () => {
      // Back after a drop: events may have been missed, so reload counts and lists.
      if (!hadError) return;
      hadError = false;
      refreshCounts();
      void qc.invalidateQueries({ queryKey: ordersKeys.lists(tmk) });
    });
    return () => {
      clearTimeout(timer);
      es.close();
    };
  }, [qc, tmk, token]);
}
