/**
 * Header search: GET .../orders/optimize with limit=10, offset=0 and one of
 * filter[search] (order id), filter[customer_email], filter[recipient_name].
 */
import type { OrderListItem } from '@mc/api';
import { type OrderSearch, SEARCH_PAGE_SIZE, searchFilter } from '@mc/domain';
import { api } from '../../../lib/api.ts';

export type SearchRequest = OrderSearch | { kind: 'name'; value: string };

export async function searchOrders(
  tmk: string,
  search: SearchRequest,
  signal?: AbortSignal,
): Promise<{ items: OrderListItem[]; timezone: string }> {
  const r = await api.searchOrders({
    params: { tmk },
    query: { limit: SEARCH_PAGE_SIZE, offset: 0, ...searchFilter(search) },
    signal,
  });
  return { items: r.items, timezone: r.timezone };
}
