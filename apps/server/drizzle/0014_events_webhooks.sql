-- Outgoing events and webhooks (docs/decisions/0138, 0139). One row per event, written in the transaction of
-- the change it reports; `xid` is that transaction's id, so a reader serves only events of transactions that
-- are over (older than the snapshot's xmin) and a later commit of a lower sequence is never skipped.
CREATE TABLE IF NOT EXISTS "events" (
  "seq" bigserial PRIMARY KEY,
  "id" text NOT NULL,
  "type" text NOT NULL,
  "merchant_id" uuid REFERENCES "merchants"("id") ON DELETE CASCADE,
  "order_id" text,
  "application_ref" text,
  "xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
  "payload" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "events_id_uq" ON "events" ("id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_xid_seq_idx" ON "events" ("xid", "seq");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_merchant_xid_seq_idx" ON "events" ("merchant_id", "xid", "seq");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_application_xid_seq_idx" ON "events" ("application_ref", "xid", "seq");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_created_idx" ON "events" ("created_at");
--> statement-breakpoint
-- A store's endpoint (merchant_id set) or a storefront's (merchant_id null, the marketplace key's).
CREATE TABLE IF NOT EXISTS "webhook_endpoints" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "merchant_id" uuid REFERENCES "merchants"("id") ON DELETE CASCADE,
  "application_ref" text,
  "url" text NOT NULL,
  "events" text[] NOT NULL,
  "description" text,
  "include_customer_contact" boolean DEFAULT false NOT NULL,
  "secret" text NOT NULL,
  "previous_secret" text,
  "previous_secret_until" timestamp with time zone,
  "status" text DEFAULT 'enabled' NOT NULL,
  "disabled_reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_endpoints_merchant_idx" ON "webhook_endpoints" ("merchant_id");
--> statement-breakpoint
-- Where the dispatcher has read the events up to: (xid, seq) of the last event fanned out.
CREATE TABLE IF NOT EXISTS "webhook_cursor" (
  "id" integer PRIMARY KEY,
  "xid" xid8 DEFAULT '0'::xid8 NOT NULL,
  "seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "webhook_cursor" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- One event to send to one endpoint, until it is delivered or its retries are spent.
CREATE TABLE IF NOT EXISTS "webhook_messages" (
  "id" bigserial PRIMARY KEY,
  "endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "event_seq" bigint NOT NULL REFERENCES "events"("seq") ON DELETE CASCADE,
  "order_key" text NOT NULL,
  "state" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "locked_until" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_messages_pending_idx" ON "webhook_messages" ("endpoint_id", "order_key", "event_seq") WHERE "state" = 'pending';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_messages_due_idx" ON "webhook_messages" ("next_attempt_at") WHERE "state" = 'pending';
--> statement-breakpoint
-- Every attempt, as the deliveries log shows it.
CREATE TABLE IF NOT EXISTS "webhook_deliveries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "message_id" bigint REFERENCES "webhook_messages"("id") ON DELETE SET NULL,
  "event_seq" bigint REFERENCES "events"("seq") ON DELETE SET NULL,
  "event_id" text NOT NULL,
  "event_type" text NOT NULL,
  "attempt" integer NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "status_code" integer,
  "duration_ms" integer,
  "response_body" text,
  "error" text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_endpoint_at_idx" ON "webhook_deliveries" ("endpoint_id", "at");
