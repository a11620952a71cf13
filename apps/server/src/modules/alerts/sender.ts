/**
 * Sending one alert (docs/decisions/0147), run by a job of the queue when the alert is due. The alert row is
 * the record of "once": it is claimed with a lease, each channel is marked the moment its provider took the
 * message, and the words are kept at the first claim, so a retry after a crash sends only what is missing —
 * and before sending a text again asks the provider whether the first send went through.
 *
 * New orders to one person are gathered into one message (a burst becomes "5 new orders, …"): the job of
 * each new order leaves the sending to the job of the newest until the orders stop coming for a moment or
 * the first one has waited long enough (NEW_ORDER_QUIET_MS, NEW_ORDER_CAP_MS).
 */
import {
  type AlertContent,
  type AlertMessage,
  type AlertOrder,
  alertCustomerName,
  alertMessage,
  centsToDollars,
  NEW_ORDER_CAP_MS,
  NEW_ORDER_QUIET_MS,
  NEW_STATUSES,
  nextOpeningAt,
  SLA_RISK_MINUTES,
  TWILIO_OPTED_OUT,
} from '@mc/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isPermanentSmsRefusal } from '../../adapters/sms/sms.ts';
import type { AppContext } from '../../context.ts';
import {
  batchItems,
  merchantHours,
  merchants,
  orders,
  staffAlerts,
  userAlertSettings,
  users,
} from '../../db/schema.ts';
import { canText, markOptedOut } from './settings.ts';

export interface SendOptions {
  /** Gathering of new orders (tests shorten them). */
  quietMs?: number;
  capMs?: number;
  /** How long a claim holds before another worker may take the alert over (default 30 s). */
  leaseSeconds?: number;
}

/** What a job did with its alert; `waiting` and `deferred` leave it for a later job. */
export type SendOutcome = 'sent' | 'cancelled' | 'deferred' | 'waiting' | 'busy' | 'gone';

type AlertRow = typeof staffAlerts.$inferSelect;

/** An order status that still needs the answer the alert asks for. */
const STILL_NEW = new Set<string>(NEW_STATUSES);
const STILL_TO_GO = new Set<string>(['MERCHANT_ACCEPTED']);
const stillRelevant = (kind: string, status: string | undefined) =>
  status !== undefined && (kind === 'sla_risk' ? STILL_TO_GO.has(status) : STILL_NEW.has(status));

async function orderFacts(ctx: AppContext, merchantId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { status: string; order: AlertOrder }>();
  const rows = await ctx.database.db
    .select({
      id: orders.id,
      status: orders.status,
      customer: orders.customer_name,
      recipient: orders.recipient_name,
      items: orders.item_quantity,
      total: orders.total_cents,
      submitted: orders.date_submitted,
    })
    .from(orders)
    .where(and(eq(orders.merchant_id, merchantId), inArray(orders.id, ids)));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        status: r.status,
        order: {
          id: r.id,
          customer_first_name: alertCustomerName(r.customer || r.recipient),
          item_count: r.items,
          total: centsToDollars(r.total),
        },
      },
    ]),
  );
}

/** The words of the alert, composed once (at the first claim) and kept on its rows. */
async function compose(ctx: AppContext, rows: AlertRow[], storeName: string): Promise<AlertMessage | null> {
  const [first] = rows;
  if (!first) return null;
  const publicUrl = ctx.config.publicUrl;
  let content: AlertContent;
  if (first.kind === 'batch_ready') {
    const [n] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(batchItems)
      .where(eq(batchItems.batch_id, first.subject_id));
    content = {
      kind: 'batch_ready',
      batchId: first.subject_id,
      orderCount: n?.n ?? 0,
      link: `${publicUrl.replace(/\/$/, '')}/orders/active`,
    };
  } else {
    const facts = await orderFacts(
      ctx,
      first.merchant_id,
      rows.map((r) => r.subject_id),
    );
    const list = rows.map((r) => facts.get(r.subject_id)?.order).filter((o): o is AlertOrder => Boolean(o));
    const [o] = list;
    if (!o) return null;
    if (first.kind === 'new_order') content = { kind: 'new_order', orders: list };
    else if (first.kind === 'unaccepted')
      content = {
        kind: 'unaccepted',
        order: o,
        minutes: Math.max(1, Math.round((Date.now() - first.created_at.getTime()) / 60_000)),
      };
    else {
      // due_at is 20 minutes before the promised time (docs/decisions/0147).
      const minutesLeft = Math.max(
        0,
        Math.round((first.due_at.getTime() + SLA_RISK_MINUTES * 60_000 - Date.now()) / 60_000),
      );
      content = { kind: 'sla_risk', order: o, minutesLeft };
    }
  }
  return alertMessage(storeName, publicUrl, content);
}

