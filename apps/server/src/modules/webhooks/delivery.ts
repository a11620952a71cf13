/**
 * Webhook delivery (docs/decisions/0139): the events are fanned out into one message per matching endpoint
 * (read with the feed's gap-free cursor, which moves in the same transaction as the messages it wrote), and
 * each message is sent until a 2xx, retried on the schedule, one at a time per order and endpoint so the
 * events of an order arrive in order. A message is claimed with a lease: a worker that dies mid-send leaves
 * it to be sent again once the lease ends (at least once).
 */
import type { OutgoingEvent, WebhookDelivery } from '@mc/api';
import { isOwner, seesCustomerContact, WEBHOOK_RETRY_DELAYS_S } from '@mc/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  events,
  merchants,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
} from '../../db/schema.ts';
import { signingSecrets } from './endpoint-store.ts';
import { envelopeFor } from './feed.ts';
import { postWebhook } from './post.ts';
import { signatureHeader } from './signing.ts';

export interface DeliveryOptions {
  /** Seconds to wait after each failed attempt (default WEBHOOK_RETRY_DELAYS_S; tests shorten them). */
  retryDelaysS?: readonly number[];
  /** Time-out of one POST (default 10 s). */
  timeoutMs?: number;
}

const LEASE_SECONDS = 60;
const FAN_OUT_BATCH = 500;
const CLAIM_BATCH = 20;

