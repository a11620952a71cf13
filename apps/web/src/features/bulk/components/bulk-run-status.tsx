import { Alert, List, Progress, Text } from '@mantine/core';
import { bulkFailureText, MSG } from '@mc/domain';
import type { BulkBatchState } from '../hooks/use-bulk-batch.ts';
import classes from './bulk.module.css';

const ACTION_LABELS = {
  accept: 'Accepting',
  details: 'Preparing order details',
  reports: 'Preparing reports',
} as const;

/** Under the bulk toolbar: the running batch's progress, and the orders the last accept could not accept. */
export function BulkRunStatus({ bulk, selectedCount }: { bulk: BulkBatchState; selectedCount: number }) {
  const { run } = bulk;
  const total = run?.batch?.total_count ?? selectedCount;
  const processed = run?.batch ? run.batch.completed_count + run.batch.error_count : 0;
  return (
    <>
      {run ? (
        <div className={classes.progress} role="status" aria-live="polite">
          <Text fz="xs" c="dimmed">
            {MSG.BULK_PROCESSING}: {ACTION_LABELS[run.action]}
            {run.batch ? ` — ${processed} of ${total}` : ''}
          </Text>
          <Progress
            value={total ? (processed / total) * 100 : 0}
            animated
            size="sm"
            aria-label={`${processed} of ${total} orders processed`}
          />
        </div>
      ) : null}
      {bulk.lastAccept ? (
        <Alert
          color="yellow"
          variant="light"
          title={`${bulk.lastAccept.order_rejected_count} of ${bulk.lastAccept.total_count} orders were not accepted`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={bulk.dismissAccept}
          className={classes.failures}
        >
          <List size="sm" spacing={2}>
            {bulk.lastAccept.failures.map((f) => (
              <List.Item key={f.id}>
                <Text span fw={600} fz="sm">
                  {f.id}
                </Text>
                : {bulkFailureText(f.message)}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </>
  );
}
