import { Anchor, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Batch } from '@mc/api';
import { bulkFailureText, formatOrderDate, isBatchRunning, recentBatchText } from '@mc/domain';
import { IconChevronDown } from '@tabler/icons-react';
import { Suspense, useId, useState } from 'react';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import { useIsPhone } from '../../../lib/media.ts';
import classes from './bulk.module.css';

/** A running batch's bar: Mantine's Progress loads when a batch runs, an empty bar of its height till then. */
const BatchProgress = lazyNamed(() => import('./batch-progress.tsx'), 'BatchProgress');

/** Finished batches shown before 'Show more' (running ones are always shown). */
const FIRST = 1;
/** Failed orders listed per batch (the batch answer itself lists up to 100). */
const FAILURES_SHOWN = 5;

const STATE_COLOR: Record<Batch['state'], string> = {
  queued: 'blue',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};

function files(b: Batch): { label: string; href: string }[] {
  const u = b.batch_pdf_urls;
  const out: { label: string; href: string }[] = [];
  if (b.kind === 'details') {
    if (u.download) out.push({ label: 'Download CSV', href: u.download });
    return out;
  }
  if (u.packingslip) out.push({ label: 'Packing slips', href: u.packingslip });
  if (u.receipt) out.push({ label: 'Receipts', href: u.receipt });
  if (u.picklist) out.push({ label: 'Pick list', href: u.picklist });
  if (u.download && out.length > 1) out.push({ label: 'All (zip)', href: u.download });
  return out;
}

function BatchRow({ batch, timezone }: { batch: Batch; timezone: string }) {
  const t = recentBatchText(batch);
  const running = isBatchRunning(batch);
  const processed = batch.completed_count + batch.error_count;
  const more = batch.error_count - Math.min(batch.failures.length, FAILURES_SHOWN);
  return (
    <li className={classes.batch}>
      <div className={classes.batchHead}>
        <div>
          <Text fz="sm" fw={600}>
            {t.title}
          </Text>
          <Text fz="xs" c="dimmed">
            {formatOrderDate(batch.created_at, timezone)}
          </Text>
        </div>
        <Badge color={`${STATE_COLOR[batch.state]}.9`} variant="filled" radius="sm" tt="none">
          {t.status}
        </Badge>
      </div>
      {running ? (
        <Suspense fallback={<div className={classes.progressPlaceholder} />}>
          <BatchProgress
            value={batch.total_count ? (processed / batch.total_count) * 100 : 0}
            label={`${processed} of ${batch.total_count} orders processed`}
          />
        </Suspense>
      ) : null}
      {files(batch).length ? (
        <Group gap="sm" wrap="wrap">
          {files(batch).map((f) => (
            <Anchor key={f.label} href={f.href} download fz="sm" className={classes.file}>
              {f.label}
            </Anchor>
          ))}
        </Group>
      ) : null}
      {batch.failures.length ? (
        <div>
          <Text fz="xs" fw={600}>
            {batch.kind === 'accept' ? 'Not accepted:' : 'Not included:'}
          </Text>
          <ul className={classes.failureList}>
            {batch.failures.slice(0, FAILURES_SHOWN).map((f) => (
              <li key={f.id}>
                <Text span fw={600} fz="xs">
                  {f.id}
                </Text>
                : {bulkFailureText(f.message)}
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <Text fz="xs" c="dimmed">
              and {more} more
            </Text>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The store's recent bulk batches under the toolbar (docs/decisions/0088): a batch started before a reload is
 * shown again, its progress while it runs, its files and failed orders once it is done. On a phone the panel is
 * folded behind its title (a button saying how many batches and whether one runs), so the orders come first
 * (docs/decisions/0133).
 */
export function RecentBatchesPanel({ items, timezone }: { items: Batch[]; timezone: string }) {
  const [all, setAll] = useState(false);
  const phone = useIsPhone();
  const [unfolded, setUnfolded] = useState(false);
  const bodyId = useId();
  const folded = phone && !unfolded;
  const runningCount = items.filter(isBatchRunning).length;
  // Every running batch and the newest one; the rest behind 'Show n more' (short above the orders on a phone).
  const collapsed = items.filter((b, i) => i < FIRST || isBatchRunning(b));
  const shown = all ? items : collapsed;
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      component="section"
      aria-labelledby="recent-batches-title"
      className={classes.recent}
    >
      <Stack gap={6}>
        <Text id="recent-batches-title" fz="sm" fw={700} component="h2">
          {phone ? (
            <UnstyledButton
              className={classes.foldButton}
              aria-expanded={!folded}
              aria-controls={bodyId}
              onClick={() => setUnfolded(!unfolded)}
            >
              <span>
                Recent bulk batches ({items.length}){runningCount ? ` · ${runningCount} running` : ''}
              </span>
              <IconChevronDown
                size={16}
                aria-hidden="true"
                className={classes.foldChevron}
                data-open={!folded || undefined}
              />
            </UnstyledButton>
          ) : (
            'Recent bulk batches'
          )}
        </Text>
        <ul className={classes.batches} aria-live="polite" id={bodyId} hidden={folded}>
          {shown.map((b) => (
            <BatchRow key={b.batch_id} batch={b} timezone={timezone} />
          ))}
        </ul>
        {!folded && items.length > collapsed.length ? (
          <UnstyledButton onClick={() => setAll(!all)} fz="xs" className={classes.more}>
            {all ? 'Show fewer' : `Show ${items.length - collapsed.length} more`}
          </UnstyledButton>
        ) : null}
      </Stack>
    </Paper>
  );
}
