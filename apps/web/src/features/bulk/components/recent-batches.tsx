import { useRecentBatches } from '../hooks/use-recent-batches.ts';
import { RecentBatchesPanel } from './recent-batches-panel.tsx';

/**
 * The store's recent bulk batches under the toolbar, when it has any (docs/decisions/0088). With the page,
 * not on first show: loaded after its data, the panel pushed the rows down under a pointer about to click
 * one (docs/decisions/0158).
 */
export function RecentBatches({ tmk, timezone }: { tmk: string; timezone: string }) {
  const { data } = useRecentBatches(tmk, true);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return <RecentBatchesPanel items={items} timezone={timezone} />;
}
