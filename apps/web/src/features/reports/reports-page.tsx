import type { BarChartProps } from '@mantine/charts';
import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_TIMEZONE,
  isoDateInZone,
  REPORT_STILL_OPEN_LABEL,
  reportDaysNote,
  reportPresetRange,
} from '@mc/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, useMemo, useState } from 'react';
import { Spinner } from '../../components/page-loader.tsx';
import { merchantQueryOptions } from '../../lib/merchant-api.ts';
import { useSession } from '../../lib/session.ts';
import { type ReportPeriod, reportsSummaryQueryOptions } from './api/get-reports-summary.ts';
import { ChartCard } from './components/chart-card.tsx';
import { customPeriodError, type PeriodChoice, PeriodPicker } from './components/period-picker.tsx';
import { reportTables } from './components/report-tables.ts';
import { SummaryStats } from './components/summary-stats.tsx';

// Charts come in their own chunk: the headline numbers and the tables do not wait for recharts.
const ReportBarChart = lazy(async () => ({
  default: (await import('./components/report-bar-chart.tsx')).ReportBarChart,
}));

/** Orders by one thing (rejection reason, brand, delivery method): a bar a row, the chart as tall as the rows. */
function OrderCountBars({
  data,
  dataKey,
  color,
}: {
  data: BarChartProps['data'];
  dataKey: string;
  color: string;
}) {
  return (
    <ReportBarChart
      h={Math.max(160, 44 * data.length)}
      data={data}
      dataKey={dataKey}
      orientation="vertical"
      yAxisProps={{ width: 130 }}
      series={[{ name: 'orders', label: 'Orders', color }]}
    />
  );
}

/** /reports: the period's orders, revenue (owners and managers), SLA and breakdowns (docs/decisions/0084). */
export function ReportsPage() {
  const { merchantKey } = useSession();
  const tmk = merchantKey ?? '';
  const merchant = useQuery({ ...merchantQueryOptions(tmk), enabled: Boolean(tmk) });
  const tz = merchant.data?.timezone ?? DEFAULT_TIMEZONE;
  const today = isoDateInZone(new Date(), tz);
  const [choice, setChoice] = useState<PeriodChoice>('30');
  const [custom, setCustom] = useState<ReportPeriod>(() => reportPresetRange(30, today));
  const period: ReportPeriod = choice === 'custom' ? custom : reportPresetRange(Number(choice), today);
  const canAsk = Boolean(tmk) && (choice !== 'custom' || customPeriodError(custom.from, custom.to) === null);
  const summary = useQuery({ ...reportsSummaryQueryOptions(tmk, period), enabled: canAsk });
  const s = summary.data;
  const tables = useMemo(() => (s ? reportTables(s) : null), [s]);
  // Orders per day, stacked: the part not yet accepted, rejected or cancelled is still open.
  const chartDays = useMemo(
    () => (s?.by_day ?? []).map((d) => ({ ...d, open: d.orders - d.accepted - d.rejected - d.cancelled })),
    [s],
  );
  const stamp = `${period.from}-to-${period.to}`;

  function handleChoice(c: PeriodChoice) {
    if (c === 'custom') setCustom(period);
    setChoice(c);
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Reports
          </Title>
          <Text c="dimmed" fz="sm">
            {period.from} to {period.to} · {reportDaysNote(s?.timezone ?? tz)}
          </Text>
        </div>
        <PeriodPicker
          choice={choice}
          onChoice={handleChoice}
          from={custom.from}
          to={custom.to}
          onFrom={(from) => setCustom((p) => ({ ...p, from }))}
          onTo={(to) => setCustom((p) => ({ ...p, to }))}
          today={today}
        />
      </Group>
      {summary.isError ? (
        <Alert color="red" title="The report could not be loaded">
          {summary.error.message}
        </Alert>
      ) : null}
      {!s || !tables ? (
        summary.isError ? null : (
          <Group justify="center" py="xl">
            <Spinner label="Loading the report" />
          </Group>
        )
      ) : (
        <Stack gap="md" aria-busy={summary.isFetching}>
          <SummaryStats summary={s} />
          <ChartCard title="Orders per day" fileName={`orders-per-day-${stamp}.csv`} table={tables.byDay}>
            <ReportBarChart
              h={260}
              data={chartDays}
              dataKey="date"
              type="stacked"
              withLegend
              series={[
                { name: 'accepted', label: 'Accepted', color: 'teal.6' },
                { name: 'rejected', label: 'Rejected', color: 'orange.6' },
                { name: 'cancelled', label: 'Cancelled', color: 'gray.5' },
                { name: 'open', label: REPORT_STILL_OPEN_LABEL, color: 'blue.3' },
              ]}
              xAxisProps={{ tickFormatter: (d: string) => d.slice(5), minTickGap: 16 }}
            />
          </ChartCard>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ChartCard
              title="Rejection reasons"
              fileName={`rejection-reasons-${stamp}.csv`}
              table={tables.reasons}
              empty="No rejected orders in this period."
            >
              <OrderCountBars data={s.by_rejection_reason} dataKey="label" color="orange.6" />
            </ChartCard>
            <ChartCard
              title="Orders by brand"
              fileName={`orders-by-brand-${stamp}.csv`}
              table={tables.brands}
            >
              <OrderCountBars data={s.by_brand} dataKey="name" color="blue.6" />
            </ChartCard>
          </SimpleGrid>
          <ChartCard
            title="Orders by delivery method"
            fileName={`orders-by-delivery-method-${stamp}.csv`}
            table={tables.methods}
          >
            <OrderCountBars data={s.by_delivery_method} dataKey="label" color="grape.6" />
          </ChartCard>
        </Stack>
      )}
    </Stack>
  );
}
