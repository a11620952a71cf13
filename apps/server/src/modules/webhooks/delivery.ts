/**
 * Webhook delivery (docs/decisions/0139): the events are fanned out into one message per matching endpoint
 * (read with the feed's gap-free cursor, which moves in the same transaction as the messages it wrote), and
 * each message is sent until a 2xx, retried on the schedule, one at a time per order and endpoint so the
 * events of an order arrive in order. A message is claimed with a lease: a worker that dies mid-send leaves
 * it to be sent again once the lease ends (at least once).
 */
import type { OutgoingEvent, WebhookDelivery } from '@mc/api';
import { isOwner, seesCustomerContact, WEBHOOK_RETRY_DELAYS_S } from '@mc/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
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
import { type PostOutcome, postWebhook } from './post.ts';
import { signatureHeader } from './signing.ts';

export interface DeliveryOptions {
  /** Seconds to wait after each failed attempt (default WEBHOOK_RETRY_DELAYS_S; tests shorten them). */
  retryDelaysS?: readonly number[];
  /** Time-out of one POST (default 10 s). */
  timeoutMs?: number;
}

const LEASE_SECONDS = 60;
const FAN_OUT_BATCH = 500;
/**
 * Messages in flight at once. Each claimed message is the first pending one of its order at its endpoint,
 * so any mix of them can be sent together without reordering an order's events.
 */
const IN_FLIGHT = 128;
/** A claim waits for this many free places, so one claim query serves several messages. */
const CLAIM_MIN = 48;

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

/** How many of the oldest due messages a claim looks at first (see `claimDue`). */
const CLAIM_WINDOW = 500;

/**
 * The claim: due messages that are first in line for their order and endpoint (no earlier pending message
 * of the same order at the same endpoint), oldest due first, leased for LEASE_SECONDS. `window` limits the
 * candidates to the oldest due messages before the first-in-line test.
 */
function claimSql(limit: number, window: number | null): string {
  const candidates =
    window === null
      ? `SELECT m.id, m.endpoint_id, m.order_key, m.event_seq, m.next_attempt_at FROM webhook_messages m
          WHERE m.state = 'pending' AND m.next_attempt_at <= now()
            AND (m.locked_until IS NULL OR m.locked_until < now())`
      : `SELECT m.id, m.endpoint_id, m.order_key, m.event_seq, m.next_attempt_at FROM webhook_messages m
          WHERE m.state = 'pending' AND m.next_attempt_at <= now()
            AND (m.locked_until IS NULL OR m.locked_until < now())
          ORDER BY m.next_attempt_at LIMIT ${Number(window)}`;
  return `WITH c AS MATERIALIZED (${candidates}),
     due AS (
       SELECT m.id FROM c JOIN webhook_messages m ON m.id = c.id
         JOIN webhook_endpoints w ON w.id = c.endpoint_id AND w.status = 'enabled'
        WHERE NOT EXISTS (
            SELECT 1 FROM webhook_messages p
             WHERE p.endpoint_id = c.endpoint_id AND p.order_key = c.order_key AND p.state = 'pending'
               AND (p.event_seq, p.id) < (c.event_seq, c.id))
        ORDER BY c.next_attempt_at
        LIMIT ${Number(limit)}
        FOR UPDATE OF m SKIP LOCKED)
     UPDATE webhook_messages SET locked_until = now() + interval '${LEASE_SECONDS} seconds'
       FROM due WHERE webhook_messages.id = due.id
     RETURNING webhook_messages.id::int AS id, webhook_messages.endpoint_id,
               webhook_messages.event_seq::int AS event_seq, webhook_messages.attempts`;
}

/**
 * Up to `limit` due messages that are first in line for their order and endpoint, leased to this worker.
 * The first-in-line test costs a probe per candidate, and over every due message (tens of thousands after
 * a large fan-out) that made each claim cost more than the sends it fed, so the oldest CLAIM_WINDOW due
 * messages are tried first. Only when they give fewer than `limit` (the queue is short, or the window is
 * full of messages waiting behind an earlier one in retry) does it look at every due message, so a
 * message outside the window is never starved.
 */
