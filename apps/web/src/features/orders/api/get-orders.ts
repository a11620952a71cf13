/** The orders list (infinite: 30 a page, following next_url) — part 2 §7 "Order list", "Next page". */
import { type OrderListItem, type OrdersListResponse, ordersListPath } from '@mc/api';
import { ORDERS_PAGE_SIZE, type OrderTab } from '@mc/domain';
import { type InfiniteData, infiniteQueryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { type ListFilters, ordersKeys } from '../../../lib/query-keys.ts';

/** The query of the first page for a tab and filters (spec names: filter[tab], sort[date], ...). */
export function listQuery(tab: OrderTab, filters: ListFilters, extra: Record<string, string> = {}) {
  return {
    limit: ORDERS_PAGE_SIZE,
    offset: 0,
    'filter[tab]': tab,
    'filter[application_ref]': filters.brands.length ? filters.brands.join(',') : undefined,
    'filter[delivery_method]': filters.method ?? undefined,
    'sort[date]': filters.sort,
    ...extra,
  };
}

/** A next page URL as the server gave it; on an https page an absolute http URL goes over https. */
export function nextPageUrl(url: string): string {
  if (typeof window !== 'undefined' && window.location.protocol === 'https:')
    return url.replace(/^http:/, 'https:');
  return url;
}

export function getOrdersPage(
  tmk: string,
  tab: OrderTab,
  filters: ListFilters,
  pageUrl: string | null,
  signal?: AbortSignal,
) {
  if (pageUrl) return http.get<OrdersListResponse>(nextPageUrl(pageUrl), { signal });
  return http.get<OrdersListResponse>(ordersListPath(tmk), { query: listQuery(tab, filters), signal });
}

/** One order as a list row (the live updates fetch it with filter[order_key]). */
export async function getOrderListItem(tmk: string, id: string): Promise<OrderListItem | null> {
  const r = await http.get<OrdersListResponse>(ordersListPath(tmk), {
    query: { limit: 1, 'filter[order_key]': id },
  });
  return r.items[0] ?? null;
}

export type OrdersPages = InfiniteData<OrdersListResponse, unknown>;

export function ordersListQueryOptions(tmk: string, tab: OrderTab, filters: ListFilters) {
  return infiniteQueryOptions({
    queryKey: ordersKeys.list(tmk, tab, filters),
    queryFn: ({ pageParam, signal }) => getOrdersPage(tmk, tab, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_url,
    // Live events keep the list current; a refetch would drop the 'new' order flags' context.
    staleTime: 60_000,
  });
}
