/**
 * The reports summary from the kept per-store, per-day figures (migration 0016, docs/decisions/0146): the
 * same answer as the orders scan of reports-summary-sql.ts (the reference, kept for the property test and
 * the benchmark's floor), read from one primary-key range of report_day_figures (every slot, breakdown and
 * day of the period). Two small reads of orders remain, each through an index of its own: the accepted
 * orders not yet fulfilled (whether one is late depends on the clock), and the one or two accept-time
 * buckets holding the median, whose exact values percentile_cont's interpolation needs. The store's hours
 * are read by the same statement (one round trip for the whole summary).
 */
import {
  MONDAY_TO_FRIDAY,
  REPORT_ACCEPTED_STATUSES,
  REPORT_NEXT_BUSINESS_DAY_METHODS,
  REPORT_TWO_HOUR_METHODS,
  WEEKDAYS_SUNDAY_FIRST,
} from '@mc/domain';
import type { SummaryQueryParams } from './reports-summary-sql.ts';

/**
 * Two CTEs, `bd` and `off`: `off.o` holds the days from each weekday (Sunday first) to the store's next
 * business day, @mc/domain's nextBusinessDayOffsets over businessDays of its hours (the weekdays listed,
 * lower-cased and trimmed; Monday to Friday when none is one). The hours API stores only weekday names it
 * has checked, so SQL's lower() and trim() see what JavaScript's do; a test compares both over every set of
 * days. The arguments are the statement's parameters: the merchant's id, WEEKDAYS_SUNDAY_FIRST and Monday to
 * Friday.
 */
export function businessDayOffsetsCte(merchant: string, weekdays: string, fallback: string): string {
  return `bd AS (
  SELECT coalesce(array_agg(DISTINCT w) FILTER (WHERE w = ANY(${weekdays}::text[])), ${fallback}::text[]) AS days
  FROM (SELECT lower(trim(weekday)) AS w FROM merchant_hours WHERE merchant_id = ${merchant}) h
),
off AS (
  SELECT array_agg((SELECT coalesce(min(i), 1) FROM generate_series(1, 7) i
      WHERE (${weekdays}::text[])[(dow + i) % 7 + 1] = ANY(bd.days)) ORDER BY dow) AS o
  FROM bd, generate_series(0, 6) dow
)`;
}

