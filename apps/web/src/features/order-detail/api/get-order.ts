/** GET /m/v2/orders/{id}: the order detail (part 1 §7, part 2 §3). */
import type { OrderDetail } from '@mc/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { ordersKeys } from '../../../lib/query-keys.ts';

export function getOrder(id: string, signal?: AbortSignal): Promise<OrderDetail> {
  return http.get<OrderDetail>(`/m/v2/orders/${encodeURIComponent(id)}`, { signal });
}

export function orderQueryOptions(tmk: string, id: string) {
  return queryOptions({
    queryKey: ordersKeys.detail(tmk, id),
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 10_000,
  });
}

export function useOrder(tmk: string | null, id: string | null | undefined) {
  return useQuery({ ...orderQueryOptions(tmk ?? '', id ?? ''), enabled: Boolean(tmk && id) });
}
