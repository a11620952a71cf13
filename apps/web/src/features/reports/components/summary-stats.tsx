import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReportsSummary } from '@mc/api';
import { formatDurationShort, formatUsd } from '@mc/domain';

function Stat(props: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text fz="xs" tt="uppercase" fw={700} c="dimmed" component="dt">
        {props.label}
      </Text>
      <Text fz={{ base: 20, sm: 22 }} fw={700} component="dd" m={0} lh={1.3}>
        {props.value}
      </Text>
      {props.hint ? (
        <Text fz="xs" c="dimmed" component="dd" m={0}>
          {props.hint}
        </Text>
      ) : null}
    </Paper>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/** The headline numbers; revenue only when the server sent it (owners and managers). */
export function SummaryStats({ summary }: { summary: ReportsSummary }) {
  const s = summary;
  const pct = (n: number) => (s.orders ? `${Math.round((n / s.orders) * 100)}% of orders` : undefined);
  const median = s.median_minutes_to_accept;
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: s.revenue === undefined ? 6 : 7 }}
      spacing="sm"
      component="dl"
      m={0}
    >
      <Stat label="Orders" value={count(s.orders)} />
      {s.revenue === undefined ? null : (
        <Stat label="Revenue" value={formatUsd(s.revenue)} hint="accepted, not refunded" />
      )}
      <Stat label="Accepted" value={count(s.accepted)} hint={pct(s.accepted)} />
      <Stat label="Rejected" value={count(s.rejected)} hint={pct(s.rejected)} />
      <Stat label="Cancelled" value={count(s.cancelled)} hint={pct(s.cancelled)} />
      <Stat
        label="Median time to accept"
        value={median === null ? '–' : formatDurationShort(median * 60_000)}
      />
      <Stat
        label="On time"
        value={s.on_time.rate === null ? '–' : `${Math.round(s.on_time.rate * 100)}%`}
        hint={`${count(s.on_time.on_time)} on time, ${count(s.on_time.late)} late`}
      />
    </SimpleGrid>
  );
}
