import { Suspense } from 'react';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import { useRecentBatches } from '../hooks/use-recent-batches.ts';

/** Most stores have no recent batch: the panel's code loads when there is one to show. */
const RecentBatchesPanel = lazyNamed(() => import('./recent-batches-panel.tsx'), 'RecentBatchesPanel');

/** The store's recent bulk batches under the toolbar, when it has any (docs/decisions/0088). */
export function RecentBatches({ tmk, timezone }: { tmk: string; timezone: string }) {
  const { data } = useRecentBatches(tmk, true);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RecentBatchesPanel items={items} timezone={timezone} />
    </Suspense>
  );
}