const SQL = `
WITH b AS (
  SELECT ($3::date::timestamp AT TIME ZONE $2) AS t0, (($4::date + 1)::timestamp AT TIME ZONE $2) AS t1
),
${businessDayOffsetsCte('$1', '$8', '$9')},
-- One pass over the period's kept rows: the slots summed; the day and the shipping verdicts (which need the
-- weekday) per day, every other breakdown over the whole period.
k AS MATERIALIZED (
  SELECT dim, CASE WHEN dim IN (0, 5) THEN day END AS day, key, sum(orders) AS orders,
    sum(accepted) AS accepted, sum(rejected) AS rejected, sum(cancelled) AS cancelled,
    sum(revenue_cents) AS revenue_cents, sum(on_time) AS on_time, sum(late) AS late
  FROM report_day_figures
  WHERE merchant_id = $1 AND day >= $3::date AND day <= $4::date
  GROUP BY 1, 2, 3
),
d AS MATERIALIZED (SELECT * FROM k WHERE dim = 0 AND orders <> 0),
-- Accepted, not yet fulfilled: late once its due time has passed (the same due rule as the orders scan).
open AS (
  SELECT count(*) FILTER (WHERE due < now()) AS late FROM (
    SELECT CASE
      WHEN o.delivery_method = 'scheduled' AND o.delivery_window_end IS NOT NULL THEN o.delivery_window_end
      WHEN o.delivery_method = ANY($6::text[]) THEN o.date_submitted + interval '2 hours'
      WHEN o.delivery_method = ANY($7::text[]) THEN
        (((o.date_submitted AT TIME ZONE $2)::date
          + off.o[extract(dow FROM (o.date_submitted AT TIME ZONE $2)::date)::int + 1] + 1)::timestamp AT TIME ZONE $2)
    END AS due
    FROM orders o, b, off
    WHERE o.merchant_id = $1 AND o.accepted_at IS NOT NULL AND o.fulfilled_at IS NULL
      AND o.date_submitted >= b.t0 AND o.date_submitted < b.t1 AND o.status = ANY($5::text[])) x
),
-- Shipping orders fulfilled: on time when the store's offset for that weekday reaches the needed one.
nbd AS (
  SELECT coalesce(sum(orders) FILTER (WHERE off.o[extract(dow FROM day)::int + 1] >= key::int), 0) AS on_time,
    coalesce(sum(orders) FILTER (WHERE off.o[extract(dow FROM day)::int + 1] < key::int), 0) AS late
  FROM k, off WHERE dim = 5
),
-- The median: the kept histogram gives the bucket and the place in it of the one or two middle ranks
-- (percentile_cont's floor and ceiling of 0.5 × (n − 1)); the bucket's accept times come from its index.
h AS (SELECT key::int AS bucket, orders AS n FROM k WHERE dim = 4 AND orders > 0),
hc AS (SELECT bucket, n, sum(n) OVER (ORDER BY bucket) - n AS before, sum(n) OVER () AS total FROM h),
r AS (
  SELECT DISTINCT v.rk FROM (SELECT total FROM hc LIMIT 1) t,
    LATERAL (VALUES (floor(0.5 * (t.total - 1))), (ceil(0.5 * (t.total - 1)))) v(rk)
),
picks AS (
  SELECT r.rk, (
    SELECT extract(epoch FROM o.accepted_at - o.date_submitted)::float8 AS s FROM orders o, b
    WHERE o.merchant_id = $1 AND report_accept_bucket(o.accepted_at, o.date_submitted) = hc.bucket
      AND o.accepted_at IS NOT NULL AND o.date_submitted >= b.t0 AND o.date_submitted < b.t1
      AND o.status = ANY($5::text[])
    ORDER BY 1 OFFSET (r.rk - hc.before)::bigint LIMIT 1) AS v
  FROM r JOIN hc ON r.rk >= hc.before AND r.rk < hc.before + hc.n
),
med AS (
  SELECT CASE WHEN count(*) = 0 THEN NULL
    WHEN count(*) = 1 THEN min(v)
    ELSE (SELECT v FROM picks ORDER BY rk LIMIT 1)
      + 0.5::float8 * ((SELECT v FROM picks ORDER BY rk DESC LIMIT 1) - (SELECT v FROM picks ORDER BY rk LIMIT 1))
  END AS median_seconds FROM picks
),
tot AS (
  SELECT coalesce(sum(orders), 0) AS orders, coalesce(sum(accepted), 0) AS accepted,
    coalesce(sum(rejected), 0) AS rejected, coalesce(sum(cancelled), 0) AS cancelled,
    coalesce(sum(revenue_cents), 0) AS revenue_cents, coalesce(sum(on_time), 0) AS on_time,
    coalesce(sum(late), 0) AS late
  FROM d
)
SELECT json_build_object(
  'totals', (SELECT json_build_object('orders', orders, 'accepted', accepted, 'rejected', rejected,
      'cancelled', cancelled, 'revenue_cents', revenue_cents) FROM tot),
  'sla', (SELECT json_build_object('median_seconds', med.median_seconds,
      'on_time', tot.on_time + nbd.on_time, 'late', tot.late + nbd.late + open.late)
    FROM tot, nbd, open, med),
  'by_day', (SELECT coalesce(json_agg(x ORDER BY x.date), '[]'::json) FROM (
      SELECT to_char(s, 'YYYY-MM-DD') AS date, coalesce(d.orders, 0) AS orders, coalesce(d.accepted, 0) AS accepted,
        coalesce(d.rejected, 0) AS rejected, coalesce(d.cancelled, 0) AS cancelled,
        coalesce(d.revenue_cents, 0) AS revenue_cents
      FROM generate_series($3::date, $4::date, interval '1 day') s
      LEFT JOIN d ON d.day = s::date) x),
  'by_brand', (SELECT coalesce(json_agg(x ORDER BY x.orders DESC, x.application_ref), '[]'::json) FROM (
      SELECT g.key AS application_ref, coalesce(a.name, g.key) AS name, g.orders, g.revenue_cents
      FROM k g
      LEFT JOIN applications a ON a.ref = g.key WHERE g.dim = 1 AND g.orders > 0) x),
  'by_delivery_method', (SELECT coalesce(json_agg(x ORDER BY x.orders DESC, x.delivery_method), '[]'::json) FROM (
      SELECT key AS delivery_method, orders, revenue_cents FROM k WHERE dim = 2 AND orders > 0) x),
  'by_rejection_reason', (SELECT coalesce(json_agg(x ORDER BY x.orders DESC, x.reason), '[]'::json) FROM (
      SELECT key AS reason, orders FROM k WHERE dim = 3 AND orders > 0) x)
) AS summary`;

/** The summary's statement; the business days come from the store's hours in the database. */
export function buildKeptSummaryQuery(p: Omit<SummaryQueryParams, 'nextBusinessDayOffsets'>): {
  text: string;
  values: unknown[];
} {
  return {
    text: SQL,
    values: [
      p.merchantId,
      p.timezone,
      p.from,
      p.to,
      REPORT_ACCEPTED_STATUSES,
      REPORT_TWO_HOUR_METHODS,
      REPORT_NEXT_BUSINESS_DAY_METHODS,
      WEEKDAYS_SUNDAY_FIRST,
      // the business days of a store whose hours list none (businessDays)
      MONDAY_TO_FRIDAY,
    ],
  };
}