/**
 * Claims rows for this worker: pending ones, or ones whose claim ran out (a worker stopped mid-send), under
 * a per-person lock so two workers never split one person's new orders between two messages.
 */
async function claim(
  ctx: AppContext,
  userId: string,
  ids: string[],
  leaseSeconds: number,
): Promise<AlertRow[]> {
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staff-alerts:' || ${userId}))`);
    return tx
      .update(staffAlerts)
      .set({
        state: 'sending',
        attempts: sql`${staffAlerts.attempts} + 1`,
        locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where(
        and(
          inArray(staffAlerts.id, ids),
          sql`(${staffAlerts.state} = 'pending' OR (${staffAlerts.state} = 'sending' AND ${staffAlerts.locked_until} < now()))`,
        ),
      )
      .returning();
  });
}

/**
 * A send that failed for now ends its claim at once but stays `sending`: the retry sends the same message to
 * the same rows (its words are kept), never a message grown with orders that came in since.
 */
const release = (ctx: AppContext, ids: string[]) =>
  ctx.database.db
    .update(staffAlerts)
    .set({ locked_until: sql`now()` })
    .where(and(inArray(staffAlerts.id, ids), eq(staffAlerts.state, 'sending')));

/** Sends the alert `id` (and, for new orders, the person's other waiting ones with it). */
export async function sendAlert(ctx: AppContext, id: string, opts: SendOptions = {}): Promise<SendOutcome> {
  const { db } = ctx.database;
  const [alert] = await db.select().from(staffAlerts).where(eq(staffAlerts.id, id));
  if (!alert || (alert.state !== 'pending' && alert.state !== 'sending')) return 'gone';
  if (alert.state === 'sending' && alert.locked_until && alert.locked_until > new Date()) return 'busy';
  const [person] = await db
    .select({ email: users.email, merchantId: users.authorized_merchant_id, settings: userAlertSettings })
    .from(users)
    .leftJoin(userAlertSettings, eq(userAlertSettings.user_id, users.id))
    .where(eq(users.id, alert.user_id));
  const [store] = await db
    .select({ name: merchants.name, timezone: merchants.timezone })
    .from(merchants)
    .where(eq(merchants.id, alert.merchant_id));
  // Someone who left the store, or a store that is gone, is told nothing.
  if (!person || person.merchantId !== alert.merchant_id || !store) {
    await db
      .update(staffAlerts)
      .set({ state: 'cancelled', outcome: 'no longer with the store' })
      .where(eq(staffAlerts.id, id));
    return 'cancelled';
  }
  const now = new Date();
  // Outside the store's hours, if the person asked, the alert waits for the opening (an owner's escalation
  // of an unanswered order does not wait). Only an alert not yet started waits: a half-sent one finishes.
  if (alert.state === 'pending' && !alert.escalation && (person.settings?.only_during_store_hours ?? true)) {
    const hours = await db
      .select({
        weekday: merchantHours.weekday,
        time_open: merchantHours.time_open,
        time_close: merchantHours.time_close,
      })
      .from(merchantHours)
      .where(eq(merchantHours.merchant_id, alert.merchant_id));
    const opens = nextOpeningAt(hours, store.timezone, now);
    if (opens.getTime() > now.getTime() + 1000) {
      await db
        .update(staffAlerts)
        .set({ due_at: opens })
        .where(and(eq(staffAlerts.id, id), eq(staffAlerts.state, 'pending')));
      return 'deferred';
    }
  }

  // Which rows go in this message: the alert itself, or for new orders every one still waiting for this person.
  let ids = [id];
  if (alert.kind === 'new_order') {
    const waiting = await db
      .select({
        id: staffAlerts.id,
        subject: staffAlerts.subject_id,
        created: staffAlerts.created_at,
        state: staffAlerts.state,
        message: staffAlerts.message,
      })
      .from(staffAlerts)
      .where(
        and(
          eq(staffAlerts.user_id, alert.user_id),
          eq(staffAlerts.kind, 'new_order'),
          inArray(staffAlerts.state, ['pending', 'sending']),
          sql`${staffAlerts.due_at} <= now() + make_interval(secs => ${(opts.quietMs ?? NEW_ORDER_QUIET_MS) / 1000})`,
        ),
      );
    const created = waiting.map((w) => w.created.getTime());
    const newest = Math.max(...created);
    const oldest = Math.min(...created);
    const quiet = now.getTime() - newest >= (opts.quietMs ?? NEW_ORDER_QUIET_MS);
    const capped = now.getTime() - oldest >= (opts.capMs ?? NEW_ORDER_CAP_MS);
    if (!quiet && !capped && alert.state === 'pending') return 'waiting';
    // A retry takes over the rows of the message it retries (claimed together, the same words), no others.
    const words = JSON.stringify(alert.message);
    ids =
      alert.state === 'sending'
        ? waiting.filter((w) => w.state === 'sending' && JSON.stringify(w.message) === words).map((w) => w.id)
        : waiting.filter((w) => w.state === 'pending').map((w) => w.id);
  }
  const claimed = await claim(ctx, alert.user_id, ids, opts.leaseSeconds ?? 30);
  if (claimed.length === 0) return 'busy';
  const claimedIds = claimed.map((r) => r.id);
  try {
    return await deliver(ctx, claimed, {
      email: person.email,
      settings: person.settings,
      storeName: store.name,
    });
  } catch (error) {
    await release(ctx, claimedIds).catch(() => {});
    throw error;
  }
}

