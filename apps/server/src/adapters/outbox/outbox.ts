import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';

export interface OutboxEntry {
  id: number;
  kind: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  created_at: string;
}

/** Messages kept by the sandbox adapters, newest first. */
export async function listOutbox(db: Db, limit = 200): Promise<OutboxEntry[]> {
  const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as 'email' | 'sms',
    to: r.to,
    subject: r.subject,
    text: r.text,
    created_at: r.created_at.toISOString(),
  }));
}

export async function keepInOutbox(
  db: Db,
  msg: {
    kind: 'email' | 'sms';
    to: string;
    subject?: string;
    text: string;
    html?: string;
    meta?: Record<string, unknown>;
    /** Kept once per key: a second message with the same key is dropped. */
    idempotencyKey?: string;
  },
): Promise<void> {
  await db
    .insert(outboxMessages)
    .values({
      kind: msg.kind,
      to: msg.to,
      subject: msg.subject ?? null,
      text: msg.text,
      html: msg.html ?? null,
      meta: msg.meta ?? null,
      idempotency_key: msg.idempotencyKey ?? null,
    })
    .onConflictDoNothing({ target: outboxMessages.idempotency_key });
}
