-- Reports summary from kept per-store, per-day figures (docs/decisions/0146). One row per store, local day
-- (the store's time zone), breakdown (dim) and key, and write slot: the summary of a period sums these rows
-- instead of reading the period's orders. dim 0: the day itself (key '', counts, revenue and the SLA verdicts
-- whose due time is fixed by the order); 1: brand (application_ref); 2: delivery method; 3: rejection reason;
-- 4: accept-time bucket (report_accept_bucket, for the median); 5: shipping orders fulfilled, keyed by the
-- fewest business-day offset (1-7, 8 = none) that would have made them on time. A status change adds its
-- delta in the same transaction (a statement trigger on orders). `slot` is the writing backend's pid mod 4,
-- so concurrent writers to one store-day mostly land on different rows; the reader sums the slots.
-- The status, method and reason lists below are those of packages/domain/src/reports.ts and ITEM_REASONS
-- (report-day-figures.test.ts keeps them equal).
CREATE TABLE IF NOT EXISTS "report_day_figures" (
	"merchant_id" uuid NOT NULL REFERENCES "merchants"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"dim" smallint NOT NULL,
	"key" text NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"late" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("merchant_id", "day", "dim", "key", "slot")
);
--> statement-breakpoint
-- The accept-time bucket of the median: 5-minute steps for the first 2 hours, hours up to 48 hours, then days.
-- One expression, so the planner inlines it the same way in the index below and in the summary's lookup.
CREATE OR REPLACE FUNCTION report_accept_bucket(accepted timestamptz, submitted timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN extract(epoch FROM accepted - submitted) < 0 THEN -1
    WHEN extract(epoch FROM accepted - submitted) < 7200 THEN floor(extract(epoch FROM accepted - submitted) / 300)::int
    WHEN extract(epoch FROM accepted - submitted) < 172800 THEN 22 + floor(extract(epoch FROM accepted - submitted) / 3600)::int
    ELSE 70 + least(floor(extract(epoch FROM accepted - submitted) / 86400), 100000)::int
  END
$$;
--> statement-breakpoint
-- Which headline numbers a status counts in (REPORT_*_STATUSES).
CREATE OR REPLACE FUNCTION report_status_flags(s text, OUT accepted boolean, OUT rejected boolean,
  OUT cancelled boolean, OUT revenue boolean)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT s IN ('MERCHANT_ACCEPTED','MERCHANT_SHIPPED','CLOSED','DISPUTED','REFUNDED'),
         s IN ('MERCHANT_REJECTED','REJECTED_PARTIAL'),
         s IN ('CANCELLED','PAYMENT_DECLINED'),
         s IN ('MERCHANT_ACCEPTED','MERCHANT_SHIPPED','CLOSED','DISPUTED')
$$;
--> statement-breakpoint
-- The SLA rule of a delivery method (REPORT_TWO_HOUR_METHODS, REPORT_NEXT_BUSINESS_DAY_METHODS).
CREATE OR REPLACE FUNCTION report_method_rule(m text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN m IN ('on_demand','courier','scheduled') THEN 'two_hour'
              WHEN m IN ('shipping') THEN 'next_business_day' END
$$;
--> statement-breakpoint
-- A rejected order's reason: the first item reason present (ITEM_REASONS), else the whole-order reason,
-- else REPORT_UNSPECIFIED_REASON.
CREATE OR REPLACE FUNCTION report_rejection_reason(msg jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (SELECT k FROM unnest(ARRAY['outOfStock','wrongPrice']) k WHERE msg ? k LIMIT 1),
    msg #>> '{rejected,reason}',
    'unspecified')
$$;
--> statement-breakpoint
-- The store's time zone, or UTC when PostgreSQL does not know it: a store whose zone is wrong must never
-- make writing its orders fail (its figures are then kept by UTC days).
CREATE OR REPLACE FUNCTION report_safe_tz(tz text) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE tz;
  RETURN tz;
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN 'UTC';
END $$;
--> statement-breakpoint
-- One order's share of the kept figures: one row per breakdown it counts in.
CREATE OR REPLACE FUNCTION report_order_parts(tz text, status text, method text, app_ref text, total_cents integer,
  submitted timestamptz, window_end timestamptz, accepted_at timestamptz, fulfilled_at timestamptz, rejection jsonb)
RETURNS TABLE (day date, dim smallint, key text, orders integer, accepted integer, rejected integer,
  cancelled integer, revenue_cents bigint, on_time integer, late integer)
LANGUAGE sql STABLE AS $$
  WITH f AS (
    SELECT (submitted AT TIME ZONE report_safe_tz(tz))::date AS day, fl.accepted AS acc, fl.rejected AS rej, fl.cancelled AS can,
      CASE WHEN fl.revenue THEN total_cents ELSE 0 END::bigint AS rev,
      fl.accepted AND accepted_at IS NOT NULL AS judged,
      CASE WHEN method = 'scheduled' AND window_end IS NOT NULL THEN window_end
           WHEN report_method_rule(method) = 'two_hour' THEN submitted + interval '2 hours' END AS fixed_due,
      NOT (method = 'scheduled' AND window_end IS NOT NULL)
        AND report_method_rule(method) = 'next_business_day' AS nbd
    FROM report_status_flags(status) fl
  )
  SELECT f.day, 0::smallint, ''::text, 1, f.acc::int, f.rej::int, f.can::int, f.rev,
    coalesce(f.judged AND fulfilled_at <= f.fixed_due, false)::int,
    coalesce(f.judged AND fulfilled_at > f.fixed_due, false)::int
  FROM f
  UNION ALL SELECT f.day, 1::smallint, app_ref, 1, 0, 0, 0, f.rev, 0, 0 FROM f
  UNION ALL SELECT f.day, 2::smallint, method, 1, 0, 0, 0, f.rev, 0, 0 FROM f
  UNION ALL SELECT f.day, 3::smallint, report_rejection_reason(rejection), 1, 0, 0, 0, 0, 0, 0 FROM f WHERE f.rej
  UNION ALL SELECT f.day, 4::smallint, report_accept_bucket(accepted_at, submitted)::text, 1, 0, 0, 0, 0, 0, 0
    FROM f WHERE f.judged
  UNION ALL SELECT f.day, 5::smallint, (SELECT coalesce(min(k), 8) FROM generate_series(1, 7) k
      WHERE fulfilled_at <= ((f.day + k + 1)::timestamp AT TIME ZONE report_safe_tz(tz)))::text, 1, 0, 0, 0, 0, 0, 0
    FROM f WHERE f.judged AND f.nbd AND fulfilled_at IS NOT NULL
$$;
--> statement-breakpoint
-- Adds the statement's net deltas: one INSERT … ON CONFLICT DO UPDATE, rows in key order (so two writers
-- never take the same rows in opposite orders within a statement), rows whose delta is zero left alone.
CREATE OR REPLACE FUNCTION orders_keep_report_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s smallint := (pg_backend_pid() % 4)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_figures AS f (merchant_id, day, dim, key, slot, orders, accepted, rejected, cancelled,
        revenue_cents, on_time, late)
    SELECT n.merchant_id, p.day, p.dim, p.key, s, sum(p.orders), sum(p.accepted), sum(p.rejected),
      sum(p.cancelled), sum(p.revenue_cents), sum(p.on_time), sum(p.late)
    FROM new_rows n JOIN merchants m ON m.id = n.merchant_id,
      LATERAL report_order_parts(m.timezone, n.status, n.delivery_method, n.application_ref, n.total_cents,
        n.date_submitted, n.delivery_window_end, n.accepted_at, n.fulfilled_at, n.rejection_message) p
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, dim, key, slot) DO UPDATE SET orders = f.orders + EXCLUDED.orders,
      accepted = f.accepted + EXCLUDED.accepted, rejected = f.rejected + EXCLUDED.rejected,
      cancelled = f.cancelled + EXCLUDED.cancelled, revenue_cents = f.revenue_cents + EXCLUDED.revenue_cents,
      on_time = f.on_time + EXCLUDED.on_time, late = f.late + EXCLUDED.late;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_figures AS f (merchant_id, day, dim, key, slot, orders, accepted, rejected, cancelled,
        revenue_cents, on_time, late)
    SELECT o.merchant_id, p.day, p.dim, p.key, s, -sum(p.orders), -sum(p.accepted), -sum(p.rejected),
      -sum(p.cancelled), -sum(p.revenue_cents), -sum(p.on_time), -sum(p.late)
    FROM old_rows o JOIN merchants m ON m.id = o.merchant_id,
      LATERAL report_order_parts(m.timezone, o.status, o.delivery_method, o.application_ref, o.total_cents,
        o.date_submitted, o.delivery_window_end, o.accepted_at, o.fulfilled_at, o.rejection_message) p
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, dim, key, slot) DO UPDATE SET orders = f.orders + EXCLUDED.orders,
      accepted = f.accepted + EXCLUDED.accepted, rejected = f.rejected + EXCLUDED.rejected,
      cancelled = f.cancelled + EXCLUDED.cancelled, revenue_cents = f.revenue_cents + EXCLUDED.revenue_cents,
      on_time = f.on_time + EXCLUDED.on_time, late = f.late + EXCLUDED.late;
  ELSE
    -- Only the rows whose counted columns changed; each as minus its old share plus its new one.
    INSERT INTO report_day_figures AS f (merchant_id, day, dim, key, slot, orders, accepted, rejected, cancelled,
        revenue_cents, on_time, late)
    SELECT x.merchant_id, p.day, p.dim, p.key, s, sum(x.sign * p.orders), sum(x.sign * p.accepted),
      sum(x.sign * p.rejected), sum(x.sign * p.cancelled), sum(x.sign * p.revenue_cents),
      sum(x.sign * p.on_time), sum(x.sign * p.late)
    FROM (
      SELECT -1 AS sign, o.* FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id
        AND (n.merchant_id, n.status, n.delivery_method, n.application_ref, n.total_cents, n.date_submitted,
             n.delivery_window_end, n.accepted_at, n.fulfilled_at, n.rejection_message)
        IS NOT DISTINCT FROM (o.merchant_id, o.status, o.delivery_method, o.application_ref, o.total_cents,
             o.date_submitted, o.delivery_window_end, o.accepted_at, o.fulfilled_at, o.rejection_message))
      UNION ALL
      SELECT 1 AS sign, n.* FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id
        AND (n.merchant_id, n.status, n.delivery_method, n.application_ref, n.total_cents, n.date_submitted,
             n.delivery_window_end, n.accepted_at, n.fulfilled_at, n.rejection_message)
        IS NOT DISTINCT FROM (o.merchant_id, o.status, o.delivery_method, o.application_ref, o.total_cents,
             o.date_submitted, o.delivery_window_end, o.accepted_at, o.fulfilled_at, o.rejection_message))
    ) x JOIN merchants m ON m.id = x.merchant_id,
      LATERAL report_order_parts(m.timezone, x.status, x.delivery_method, x.application_ref, x.total_cents,
        x.date_submitted, x.delivery_window_end, x.accepted_at, x.fulfilled_at, x.rejection_message) p
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.sign * p.orders) <> 0 OR sum(x.sign * p.accepted) <> 0 OR sum(x.sign * p.rejected) <> 0
      OR sum(x.sign * p.cancelled) <> 0 OR sum(x.sign * p.revenue_cents) <> 0 OR sum(x.sign * p.on_time) <> 0
      OR sum(x.sign * p.late) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, dim, key, slot) DO UPDATE SET orders = f.orders + EXCLUDED.orders,
      accepted = f.accepted + EXCLUDED.accepted, rejected = f.rejected + EXCLUDED.rejected,
      cancelled = f.cancelled + EXCLUDED.cancelled, revenue_cents = f.revenue_cents + EXCLUDED.revenue_cents,
      on_time = f.on_time + EXCLUDED.on_time, late = f.late + EXCLUDED.late;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_report_days_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_report_days();
