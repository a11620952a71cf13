/**
 * The reports summary of one merchant and period; revenue only for callers that may see it. Read from the kept
 * per-day figures (docs/decisions/0146).
 */
import type { ReportsSummary, ReportsSummaryQuery } from '@mc/api';
import { centsToDollars, reportDeliveryMethodLabel, reportRejectionReasonLabel } from '@mc/domain';
import type { RawQuery } from '../../db/client.ts';
import { buildKeptSummaryQuery } from './reports-summary-kept-sql.ts';
import type { RawSummary } from './reports-summary-sql.ts';

export async function getReportsSummary(
  query: RawQuery,
  merchant: { id: string; timezone: string },
  period: ReportsSummaryQuery,
  opts: { withRevenue: boolean },
): Promise<ReportsSummary> {
  // One prepared statement, the store's hours included: planning it costs about as much as running it
  // (docs/benchmarks.md).
  const q = buildKeptSummaryQuery({
    merchantId: merchant.id,
    timezone: merchant.timezone,
    from: period.from,
    to: period.to,
  });
  const [row] = await query<{ summary: RawSummary | string }>(q.text, q.values, {
    prepare: 'reports_summary',
  });
  const raw: RawSummary = typeof row?.summary === 'string' ? JSON.parse(row.summary) : row!.summary;
  const money = (cents: number) => (opts.withRevenue ? { revenue: centsToDollars(Number(cents)) } : {});
  const { totals, sla } = raw;
  const judged = Number(sla.on_time) + Number(sla.late);
  return {
    from: period.from,
    to: period.to,
    timezone: merchant.timezone,
    orders: Number(totals.orders),
    ...money(totals.revenue_cents),
    accepted: Number(totals.accepted),
    rejected: Number(totals.rejected),
    cancelled: Number(totals.cancelled),
    median_minutes_to_accept:
      sla.median_seconds === null ? null : Math.round((Number(sla.median_seconds) / 60) * 10) / 10,
    on_time: {
      rate: judged === 0 ? null : Math.round((Number(sla.on_time) / judged) * 1000) / 1000,
      on_time: Number(sla.on_time),
      late: Number(sla.late),
    },
    by_day: raw.by_day.map((d) => ({
      date: d.date,
      orders: Number(d.orders),
      accepted: Number(d.accepted),
      rejected: Number(d.rejected),
      cancelled: Number(d.cancelled),
      ...money(d.revenue_cents),
    })),
    by_brand: raw.by_brand.map((b) => ({
      application_ref: b.application_ref,
      name: b.name,
      orders: Number(b.orders),
      ...money(b.revenue_cents),
    })),
    by_delivery_method: raw.by_delivery_method.map((m) => ({
      delivery_method: m.delivery_method,
      label: reportDeliveryMethodLabel(m.delivery_method),
      orders: Number(m.orders),
      ...money(m.revenue_cents),
    })),
    by_rejection_reason: raw.by_rejection_reason.map((r) => ({
      reason: r.reason,
      label: reportRejectionReasonLabel(r.reason),
      orders: Number(r.orders),
    })),
  };
}
