-- Reports summary (docs/decisions/0084): each order's first accept and first fulfil (shipped or closed) time,
-- kept from order_history by a trigger, and one covering index, so a period's summary is an index-only range
-- scan of orders with no history probes. The statuses are REPORT_ACCEPT_STEP and REPORT_FULFILLED_STATUSES of
-- packages/domain/src/reports.ts (the summary's API tests exercise this trigger).
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "accepted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "fulfilled_at" timestamp with time zone;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_history_keep_times() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.to_status = 'MERCHANT_ACCEPTED' THEN
    UPDATE orders SET accepted_at = NEW.created_at
      WHERE id = NEW.order_id AND (accepted_at IS NULL OR accepted_at > NEW.created_at);
  ELSIF NEW.to_status IN ('MERCHANT_SHIPPED', 'CLOSED') THEN
    UPDATE orders SET fulfilled_at = NEW.created_at
      WHERE id = NEW.order_id AND (fulfilled_at IS NULL OR fulfilled_at > NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_history_keep_times_trg AFTER INSERT ON order_history
  FOR EACH ROW EXECUTE FUNCTION order_history_keep_times();
--> statement-breakpoint
UPDATE orders o SET accepted_at = h.accepted_at, fulfilled_at = h.fulfilled_at
FROM (
  SELECT order_id,
    min(created_at) FILTER (WHERE to_status = 'MERCHANT_ACCEPTED') AS accepted_at,
    min(created_at) FILTER (WHERE to_status IN ('MERCHANT_SHIPPED', 'CLOSED')) AS fulfilled_at
  FROM order_history GROUP BY order_id
) h
WHERE h.order_id = o.id;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_merchant_date_report_idx" ON "orders" ("merchant_id","date_submitted")
  INCLUDE ("id","status","delivery_method","application_ref","total_cents","delivery_window_end","accepted_at","fulfilled_at");
