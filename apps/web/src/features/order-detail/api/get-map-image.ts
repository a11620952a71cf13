/** The static map image (server-rendered through the maps adapter), fetched with the token as a blob URL. */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { ordersKeys } from '../../../lib/query-keys.ts';

export async function getMapImage(path: string, signal?: AbortSignal): Promise<Blob> {
  const res = await http.raw('GET', path, { signal });
  return res.blob();
}

export function useMapImage(tmk: string, id: string, path: string | undefined): string | null {
  const q = useQuery({
    queryKey: ordersKeys.map(tmk, id),
    queryFn: async ({ signal }) => URL.createObjectURL(await getMapImage(path ?? '', signal)),
    enabled: Boolean(path) && typeof URL.createObjectURL === 'function',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
  });
  return q.data ?? null;
}
