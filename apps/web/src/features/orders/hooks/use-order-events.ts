/**
 * Live orders: one EventSource per console on GET .../orders/events. A new order is
 * fetched as a list row, merged into every loaded list it belongs to and flagged new; a status
 * change replaces the row or removes it from a tab it left. Tab counts refresh on every event, except
 * the event of a change this console made itself: its answer already updated the cache
 * (lib/order-answers.ts, docs/decisions/0128).
 * EventSource cannot send headers and tokens never go in URLs: each connection first fetches a
 * single-use ticket (POST …/orders/events/ticket, with the bearer token) and opens `?ticket=`.
 * A dropped stream (network, server restart, session ended) is reopened with a fresh ticket after a
 * growing pause; if the session has ended, the ticket request's 401 signs the console out.
 */
import { ApiError, type OrderListItem, type OrderStreamEvent, parseOrderStreamEvent } from '@mc/api';
import { isOrderStatus, tabOfStatus } from '@mc/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  belongsToList,
  forEachLoadedList,
  insertOrders,
  isAnsweredChange,
  listedIds,
  type OrdersPages,
  updateOrder,
} from '../../../lib/orders-list-cache.ts';
import { ordersKeys } from '../../../lib/query-keys.ts';
import { getEventsTicket, orderEventsUrl } from '../api/get-events-ticket.ts';
import { getOrderListItem } from '../api/get-orders.ts';
import { newOrdersStore } from './new-orders-store.ts';
import { alertPrefs, playNewOrderSound, showNewOrderNotification } from './use-alert-prefs.ts';

/** Pending new orders are merged together after this short pause (several can arrive at once). */
const MERGE_DELAY_MS = 150;
/** Pause before reopening a dropped stream: 1 s, doubling up to 30 s, back to 1 s once open. */
export const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

function mergeNewOrders(qc: QueryClient, tmk: string, items: OrderListItem[]): void {
  forEachLoadedList(qc, tmk, (key, tab, filters, data) => {
    const mine = items.filter((i) => belongsToList(i, tab, filters));
    if (mine.length) qc.setQueryData<OrdersPages>(key, insertOrders(data, mine, filters.sort));
  });
  newOrdersStore.merge(items.map((i) => i.id));
}

function applyOrderUpdate(qc: QueryClient, tmk: string, item: OrderListItem): void {
  forEachLoadedList(qc, tmk, (key, tab, filters, data) => {
    const belongs = belongsToList(item, tab, filters);
    if (listedIds(data).has(item.id)) qc.setQueryData<OrdersPages>(key, updateOrder(data, item, belongs));
    else if (belongs) void qc.invalidateQueries({ queryKey: key, exact: true });
  });
}

export function useOrderEvents(tmk: string | null, token: string | null): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!tmk || !token || typeof EventSource === 'undefined') return;
    let es: EventSource | null = null;
    let stopped = false;
    let pending: OrderListItem[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = RECONNECT_MIN_MS;
    let hadError = false;
    const abort = new AbortController();

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
        const e = parseOrderStreamEvent(JSON.parse(String(ev.data)));
        if (!e) return null;
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
      if (!e || isAnsweredChange(qc, tmk, e.order_id, e.version)) return;
      refreshCounts();
      const item = await getOrderListItem(tmk, e.order_id).catch(() => null);
      if (item) applyOrderUpdate(qc, tmk, item);
    };
    const reconnect = () => {
      if (stopped) return;
      clearTimeout(retry);
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
    const connect = async () => {
      let ticket: string;
      try {
        ticket = (await getEventsTicket(tmk, abort.signal)).ticket;
      } catch (e) {
        // 401: the session has ended and the API client signs out; anything else is tried again.
        if (!(e instanceof ApiError && (e.status === 401 || e.status === 403 || e.status === 404))) {
          hadError = true;
          reconnect();
        }
        return;
      }
      if (stopped) return;
      const source = new EventSource(orderEventsUrl(tmk, ticket));
      es = source;
      source.addEventListener('order.created', (ev) => void onCreated(ev as MessageEvent));
      source.addEventListener('order.updated', (ev) => void onUpdated(ev as MessageEvent));
      source.addEventListener('error', () => {
        // A ticket opens one connection: EventSource's own retry would reuse it, so close and start over.
        source.close();
        if (es !== source) return;
        es = null;
        hadError = true;
        reconnect();
      });
      source.addEventListener('open', () => {
        delay = RECONNECT_MIN_MS;
        // Back after a drop: events may have been missed, so reload counts and lists.
        if (!hadError) return;
        hadError = false;
        refreshCounts();
        void qc.invalidateQueries({ queryKey: ordersKeys.lists(tmk) });
      });
    };
    void connect();
    return () => {
      stopped = true;
      abort.abort();
      clearTimeout(timer);
      clearTimeout(retry);
      es?.close();
      es = null;
    };
  }, [qc, tmk, token]);
}
