import { Button, Group, Paper, Text } from '@mantine/core';
import { bulkAcceptSkippedText, PRINT_OPTIONS, type PrintOption } from '@mc/domain';
import { IconCheck, IconChevronDown, IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { Suspense, useId, useState } from 'react';
import { DeferredFloating } from '../../../components/deferred-floating.tsx';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import type { BulkBatchState } from '../hooks/use-bulk-batch.ts';
import type { BulkSelection } from '../hooks/use-bulk-selection.ts';
import classes from './bulk.module.css';

/** The confirmation (a modal) loads when Accept is first pressed, not with the list. */
const AcceptConfirm = lazyNamed(() => import('./accept-confirm.tsx'), 'AcceptConfirm');
/** A batch's progress and the failures of the last accept load when there is one (docs/decisions/0158). */
const BulkRunStatus = lazyNamed(() => import('./bulk-run-status.tsx'), 'BulkRunStatus');

const PRINT_LABELS: Record<PrintOption, string> = {
  all: 'All (receipts and packing slips)',
  receipt: 'Receipts',
  packingslip: 'Packing slips',
  picklist: 'Pick list',
};

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
      {run || bulk.lastAccept ? (
        <Suspense fallback={null}>
          <BulkRunStatus bulk={bulk} selectedCount={selection.count} />
        </Suspense>
      ) : null}
    </div>
  );
}
