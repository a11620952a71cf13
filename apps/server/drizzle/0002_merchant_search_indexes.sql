-- btree_gin lets a GIN index start with the merchant (uuid) before the trigram column.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_recipient_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_customer_email_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_merchant_recipient_trgm_idx" ON "orders" USING gin ("merchant_id","recipient_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_merchant_email_trgm_idx" ON "orders" USING gin ("merchant_id","customer_email" gin_trgm_ops);--> statement-breakpoint
-- The filtered list (tab + delivery method, brands checked from the index) and its capped count.
CREATE INDEX IF NOT EXISTS "orders_merchant_tab_method_date_idx" ON "orders" ("merchant_id","tab","delivery_method","date_submitted" DESC,"id" DESC) INCLUDE ("application_ref");