/** Reads the events past the cursor and writes their messages; returns how many events it read. */
export async function fanOut(ctx: Pick<AppContext, 'database'>): Promise<number> {
  return ctx.database.db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      WITH cursor AS (SELECT xid, seq FROM webhook_cursor WHERE id = 1 FOR UPDATE),
      ev AS (
        SELECT e.seq, e.xid, e.type, e.merchant_id, e.application_ref, e.order_id
          FROM events e, cursor c
         WHERE (e.xid, e.seq) > (c.xid, c.seq)
           AND e.xid < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY e.xid, e.seq
         LIMIT ${FAN_OUT_BATCH}
      ),
      ins AS (
        INSERT INTO webhook_messages (endpoint_id, event_seq, order_key)
        SELECT w.id, ev.seq, coalesce(ev.order_id, 'event:' || ev.seq)
          FROM ev JOIN webhook_endpoints w
            ON ev.type = ANY(w.events) AND w.status = 'enabled'
           AND (w.merchant_id = ev.merchant_id
                OR (w.merchant_id IS NULL AND ev.application_ref IS NOT NULL
                    AND (w.application_ref IS NULL OR w.application_ref = ev.application_ref)))
         ORDER BY ev.seq
        RETURNING 1
      ),
      last AS (SELECT xid, seq FROM ev ORDER BY xid DESC, seq DESC LIMIT 1),
      moved AS (
        UPDATE webhook_cursor SET xid = last.xid, seq = last.seq FROM last WHERE webhook_cursor.id = 1 RETURNING 1
      )
      SELECT (SELECT count(*) FROM ev)::int AS read, (SELECT count(*) FROM ins)::int AS written,
             (SELECT count(*) FROM moved)::int AS moved
    `)) as unknown as { rows: { read: number }[] };
    return Number(rows[0]?.read ?? 0);
  });
}

interface Claimed {
  id: number;
  endpoint_id: string;
  event_seq: number;
  attempts: number;
}

/** Due messages that are first in line for their order and endpoint, leased to this worker. */
async function claimDue(ctx: Pick<AppContext, 'database'>): Promise<Claimed[]> {
  return ctx.database.query<Claimed>(
    `WITH due AS (
       SELECT m.id FROM webhook_messages m
         JOIN webhook_endpoints w ON w.id = m.endpoint_id AND w.status = 'enabled'
        WHERE m.state = 'pending' AND m.next_attempt_at <= now()
          AND (m.locked_until IS NULL OR m.locked_until < now())
          AND NOT EXISTS (
            SELECT 1 FROM webhook_messages p
             WHERE p.endpoint_id = m.endpoint_id AND p.order_key = m.order_key AND p.state = 'pending'
               AND (p.event_seq, p.id) < (m.event_seq, m.id))
        ORDER BY m.next_attempt_at, m.id
        LIMIT ${CLAIM_BATCH}
        FOR UPDATE OF m SKIP LOCKED)
     UPDATE webhook_messages SET locked_until = now() + interval '${LEASE_SECONDS} seconds'
       FROM due WHERE webhook_messages.id = due.id
     RETURNING webhook_messages.id::int AS id, webhook_messages.endpoint_id,
               webhook_messages.event_seq::int AS event_seq, webhook_messages.attempts`,
  );
}

type Outcome = 'delivered' | 'failed' | 'gone' | 'refused';

/** One attempt of one message: the POST, its log row, and what the message and endpoint become. */
async function attempt(ctx: AppContext, m: Claimed, opts: DeliveryOptions): Promise<Outcome> {
  const { db } = ctx.database;
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, m.endpoint_id));
  const [event] = await db
    .select({ id: events.id, type: events.type, payload: events.payload })
    .from(events)
    .where(eq(events.seq, m.event_seq));
  if (!endpoint || !event) {
    await db.update(webhookMessages).set({ state: 'failed' }).where(eq(webhookMessages.id, m.id));
    return 'failed';
  }
  const withContact = seesCustomerContact({
    kind: endpoint.merchant_id === null ? 'marketplace' : 'merchant',
    includeCustomerContact: endpoint.include_customer_contact,
  });
  const body = JSON.stringify(envelopeFor(event.payload as unknown as OutgoingEvent, withContact));
  const now = new Date();
  const timestamp = Math.floor(now.getTime() / 1000);
  const result = await postWebhook({
    url: endpoint.url,
    body,
    timeoutMs: opts.timeoutMs ?? 10_000,
    allowPrivate: ctx.config.webhookAllowPrivate,
    headers: {
      'webhook-id': event.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(signingSecrets(endpoint, now), event.id, timestamp, body),
    },
  });
  const attemptNo = m.attempts + 1;
  await db.insert(webhookDeliveries).values({
    endpoint_id: endpoint.id,
    message_id: m.id,
    event_seq: m.event_seq,
    event_id: event.id,
    event_type: event.type,
    attempt: attemptNo,
    at: now,
    status_code: result.status,
    duration_ms: result.durationMs,
    response_body: result.body,
    error: result.error,
  });
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const outcome: Outcome = ok
    ? 'delivered'
    : result.status === 410
      ? 'gone'
      : result.refused
        ? 'refused'
        : 'failed';
  ctx.metrics?.webhookDelivered(outcome);
  if (ok) {
    await db
      .update(webhookMessages)
      .set({ state: 'delivered', attempts: attemptNo, locked_until: null })
      .where(eq(webhookMessages.id, m.id));
    return outcome;
  }
  const delays = opts.retryDelaysS ?? WEBHOOK_RETRY_DELAYS_S;
  const spent = attemptNo > delays.length;
  if (outcome === 'gone' || spent) {
    await db
      .update(webhookMessages)
      .set({ state: 'failed', attempts: attemptNo, locked_until: null })
      .where(eq(webhookMessages.id, m.id));
    const reason =
      outcome === 'gone'
        ? 'The endpoint answered 410 Gone'
        : `Every attempt to deliver ${event.id} failed (last: ${result.status ?? result.error})`;
    await disableEndpoint(ctx, endpoint.id, reason);
    return outcome;
  }
  await db
    .update(webhookMessages)
    .set({
      attempts: attemptNo,
      locked_until: null,
      next_attempt_at: new Date(Date.now() + (delays[attemptNo - 1] ?? 0) * 1000),
    })
    .where(eq(webhookMessages.id, m.id));
  return outcome;
}

/** Turns an endpoint off and tells the store's owners (a storefront's endpoint: the log says it). */
async function disableEndpoint(ctx: AppContext, id: string, reason: string): Promise<void> {
  const [row] = await ctx.database.db
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabled_reason: reason, updated_at: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.status, 'enabled')))
    .returning();
  if (!row) return;
  if (!row.merchant_id) return;
  const team = await ctx.database.db
    .select({ email: users.email, roles: users.roles, tmk: merchants.tmk })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.authorized_merchant_id))
    .where(eq(users.authorized_merchant_id, row.merchant_id));
  for (const owner of team.filter((u) => isOwner(u.roles)))
    await ctx.adapters.email.send({
      to: owner.email,
      subject: 'A webhook endpoint was turned off',
      text: `The webhook endpoint ${row.url} of ${owner.tmk} was turned off: ${reason}.\n\nFix the receiver, then turn it on again in Developers; the events it missed are in the event feed.`,
      idempotencyKey: `webhook-disabled:${row.id}:${row.updated_at.toISOString()}`,
    });
}

/** Fans out, then sends every due message, until nothing is due. Returns the attempts made. */
export async function deliverDue(ctx: AppContext, opts: DeliveryOptions = {}): Promise<number> {
  let made = 0;
  for (;;) {
    await fanOut(ctx);
    const claimed = await claimDue(ctx);
    if (claimed.length === 0) return made;
    await Promise.all(claimed.map((m) => attempt(ctx, m, opts)));
    made += claimed.length;
  }
}

/** A new message for an event already sent to the endpoint (replay), or for a test event. */
export async function queueMessage(
  ctx: Pick<AppContext, 'database'>,
  endpointId: string,
  eventSeq: number,
  orderKey: string,
): Promise<void> {
  await ctx.database.db
    .insert(webhookMessages)
    .values({ endpoint_id: endpointId, event_seq: eventSeq, order_key: orderKey });
}

/** The endpoint's latest attempts, newest first. */
export async function listDeliveries(ctx: AppContext, endpointId: string): Promise<WebhookDelivery[]> {
  const rows = await ctx.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpoint_id, endpointId))
    .orderBy(desc(webhookDeliveries.at), desc(webhookDeliveries.attempt))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    event_id: r.event_id,
    event_type: r.event_type as WebhookDelivery['event_type'],
    attempt: r.attempt,
    at: r.at.toISOString(),
    status_code: r.status_code,
    duration_ms: r.duration_ms,
    response_body: r.response_body,
    error: r.error,
  }));
}

/** Events older than the retention go, and their messages with them. */
export async function pruneEvents(ctx: Pick<AppContext, 'database'>, days: number): Promise<number> {
  const gone = await ctx.database.query<{ n: number }>(
    `WITH d AS (DELETE FROM events WHERE created_at < now() - make_interval(days => $1) RETURNING 1)
     SELECT count(*)::int AS n FROM d`,
    [days],
  );
  return gone[0]?.n ?? 0;
}
