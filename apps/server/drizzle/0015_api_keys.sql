-- A store's API keys for integrations (docs/decisions/0140). The key itself is never stored: key_hash is its
-- SHA-256 (hex), unique, so a request's key is found by one index lookup; prefix is the key's first
-- characters, shown in lists. A revoked key keeps its row (revoked_at) so its history stays readable.
CREATE TABLE IF NOT EXISTS "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL REFERENCES "merchants"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "api_keys_key_hash_uq" ON "api_keys" USING btree ("key_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_keys_merchant_idx" ON "api_keys" USING btree ("merchant_id", "created_at");
--> statement-breakpoint
-- The marketplace's catalogue sync (docs/decisions/0141) carries each product's category ('Whiskey'); kept on
-- the product, it is the intake's default for an order line's category (the pick list groups by it).
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "category" text;