async function claimDue(ctx: Pick<AppContext, 'database'>, limit: number): Promise<Claimed[]> {
  const first = await ctx.database.query<Claimed>(claimSql(limit, CLAIM_WINDOW));
  if (first.length >= limit) return first;
  const rest = await ctx.database.query<Claimed>(claimSql(limit - first.length, null));
  return [...first, ...rest];
}

type Outcome = 'delivered' | 'failed' | 'gone' | 'refused';
type Endpoint = typeof webhookEndpoints.$inferSelect;
interface EventRow {
  seq: number;
  id: string;
  type: string;
  payload: unknown;
}

/** What one attempt did, to be written with the others of its round. */
interface Attempted {
  m: Claimed;
  endpoint: Endpoint;
  event: EventRow;
  at: Date;
  result: PostOutcome;
  outcome: Outcome;
}

/** The endpoints and events of claimed messages: two queries for the whole claim. */
async function loadClaimed(
  ctx: AppContext,
  claimed: Claimed[],
): Promise<{ endpoints: Map<string, Endpoint>; events: Map<number, EventRow> }> {
  const { db } = ctx.database;
  const endpointIds = [...new Set(claimed.map((m) => m.endpoint_id))];
  const seqs = [...new Set(claimed.map((m) => m.event_seq))];
  const [endpointRows, eventRows] = await Promise.all([
    db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointIds)),
    db
      .select({ seq: events.seq, id: events.id, type: events.type, payload: events.payload })
      .from(events)
      .where(inArray(events.seq, seqs)),
  ]);
  return {
    endpoints: new Map(endpointRows.map((e) => [e.id, e])),
    events: new Map(eventRows.map((e) => [Number(e.seq), e])),
  };
}

/** One attempt of one message: the signed POST. Nothing is written here (see `settle`). */
async function attempt(
  ctx: AppContext,
  m: Claimed,
  endpoint: Endpoint,
  event: EventRow,
  opts: DeliveryOptions,
): Promise<Attempted> {
  const withContact = seesCustomerContact({
    kind: endpoint.merchant_id === null ? 'marketplace' : 'merchant',
    includeCustomerContact: endpoint.include_customer_contact,
  });
  const body = JSON.stringify(envelopeFor(event.payload as unknown as OutgoingEvent, withContact));
  const at = new Date();
  const timestamp = Math.floor(at.getTime() / 1000);
  const result = await postWebhook({
    url: endpoint.url,
    body,
    timeoutMs: opts.timeoutMs ?? 10_000,
    allowPrivate: ctx.config.webhookAllowPrivate,
    headers: {
      'webhook-id': event.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(signingSecrets(endpoint, at), event.id, timestamp, body),
    },
  });
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const outcome: Outcome = ok
    ? 'delivered'
    : result.status === 410
      ? 'gone'
      : result.refused
        ? 'refused'
        : 'failed';
  return { m, endpoint, event, at, result, outcome };
}

/**
 * Writes the attempts of a round in one statement: a log row per attempt and what each message becomes
 * (delivered, failed, or pending again after its retry delay), its lease released. Then turns off the
 * endpoints that answered 410 or spent their retries.
 */
