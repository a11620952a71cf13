/** Tab counts (GET .../orders/count), refreshed on every live order event. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ordersKeys } from '../../../lib/query-keys.ts';

export function orderCountsQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: ordersKeys.counts(tmk),
    queryFn: ({ signal }) => api.getOrderCounts({ params: { tmk }, signal }),
    staleTime: 60_000,
  });
}
