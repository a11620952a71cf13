/** The orders list (infinite: 30 a page, following next_url). */
import { type OrderListItem, orderListFilterQuery } from '@mc/api';
import { ORDERS_PAGE_SIZE, type OrderTab } from '@mc/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type ListFilters, listStatusFilter, ordersKeys } from '../../../lib/query-keys.ts';

/** The query of the first page for a tab and filters (the keys from the contract's filter table). */
function listQuery(tab: OrderTab, filters: ListFilters) {
  return {
    limit: ORDERS_PAGE_SIZE,
    offset: 0,
    ...orderListFilterQuery({
      tab,
      application_ref: filters.brands,
      delivery_method: filters.method,
      status: filters.status,
    }),
    'sort[date]': filters.sort,
  };
}

/**
 * The query of a `next_url` as the server gave it (limit, offset, cursor and the filters). The page is
 * asked for on the list endpoint of the table with that query, so the URL's host and scheme never matter
 * (an absolute http URL behind an https proxy is followed over the page's own origin).
 */
function nextPageQuery(nextUrl: string): Record<string, string> {
  return Object.fromEntries(new URL(nextUrl, window.location.origin).searchParams);
}

function getOrdersPage(
  tmk: string,
  tab: OrderTab,
  filters: ListFilters,
  nextUrl: string | null,
  signal?: AbortSignal,
) {
  const query = nextUrl ? nextPageQuery(nextUrl) : listQuery(tab, filters);
  return api.listOrders({ params: { tmk }, query, signal });
}

/** One order as a list row (the live updates fetch it with filter[order_key]). */
export async function getOrderListItem(tmk: string, id: string): Promise<OrderListItem | null> {
  const r = await api.listOrders({
    params: { tmk },
    query: { limit: 1, ...orderListFilterQuery({ order_key: id }) },
  });
  return r.items[0] ?? null;
}

export function ordersListQueryOptions(tmk: string, tab: OrderTab, shared: ListFilters) {
  // The tabs share the filters; a status of another tab does not apply here (nor key the query).
  const filters = { ...shared, status: listStatusFilter(tab, shared) };
  return infiniteQueryOptions({
    queryKey: ordersKeys.list(tmk, tab, filters),
    queryFn: ({ pageParam, signal }) => getOrdersPage(tmk, tab, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_url,
    // Live events keep the list current; a refetch would drop the 'new' order flags' context.
    staleTime: 60_000,
  });
}
