-- The console's name search matches the buyer's name as well as the recipient's: the buyer's name is kept
-- beside recipient_name with the same two indexes (trigram for three characters and more, the short pieces
-- of 0007 for one or two), so either side of the OR is an index scan led by the merchant.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "customer_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "orders"
SET "customer_name" = coalesce("customer"->>'first_name', '') || ' ' || coalesce("customer"->>'last_name', '')
WHERE "customer_name" = '';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_merchant_customer_name_trgm_idx" ON "orders" USING gin ("merchant_id", "customer_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_merchant_customer_name_grams_idx" ON "orders" USING gin ("merchant_id", mc_short_grams("customer_name"));
--> statement-breakpoint
ALTER INDEX "orders_merchant_customer_name_grams_idx" ALTER COLUMN 2 SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "orders";