interface Recipient {
  email: string;
  settings: typeof userAlertSettings.$inferSelect | null;
  storeName: string;
}

async function deliver(ctx: AppContext, claimed: AlertRow[], to: Recipient): Promise<SendOutcome> {
  const { db } = ctx.database;
  // Orders answered since they were planned leave the message (the planner cancels most of them first).
  let rows = claimed;
  if (claimed[0]?.kind !== 'batch_ready') {
    const facts = await orderFacts(
      ctx,
      claimed[0]?.merchant_id ?? '',
      claimed.map((r) => r.subject_id),
    );
    const answered = claimed.filter(
      (r) => !r.sms_sent_at && !r.email_sent_at && !stillRelevant(r.kind, facts.get(r.subject_id)?.status),
    );
    if (answered.length) {
      await db
        .update(staffAlerts)
        .set({ state: 'cancelled', outcome: 'answered before it was sent', locked_until: null })
        .where(
          inArray(
            staffAlerts.id,
            answered.map((r) => r.id),
          ),
        );
      rows = claimed.filter((r) => !answered.includes(r));
    }
  }
  if (rows.length === 0) return 'cancelled';
  const ids = rows.map((r) => r.id);
  const kept = rows.find((r) => r.message)?.message as AlertMessage | undefined;
  const message = kept ?? (await compose(ctx, rows, to.storeName));
  if (!message) {
    await db
      .update(staffAlerts)
      .set({ state: 'cancelled', outcome: 'nothing to say', locked_until: null })
      .where(inArray(staffAlerts.id, ids));
    return 'cancelled';
  }
  if (!kept)
    await db
      .update(staffAlerts)
      .set({ message: { ...message } })
      .where(inArray(staffAlerts.id, ids));

  const channels = new Set(rows.flatMap((r) => r.channels));
  const key = `staff-alert:${[...ids].sort()[0]}`;
  const notes: string[] = [];
  let emailInstead = false;
  if (channels.has('sms') && !rows.some((r) => r.sms_sent_at)) {
    const s = to.settings;
    if (s && canText(s) && s.phone_number) {
      const number = s.phone_number;
      const since = new Date(Math.min(...rows.map((r) => r.created_at.getTime())));
      // A retry after a lost claim: the first send may have reached the provider.
      const mayHaveSent = rows.some((r) => r.attempts > 1 && r.sms_to);
      let sent = mayHaveSent && (await ctx.adapters.sms.findSent(number, message.sms, since));
      if (!sent) {
        await db.update(staffAlerts).set({ sms_to: number }).where(inArray(staffAlerts.id, ids));
        try {
          await ctx.adapters.sms.send(number, message.sms, { idempotencyKey: `${key}:sms` });
          sent = true;
        } catch (error) {
          if (!isPermanentSmsRefusal(error)) throw error;
          // Refused for good: an opted-out number stops all texts to it; the alert goes by email instead.
          if (error.code === TWILIO_OPTED_OUT) await markOptedOut(ctx, number, true);
          notes.push(`text refused (${error.code ?? error.status}): sent by email instead`);
          emailInstead = true;
        }
      }
      if (sent)
        await db.update(staffAlerts).set({ sms_sent_at: new Date() }).where(inArray(staffAlerts.id, ids));
    } else {
      notes.push('no confirmed number that takes texts: sent by email instead');
      emailInstead = true;
    }
  }
  if ((channels.has('email') || emailInstead) && !rows.some((r) => r.email_sent_at)) {
    await ctx.adapters.email.send({
      to: to.email,
      subject: message.subject,
      text: message.text,
      html: message.html,
      idempotencyKey: `${key}:email`,
    });
    await db.update(staffAlerts).set({ email_sent_at: new Date() }).where(inArray(staffAlerts.id, ids));
  }
  await db
    .update(staffAlerts)
    .set({ state: 'sent', sent_at: new Date(), locked_until: null, outcome: notes.join('; ') || 'sent' })
    .where(inArray(staffAlerts.id, ids));
  return 'sent';
}
