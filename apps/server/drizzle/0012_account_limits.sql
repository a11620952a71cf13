-- Counters shared by every API process (sign-up limits per client address and per email domain), and the
-- invited accounts whose emailed temporary password was never used: their first sign-in must set a new one
-- (docs/decisions/0114-email-verification-reauthentication-invitations.md).
CREATE TABLE IF NOT EXISTS "request_counters" (
  "bucket" text NOT NULL,
  "key" text NOT NULL,
  "window_started_at" timestamp with time zone NOT NULL,
  "count" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "request_counters_pk" PRIMARY KEY ("bucket", "key")
);
--> statement-breakpoint
-- A sign-up writes its store and its owner in one transaction, so both rows carry the same created_at; any
-- other account with a password that never signed in was invited with a mailed temporary password. Addresses
-- under the reserved .test domain (the demo seed's) receive no mail, so no such password waits in a mailbox.
UPDATE "users" SET "password_must_change" = true
WHERE "password_hash" IS NOT NULL
  AND "last_login_at" IS NULL
  AND lower("email") NOT LIKE '%.test'
  AND NOT EXISTS (
    SELECT 1 FROM "merchants" m
    WHERE m."id" = "users"."authorized_merchant_id" AND m."created_at" = "users"."created_at"
  );
