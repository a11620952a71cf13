/** GET /m/v2/orders/{id}: the order detail. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ordersKeys } from '../../../lib/query-keys.ts';

function orderQueryOptions(tmk: string, id: string) {
  return queryOptions({
    queryKey: ordersKeys.detail(tmk, id),
    queryFn: ({ signal }) => api.getOrder({ params: { id }, signal }),
    staleTime: 10_000,
  });
}

export function useOrder(tmk: string | null, id: string | null | undefined) {
  return useQuery({ ...orderQueryOptions(tmk ?? '', id ?? ''), enabled: Boolean(tmk && id) });
}
