/**
 * What the orders list's bulk tools show before a batch runs: the batch states and whether one is still
 * running (the recent batches are polled while one is), and the note under Accept. Apart from bulk.ts, so
 * the list's first screen loads none of the batch rules (docs/decisions/0158).
 */

/** Batch lifecycle: queued → running → done | failed. */
export const BATCH_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** Whether a batch is still being worked on (the console polls while one is). */
export function isBatchRunning(b: { state: BatchState }): boolean {
  return b.state === 'queued' || b.state === 'running';
}

/** Under the bulk Accept button when some selected orders cannot be accepted (Accept leaves them out). */
export function bulkAcceptSkippedText(skipped: number): string {
  return skipped === 1
    ? '1 selected order cannot be accepted (already accepted or closed); Accept leaves it out.'
    : `${skipped} selected orders cannot be accepted (already accepted or closed); Accept leaves them out.`;
}