--> statement-breakpoint
CREATE TRIGGER orders_keep_report_days_upd AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_report_days();
--> statement-breakpoint
CREATE TRIGGER orders_keep_report_days_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_report_days();
--> statement-breakpoint
-- A store's figures, counted again from its orders (slot 0).
CREATE OR REPLACE FUNCTION report_days_rebuild(mid uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_day_figures WHERE merchant_id = mid;
  INSERT INTO report_day_figures (merchant_id, day, dim, key, slot, orders, accepted, rejected, cancelled,
      revenue_cents, on_time, late)
  SELECT o.merchant_id, p.day, p.dim, p.key, 0, sum(p.orders), sum(p.accepted), sum(p.rejected),
    sum(p.cancelled), sum(p.revenue_cents), sum(p.on_time), sum(p.late)
  FROM orders o JOIN merchants m ON m.id = o.merchant_id,
    LATERAL report_order_parts(m.timezone, o.status, o.delivery_method, o.application_ref, o.total_cents,
      o.date_submitted, o.delivery_window_end, o.accepted_at, o.fulfilled_at, o.rejection_message) p
  WHERE o.merchant_id = mid
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
-- The days follow the store's time zone: a new zone moves every order to its new local day.
CREATE OR REPLACE FUNCTION merchants_rekeep_report_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_days_rebuild(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER merchants_rekeep_report_days_trg AFTER UPDATE OF timezone ON merchants
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION merchants_rekeep_report_days();
--> statement-breakpoint
-- Backfill: every existing order, slot 0.
INSERT INTO report_day_figures (merchant_id, day, dim, key, slot, orders, accepted, rejected, cancelled,
    revenue_cents, on_time, late)
SELECT o.merchant_id, p.day, p.dim, p.key, 0, sum(p.orders), sum(p.accepted), sum(p.rejected),
  sum(p.cancelled), sum(p.revenue_cents), sum(p.on_time), sum(p.late)
FROM orders o JOIN merchants m ON m.id = o.merchant_id,
  LATERAL report_order_parts(m.timezone, o.status, o.delivery_method, o.application_ref, o.total_cents,
    o.date_submitted, o.delivery_window_end, o.accepted_at, o.fulfilled_at, o.rejection_message) p
GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The summary's two reads of orders that stay: accepted orders not yet fulfilled (late or not depends on the
-- clock), and the accept times of the one or two buckets that hold the median.
CREATE INDEX IF NOT EXISTS "orders_merchant_open_accepted_idx" ON "orders" ("merchant_id","date_submitted")
  INCLUDE ("status","delivery_method","delivery_window_end") WHERE accepted_at IS NOT NULL AND fulfilled_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_merchant_accept_bucket_idx" ON "orders"
  ("merchant_id", report_accept_bucket("accepted_at", "date_submitted"), "date_submitted")
  INCLUDE ("accepted_at","status") WHERE accepted_at IS NOT NULL;
