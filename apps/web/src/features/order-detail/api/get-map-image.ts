/** The static map image (server-rendered through the maps adapter), fetched with the token as a blob URL. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ordersKeys } from '../../../lib/query-keys.ts';

/** `mapUrl`: the order's `maps.static_map_url`; without one the order has no map and nothing is fetched. */
export function useMapImage(tmk: string, id: string, mapUrl: string | undefined): string | null {
  const q = useQuery({
    queryKey: ordersKeys.map(tmk, id),
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await api.getOrderMap({ params: { tmk, id }, signal })),
    enabled: Boolean(mapUrl) && typeof URL.createObjectURL === 'function',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
  });
  return q.data ?? null;
}
