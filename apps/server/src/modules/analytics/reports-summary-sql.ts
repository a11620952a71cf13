/**
 * The reports summary in one statement (docs/decisions/0084-…): the period's orders are read once, an
 * index-only range scan of orders_merchant_date_report_idx (migration 0004: it carries every column used,
 * including the accept and fulfil times kept from order_history by a trigger); only rejected orders are
 * looked up by primary key for their rejection reason. Every status list and
 * delivery-method rule comes from packages/domain as a parameter. Since migration 0016 the endpoint reads
 * the kept per-day figures instead (reports-summary-kept-sql.ts, docs/decisions/0146); this statement stays
 * as the reference its property test and the benchmark compare that answer with.
 */
import {
  ITEM_REASONS,
  REPORT_ACCEPTED_STATUSES,
  REPORT_CANCELLED_STATUSES,
  REPORT_NEXT_BUSINESS_DAY_METHODS,
  REPORT_REJECTED_STATUSES,
  REPORT_REVENUE_STATUSES,
  REPORT_TWO_HOUR_METHODS,
  REPORT_UNSPECIFIED_REASON,
} from '@mc/domain';

export interface SummaryQueryParams {
  merchantId: string;
  timezone: string;
  from: string;
  to: string;
  /** nextBusinessDayOffsets(businessDays(hours)): 7 numbers, Sunday first. */
  nextBusinessDayOffsets: readonly number[];
}

const SQL = `
WITH b AS (
  SELECT ($3::date::timestamp AT TIME ZONE $2) AS t0, (($4::date + 1)::timestamp AT TIME ZONE $2) AS t1
),
o AS MATERIALIZED (
  SELECT o.id, o.status, o.delivery_method, o.application_ref, o.total_cents, o.date_submitted,
         o.delivery_window_end, o.accepted_at, o.fulfilled_at, (o.date_submitted AT TIME ZONE $2)::date AS day
  FROM orders o, b
  WHERE o.merchant_id = $1 AND o.date_submitted >= b.t0 AND o.date_submitted < b.t1
),
acc AS MATERIALIZED (
  SELECT o.date_submitted, o.accepted_at, o.fulfilled_at AS done_at,
    CASE
      WHEN o.delivery_method = 'scheduled' AND o.delivery_window_end IS NOT NULL THEN o.delivery_window_end
      WHEN o.delivery_method = ANY($9::text[]) THEN o.date_submitted + interval '2 hours'
      WHEN o.delivery_method = ANY($10::text[])
        THEN ((o.day + ($11::int[])[extract(dow FROM o.day)::int + 1] + 1)::timestamp AT TIME ZONE $2)
    END AS due
  FROM o
  WHERE o.status = ANY($5::text[])
),
-- Totals and the day, brand and method breakdowns in one pass (grouping sets; GROUPING() bits: day 4,
-- brand 2, method 1, so 7 = totals, 3 = by day, 5 = by brand, 6 = by method).
gs AS MATERIALIZED (
  SELECT GROUPING(day, application_ref, delivery_method) AS gset, day, application_ref, delivery_method,
    count(*) AS orders,
    count(*) FILTER (WHERE status = ANY($5::text[])) AS accepted,
    count(*) FILTER (WHERE status = ANY($6::text[])) AS rejected,
    count(*) FILTER (WHERE status = ANY($7::text[])) AS cancelled,
    coalesce(sum(total_cents) FILTER (WHERE status = ANY($8::text[])), 0) AS revenue_cents
  FROM o GROUP BY GROUPING SETS ((), (day), (application_ref), (delivery_method))
)
SELECT json_build_object(
  'totals', (SELECT json_build_object('orders', orders, 'accepted', accepted, 'rejected', rejected,
      'cancelled', cancelled, 'revenue_cents', revenue_cents) FROM gs WHERE gset = 7),
  'sla', (SELECT json_build_object(
      'median_seconds', percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM accepted_at - date_submitted))
        FILTER (WHERE accepted_at IS NOT NULL),
      'on_time', count(*) FILTER (WHERE accepted_at IS NOT NULL AND done_at <= due),
      'late', count(*) FILTER (WHERE accepted_at IS NOT NULL AND (done_at > due OR (done_at IS NULL AND due < now()))))
    FROM acc),
  'by_day', (SELECT coalesce(json_agg(x ORDER BY x.date), '[]'::json) FROM (
      SELECT to_char(d, 'YYYY-MM-DD') AS date, coalesce(g.orders, 0) AS orders, coalesce(g.accepted, 0) AS accepted,
        coalesce(g.rejected, 0) AS rejected, coalesce(g.cancelled, 0) AS cancelled,
        coalesce(g.revenue_cents, 0) AS revenue_cents
      FROM generate_series($3::date, $4::date, interval '1 day') d
      LEFT JOIN gs g ON g.gset = 3 AND g.day = d::date) x),
  'by_brand', (SELECT coalesce(json_agg(x ORDER BY x.orders DESC, x.application_ref), '[]'::json) FROM (
      SELECT g.application_ref, coalesce(a.name, g.application_ref) AS name, g.orders, g.revenue_cents
      FROM gs g LEFT JOIN applications a ON a.ref = g.application_ref WHERE g.gset = 5) x),
  'by_delivery_method', (SELECT coalesce(json_agg(x ORDER BY x.orders DESC, x.delivery_method), '[]'::json) FROM (
      SELECT delivery_method, orders, revenue_cents FROM gs WHERE gset = 6) x),
  'by_rejection_reason', (SELECT coalesce(json_agg(x ORDER BY x.orders DESC, x.reason), '[]'::json) FROM (
      SELECT coalesce(
          (SELECT k FROM unnest($12::text[]) k WHERE r.rejection_message ? k LIMIT 1),
          r.rejection_message #>> '{rejected,reason}',
          $13) AS reason,
        count(*) AS orders
      FROM o JOIN orders r ON r.id = o.id WHERE o.status = ANY($6::text[]) GROUP BY 1) x)
) AS summary`;

export function buildSummaryQuery(p: SummaryQueryParams): { text: string; values: unknown[] } {
  return {
    text: SQL,
    values: [
      p.merchantId,
      p.timezone,
      p.from,
      p.to,
      REPORT_ACCEPTED_STATUSES,
      REPORT_REJECTED_STATUSES,
      REPORT_CANCELLED_STATUSES,
      REPORT_REVENUE_STATUSES,
      REPORT_TWO_HOUR_METHODS,
      REPORT_NEXT_BUSINESS_DAY_METHODS,
      p.nextBusinessDayOffsets,
      ITEM_REASONS,
      REPORT_UNSPECIFIED_REASON,
    ],
  };
}

export interface RawSummary {
  totals: { orders: number; accepted: number; rejected: number; cancelled: number; revenue_cents: number };
  sla: { median_seconds: number | null; on_time: number; late: number };
  by_day: {
    date: string;
    orders: number;
    accepted: number;
    rejected: number;
    cancelled: number;
    revenue_cents: number;
  }[];
  by_brand: { application_ref: string; name: string; orders: number; revenue_cents: number }[];
  by_delivery_method: { delivery_method: string; orders: number; revenue_cents: number }[];
  by_rejection_reason: { reason: string; orders: number }[];
}
