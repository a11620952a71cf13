/** The bulk tools of the orders list: selection, toolbar and the batch runner. */
export { BulkRowCheckbox, BulkSelectAll } from './components/bulk-checkbox.tsx';
export { BulkToolbar } from './components/bulk-toolbar.tsx';
export { RecentBatches } from './components/recent-batches.tsx';
export { useBulkBatch } from './hooks/use-bulk-batch.ts';
export { useBulkSelection } from './hooks/use-bulk-selection.ts';
