/**
 * How live events and order changes' answers change the cached lists: a new order enters every loaded
 * list it belongs to; a changed order is replaced, or leaves a list whose tab it no longer belongs to.
 * Shared by the orders lists (live events) and the order detail (its changes' answers, order-answers.ts),
 * with the versions those answers applied, which the live events check.
 */
import type { OrderListItem, OrdersListResponse } from '@mc/api';
import { isOrderStatus, type OrderTab, tabOfStatus } from '@mc/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { type ListFilters, ordersKeys } from './query-keys.ts';

/** A cached orders list: the pages loaded so far. */
export type OrdersPages = InfiniteData<OrdersListResponse, unknown>;
export type ListKey = ReturnType<typeof ordersKeys.list>;

/** Every loaded orders list of the merchant, with the tab and filters its key names. */
export function forEachLoadedList(
  qc: QueryClient,
  tmk: string,
  fn: (key: ListKey, tab: OrderTab, filters: ListFilters, data: OrdersPages) => void,
): void {
  for (const [key, data] of qc.getQueriesData<OrdersPages>({ queryKey: ordersKeys.lists(tmk) })) {
    const listKey = key as unknown as ListKey;
    if (data) fn(listKey, listKey[3], listKey[4], data);
  }
}

/** The highest version applied from an order change's answer, per query cache and order (`tmk/id`). */
const answered = new WeakMap<QueryClient, Map<string, number>>();

export function recordAnsweredVersion(qc: QueryClient, tmk: string, orderId: string, version: number): void {
  const versions = answered.get(qc) ?? new Map<string, number>();
  answered.set(qc, versions);
  const key = `${tmk}/${orderId}`;
  versions.set(key, Math.max(version, versions.get(key) ?? 0));
}

/**
 * Whether the order's change of `version` is one this console already applied from its own request's
 * answer. An event without a version (written before events carried one) is never taken as answered.
 */
export function isAnsweredChange(
  qc: QueryClient,
  tmk: string,
  orderId: string,
  version: number | undefined,
): boolean {
  const seen = answered.get(qc)?.get(`${tmk}/${orderId}`);
  return version !== undefined && seen !== undefined && version <= seen;
}

export function belongsToList(item: OrderListItem, tab: OrderTab, filters: ListFilters): boolean {
  if (!isOrderStatus(item.status) || tabOfStatus(item.status) !== tab) return false;
  if (filters.brands.length && !filters.brands.includes(item.application_ref)) return false;
  if (filters.method && item.delivery.method !== filters.method) return false;
  if (filters.status && item.status !== filters.status) return false;
  return true;
}

export function listedIds(data: OrdersPages): Set<string> {
  return new Set(data.pages.flatMap((p) => p.items.map((i) => i.id)));
}

/**
 * Newest first (desc, none): new orders go on top. Oldest first (asc): at the end, and only once the
 * last page is loaded (otherwise scrolling reaches them).
 */
export function insertOrders(
  data: OrdersPages,
  items: OrderListItem[],
  sort: ListFilters['sort'],
): OrdersPages {
  const known = listedIds(data);
  const fresh = items.filter((i) => !known.has(i.id));
  if (!fresh.length || !data.pages.length) return data;
  const pages = [...data.pages];
  if (sort === 'asc') {
    const last = pages.at(-1)!;
    if (last.next_url) return data;
    pages[pages.length - 1] = {
      ...last,
      items: [...last.items, ...fresh],
      total_rows: last.total_rows + fresh.length,
    };
  } else {
    const first = pages[0]!;
    const newestFirst = [...fresh].sort((x, y) => y.date_submitted.localeCompare(x.date_submitted));
    pages[0] = {
      ...first,
      items: [...newestFirst, ...first.items],
      total_rows: first.total_rows + fresh.length,
    };
  }
  return { ...data, pages };
}

/** Replaces the order's row, or removes it when it left the list. */
export function updateOrder(data: OrdersPages, item: OrderListItem, stillBelongs: boolean): OrdersPages {
  let changed = false;
  const pages = data.pages.map((p) => {
    if (!p.items.some((i) => i.id === item.id)) return p;
    changed = true;
    const items = stillBelongs
      ? p.items.map((i) => (i.id === item.id ? item : i))
      : p.items.filter((i) => i.id !== item.id);
    return { ...p, items, total_rows: stillBelongs ? p.total_rows : Math.max(0, p.total_rows - 1) };
  });
  return changed ? { ...data, pages } : data;
}

/** Every loaded row once, in page order. */
export function flattenPages(data: OrdersPages | undefined): OrderListItem[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: OrderListItem[] = [];
  for (const p of data.pages) {
    for (const i of p.items) {
      if (seen.has(i.id)) continue;
      seen.add(i.id);
      out.push(i);
    }
  }
  return out;
}
