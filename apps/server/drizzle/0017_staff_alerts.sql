-- Alerts to staff by text and email (docs/decisions/0147).
-- Each person's choices and mobile number. The code texted to confirm a number is kept as its SHA-256 only.
CREATE TABLE IF NOT EXISTS "user_alert_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"new_order" text[] DEFAULT '{}'::text[] NOT NULL,
	"unaccepted" text[] DEFAULT '{}'::text[] NOT NULL,
	"sla_risk" text[] DEFAULT '{}'::text[] NOT NULL,
	"batch_ready" text[] DEFAULT '{}'::text[] NOT NULL,
	"only_during_store_hours" boolean DEFAULT true NOT NULL,
	"phone_number" text,
	"phone_confirmed_at" timestamp with time zone,
	"sms_opted_out_at" timestamp with time zone,
	"pending_phone" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_tries" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_alert_settings_phone_idx" ON "user_alert_settings" USING btree ("phone_number");
--> statement-breakpoint
-- A store's escalation of orders nobody answered (off while unaccepted_after_minutes is null).
CREATE TABLE IF NOT EXISTS "merchant_alert_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL REFERENCES "merchants"("id") ON DELETE cascade,
	"unaccepted_after_minutes" integer,
	"escalate_to" text DEFAULT 'owners' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One alert to one person about one order (or batch): the record that makes it go once. Written by the
-- planner from the events, sent by the job queue's workers; the unique key is (kind, subject, person).
CREATE TABLE IF NOT EXISTS "staff_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL REFERENCES "merchants"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"channels" text[] NOT NULL,
	"escalation" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"message" jsonb,
	"sms_to" text,
	"sms_sent_at" timestamp with time zone,
	"email_sent_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "staff_alerts_once_uq" ON "staff_alerts" USING btree ("kind", "subject_id", "user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_alerts_due_idx" ON "staff_alerts" USING btree ("due_at") WHERE "state" IN ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_alerts_person_idx" ON "staff_alerts" USING btree ("user_id", "kind") WHERE "state" IN ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_alerts_merchant_idx" ON "staff_alerts" USING btree ("merchant_id", "created_at");
--> statement-breakpoint
-- Where the alert planner has read the events up to, as the webhook dispatcher's cursor does.
CREATE TABLE IF NOT EXISTS "alert_cursor" (
	"id" integer PRIMARY KEY,
	"xid" xid8 DEFAULT '0'::xid8 NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "alert_cursor" ("id") VALUES (1) ON CONFLICT DO NOTHING;