async function settle(ctx: AppContext, done: Attempted[], opts: DeliveryOptions): Promise<void> {
  if (done.length === 0) return;
  const delays = opts.retryDelaysS ?? WEBHOOK_RETRY_DELAYS_S;
  const now = Date.now();
  const turnOff: { id: string; reason: string }[] = [];
  const states: string[] = [];
  const nextAt: (string | null)[] = [];
  for (const a of done) {
    const attemptNo = a.m.attempts + 1;
    const spent = attemptNo > delays.length;
    ctx.metrics?.webhookDelivered(a.outcome);
    if (a.outcome === 'delivered') {
      states.push('delivered');
      nextAt.push(null);
    } else if (a.outcome === 'gone' || spent) {
      states.push('failed');
      nextAt.push(null);
      turnOff.push({
        id: a.endpoint.id,
        reason:
          a.outcome === 'gone'
            ? 'The endpoint answered 410 Gone'
            : `Every attempt to deliver ${a.event.id} failed (last: ${a.result.status ?? a.result.error})`,
      });
    } else {
      states.push('pending');
      nextAt.push(new Date(now + (delays[attemptNo - 1] ?? 0) * 1000).toISOString());
    }
  }
  await ctx.database.query(
    `WITH log AS (
       INSERT INTO webhook_deliveries (endpoint_id, message_id, event_seq, event_id, event_type, attempt, at,
                                       status_code, duration_ms, response_body, error)
       SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::int[],
                            $7::timestamptz[], $8::int[], $9::int[], $10::text[], $11::text[])
       RETURNING 1),
     upd AS (
       UPDATE webhook_messages m
          SET state = v.state, attempts = v.attempts, locked_until = NULL,
              next_attempt_at = coalesce(v.next_at, m.next_attempt_at)
         FROM unnest($2::bigint[], $12::text[], $6::int[], $13::timestamptz[]) AS v(id, state, attempts, next_at)
        WHERE m.id = v.id
       RETURNING 1)
     SELECT (SELECT count(*) FROM log)::int AS logged, (SELECT count(*) FROM upd)::int AS updated`,
    [
      done.map((a) => a.endpoint.id),
      done.map((a) => a.m.id),
      done.map((a) => a.m.event_seq),
      done.map((a) => a.event.id),
      done.map((a) => a.event.type),
      done.map((a) => a.m.attempts + 1),
      done.map((a) => a.at.toISOString()),
      done.map((a) => a.result.status),
      done.map((a) => a.result.durationMs),
      done.map((a) => a.result.body),
      done.map((a) => a.result.error),
      states,
      nextAt,
    ],
  );
  for (const off of turnOff) await disableEndpoint(ctx, off.id, off.reason);
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

/**
 * Fans out, then sends every due message until nothing is due, up to IN_FLIGHT at once: a claim fills the
 * free places, and the attempts that finished are written together before the next claim (so the next
 * event of an order whose message was just delivered is claimable then). Returns the attempts made.
 */
export async function deliverDue(ctx: AppContext, opts: DeliveryOptions = {}): Promise<number> {
  let made = 0;
  const inFlight = new Set<Promise<void>>();
  let finished: Attempted[] = [];
  let failure: unknown = null;
  const start = (m: Claimed, endpoint: Endpoint, event: EventRow) => {
    const p: Promise<void> = attempt(ctx, m, endpoint, event, opts)
      .then((a) => {
        finished.push(a);
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  try {
    for (;;) {
      const room = IN_FLIGHT - inFlight.size;
      const batch = finished;
      finished = [];
      // What finished is written while the next claim runs (two connections): a message settled now
      // frees its order's next event for the claim after this one.
      const [, claimed] = await Promise.all([
        settle(ctx, batch, opts),
        fanOut(ctx).then(() => claimDue(ctx, room)),
      ]);
      if (claimed.length > 0) {
        const { endpoints, events: found } = await loadClaimed(ctx, claimed);
        const missing: number[] = [];
        for (const m of claimed) {
          const endpoint = endpoints.get(m.endpoint_id);
          const event = found.get(m.event_seq);
          if (endpoint && event) start(m, endpoint, event);
          else missing.push(m.id);
        }
        if (missing.length > 0)
          await ctx.database.query(
            `UPDATE webhook_messages SET state = 'failed', locked_until = NULL WHERE id = ANY($1::bigint[])`,
            [missing],
          );
        made += claimed.length;
      }
      if (inFlight.size === 0 && finished.length === 0) {
        if (claimed.length === 0 && batch.length === 0) return made;
        continue;
      }
      // Nothing more is due until something in flight comes back; otherwise the next claim waits for
      // enough free places to be worth its query.
      if (claimed.length < room && inFlight.size > 0) await Promise.race(inFlight);
      while (inFlight.size > IN_FLIGHT - CLAIM_MIN) await Promise.race(inFlight);
      if (failure) throw failure;
    }
  } finally {
    // A run that fails (the database went away) still waits for its sends and writes what it can; the
    // leases of what it could not write run out and those messages are sent again (at least once).
    await Promise.allSettled(inFlight);
    await settle(ctx, finished, opts).catch(() => undefined);
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
