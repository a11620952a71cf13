/**
 * The store's recent batches (docs/decisions/0088), so a batch started before a reload is shown again: polled
 * every second while one of them is still running, then left alone.
 */
import { BULK_POLL_INTERVAL_MS, isBatchRunning } from '@mc/domain';
import { useQuery } from '@tanstack/react-query';
import { bulkKeys } from '../../../lib/query-keys.ts';
import { listBatches } from '../api/bulk-requests.ts';

export function useRecentBatches(tmk: string, enabled: boolean) {
  return useQuery({
    queryKey: bulkKeys.batches(tmk),
    queryFn: ({ signal }) => listBatches(tmk, signal),
    enabled: enabled && Boolean(tmk),
    refetchInterval: (query) =>
      query.state.data?.items.some(isBatchRunning) ? BULK_POLL_INTERVAL_MS : false,
  });
}
