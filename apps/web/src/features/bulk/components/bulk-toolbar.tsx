import { Alert, Button, Group, List, Paper, Progress, Text } from '@mantine/core';
import { bulkAcceptSkippedText, bulkFailureText, MSG, PRINT_OPTIONS, type PrintOption } from '@mc/domain';
import { IconCheck, IconChevronDown, IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { Suspense, useId, useState } from 'react';
import { DeferredFloating } from '../../../components/deferred-floating.tsx';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import type { BulkBatchState } from '../hooks/use-bulk-batch.ts';
import type { BulkSelection } from '../hooks/use-bulk-selection.ts';
import classes from './bulk.module.css';

/** The confirmation (a modal) loads when Accept is first pressed, not with the list. */
const AcceptConfirm = lazyNamed(() => import('./accept-confirm.tsx'), 'AcceptConfirm');

const PRINT_LABELS: Record<PrintOption, string> = {
  all: 'All (receipts and packing slips)',
  receipt: 'Receipts',
  packingslip: 'Packing slips',
  picklist: 'Pick list',
};
const ACTION_LABELS = {
  accept: 'Accepting',
  details: 'Preparing order details',
  reports: 'Preparing reports',
} as const;

export interface BulkToolbarProps {
  selection: BulkSelection;
  bulk: BulkBatchState;
  /** Each loaded order's total (dollars), for the accept confirmation's sum. */
  totals: ReadonlyMap<string, number>;
  /** Whether the domain lets an order be accepted; Accept sends only those (docs/decisions/0133). */
  acceptable?: (id: string) => boolean;
}

/** Bulk tools over the active tab's list: print dropdown, details CSV and accept. */
export function BulkToolbar({ selection, bulk, totals, acceptable }: BulkToolbarProps) {
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const skippedId = useId();
  if (!selection.enabled) return null;
  const { run } = bulk;
  const none = selection.count === 0;
  const ids = selection.ids;
  const acceptIds = acceptable ? ids.filter(acceptable) : ids;
  const skipped = ids.length - acceptIds.length;
  const total = run?.batch?.total_count ?? selection.count;
  const processed = run?.batch ? run.batch.completed_count + run.batch.error_count : 0;

  return (
    <div className={classes.wrap}>
      <Paper
        withBorder
        radius="md"
        p="xs"
        className={classes.toolbar}
        role="toolbar"
        aria-label="Bulk tools"
        data-none={none || undefined}
      >
        <Text fz="sm" fw={600} className={classes.count} aria-live="polite">
          {none ? 'Select orders for bulk tools' : `${selection.count} selected`}
        </Text>
        <Group gap="xs" wrap="wrap" className={classes.actions}>
          {/* No focus placeholder: a role="menu" holds only its menu items (axe aria-required-children). */}
          <DeferredFloating
            popup="menu"
            target={
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPrinter size={16} aria-hidden="true" />}
                rightSection={<IconChevronDown size={14} aria-hidden="true" />}
                disabled={none}
              >
                Print
              </Button>
            }
          >
            {({ Menu }, target, opened) => (
              <Menu
                position="bottom-end"
                withinPortal
                withInitialFocusPlaceholder={false}
                defaultOpened={opened}
              >
                <Menu.Target>{target}</Menu.Target>
                <Menu.Dropdown>
                  {PRINT_OPTIONS.map((option) => (
                    <Menu.Item key={option} onClick={() => void bulk.downloadReports(ids, option)}>
                      {PRINT_LABELS[option]}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
          </DeferredFloating>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />}
            disabled={none}
            onClick={() => void bulk.downloadDetails(ids)}
            // The toolbar names it "CSV"; the name starts with that word (so speech input finds it) and says
            // what it downloads, as does the pointer's tooltip.
            aria-label="CSV: download the selected orders' details"
            title="Download the selected orders' details as a CSV file"
          >
            CSV
          </Button>
          <Button
            size="xs"
            leftSection={<IconCheck size={16} aria-hidden="true" />}
            disabled={acceptIds.length === 0 || bulk.isRunning}
            onClick={() => setConfirming(acceptIds)}
            aria-describedby={skipped ? skippedId : undefined}
          >
            {skipped ? `Accept ${acceptIds.length} of ${ids.length}` : 'Accept'}
          </Button>
        </Group>
        {skipped ? (
          <Text id={skippedId} fz="xs" c="dimmed" w="100%">
            {bulkAcceptSkippedText(skipped)}
          </Text>
        ) : null}
      </Paper>
      {confirming ? (
        <Suspense fallback={null}>
          <AcceptConfirm
            ids={confirming}
            totals={totals}
            onCancel={() => setConfirming(null)}
            onConfirm={() => {
              setConfirming(null);
              void bulk.accept(confirming);
            }}
          />
        </Suspense>
      ) : null}
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
    </div>
  );
}
