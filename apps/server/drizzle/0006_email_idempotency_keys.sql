-- Batch emails exactly once (docs/decisions/0086): a message sent with an idempotency key is
-- kept by the sandbox adapter at most once per key (the SMTP adapter derives the Message-ID from the key), so a
-- batch re-run after a crash between the send and its emailed_at mark sends nothing new.
ALTER TABLE "outbox_messages" ADD COLUMN IF NOT EXISTS "idempotency_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "outbox_idempotency_key_uq" ON "outbox_messages" ("idempotency_key");
