/**
 * Header search: GET .../orders/optimize with limit=10, offset=0 and one of
 * filter[search] (order id), filter[customer_email], filter[name] (the buyer's or the recipient's name).
 */
import { type OrderListFilterName, type OrderListItem, orderListFilterQuery } from '@mc/api';
import { type OrderSearch, SEARCH_PAGE_SIZE } from '@mc/domain';
import { api } from '../../../lib/api.ts';

export type SearchRequest = OrderSearch | { kind: 'name'; value: string };

/** The list filter each kind of search sets (names from the contract's filter table). */
const SEARCH_FILTERS = {
  order_id: 'search',
  email: 'customer_email',
  name: 'name',
} as const satisfies Record<SearchRequest['kind'], OrderListFilterName>;

export async function searchOrders(
  tmk: string,
  search: SearchRequest,
  signal?: AbortSignal,
): Promise<{ items: OrderListItem[]; timezone: string }> {
  const r = await api.searchOrders({
    params: { tmk },
    query: {
      limit: SEARCH_PAGE_SIZE,
      offset: 0,
      ...orderListFilterQuery({ [SEARCH_FILTERS[search.kind]]: search.value }),
    },
    signal,
  });
  return { items: r.items, timezone: r.timezone };
}
