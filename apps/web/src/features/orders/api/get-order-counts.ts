/** Tab counts (GET .../orders/count), refreshed on every live order event. */
import { type OrderCounts, orderCountsPath } from '@mc/api';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { ordersKeys } from '../../../lib/query-keys.ts';

export function orderCountsQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: ordersKeys.counts(tmk),
    queryFn: ({ signal }) => http.get<OrderCounts>(orderCountsPath(tmk), { signal }),
    staleTime: 60_000,
  });
}
