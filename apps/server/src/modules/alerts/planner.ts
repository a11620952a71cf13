/**
 * The alert planner (docs/decisions/0147): reads the store's events past its own cursor — the same gap-free
 * (xid, seq) reading as the webhook dispatcher — and writes the alerts they call for, or cancels those an
 * answer made pointless, in the transaction that moves the cursor. An alert is one row per (kind, subject,
 * person) under a unique key, so planning twice (two workers, a crash before the commit) plans once.
 */
import {
  type AlertChannel,
  type AlertKind,
  EMAIL_ONLY_KINDS,
  isOwner,
  NEW_ORDER_QUIET_MS,
  primaryMerchantRole,
  SLA_RISK_METHODS,
  slaDueAt,
  slaRiskAt,
} from '@mc/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  batches,
  merchantAlertSettings,
  merchantHours,
  merchants,
  orders,
  staffAlerts,
  userAlertSettings,
  users,
} from '../../db/schema.ts';

const PLAN_BATCH = 500;

interface EventRow {
  seq: number;
  xid: string;
  type: string;
  merchant_id: string | null;
  order_id: string | null;
  batch_id: string | null;
  created_at: Date;
}

export interface PlannedAlert {
  id: string;
  kind: string;
  subject_id: string;
  user_id: string;
  due_at: Date;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type NewAlert = typeof staffAlerts.$inferInsert;

/** Who asked for what at one store: each person's choices, with the defaults for those who saved none. */
async function staffOf(tx: Tx, merchantId: string) {
  return tx
    .select({
      id: users.id,
      roles: users.roles,
      new_order: userAlertSettings.new_order,
      unaccepted: userAlertSettings.unaccepted,
      sla_risk: userAlertSettings.sla_risk,
      batch_ready: userAlertSettings.batch_ready,
    })
    .from(users)
    .leftJoin(userAlertSettings, eq(userAlertSettings.user_id, users.id))
    .where(eq(users.authorized_merchant_id, merchantId));
}
type Person = Awaited<ReturnType<typeof staffOf>>[number];

const chosen = (p: Person, kind: AlertKind): AlertChannel[] => {
  const list = ((p[kind] ?? []) as AlertChannel[]).filter((c) => c === 'email' || c === 'sms');
  return EMAIL_ONLY_KINDS.includes(kind) ? list.filter((c) => c === 'email') : list;
};

/** The alerts an order's arrival calls for: new order to those who asked, escalation if the store set one. */
async function onOrderCreated(tx: Tx, e: EventRow, staff: Person[], quietMs: number): Promise<NewAlert[]> {
  const merchantId = e.merchant_id as string;
  const orderId = e.order_id as string;
  const out: NewAlert[] = [];
  const at = e.created_at.getTime();
  for (const p of staff) {
    const channels = chosen(p, 'new_order');
    if (channels.length)
      out.push({
        merchant_id: merchantId,
        user_id: p.id,
        kind: 'new_order',
        subject_id: orderId,
        channels,
        due_at: new Date(at + quietMs),
      });
  }
  const [store] = await tx
    .select()
    .from(merchantAlertSettings)
    .where(eq(merchantAlertSettings.merchant_id, merchantId));
  const minutes = store?.unaccepted_after_minutes;
  if (!minutes) return out;
  const due = new Date(at + minutes * 60_000);
  const group =
    store.escalate_to === 'owners_and_managers' ? ['merch.owner', 'merch.manager'] : ['merch.owner'];
  for (const p of staff) {
    const role = primaryMerchantRole(p.roles);
    const escalated = role !== null && group.includes(role);
    // The escalation group is told by text (where a number is confirmed) and email; others only if they asked.
    const channels = new Set<AlertChannel>(escalated ? ['sms', 'email'] : []);
    for (const c of chosen(p, 'unaccepted')) channels.add(c);
    if (channels.size === 0) continue;
    out.push({
      merchant_id: merchantId,
      user_id: p.id,
      kind: 'unaccepted',
      subject_id: orderId,
      channels: [...channels],
      escalation: escalated && isOwner(p.roles),
      due_at: due,
    });
  }
  return out;
}

/** An accepted order due within the day: an alert 20 minutes before its promised time. */
async function onOrderAccepted(tx: Tx, e: EventRow, staff: Person[]): Promise<NewAlert[]> {
  const asked = staff.filter((p) => chosen(p, 'sla_risk').length > 0);
  if (asked.length === 0) return [];
  const [o] = await tx
    .select({
      method: orders.delivery_method,
      submitted: orders.date_submitted,
      windowEnd: orders.delivery_window_end,
      timezone: merchants.timezone,
    })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchant_id))
    .where(and(eq(orders.id, e.order_id as string), eq(orders.merchant_id, e.merchant_id as string)));
  if (!o || !(SLA_RISK_METHODS as readonly string[]).includes(o.method)) return [];
  const hours = await tx
    .select({
      weekday: merchantHours.weekday,
      time_open: merchantHours.time_open,
      time_close: merchantHours.time_close,
    })
    .from(merchantHours)
    .where(eq(merchantHours.merchant_id, e.merchant_id as string));
  const promised = slaDueAt({
    deliveryMethod: o.method,
    submittedAt: o.submitted,
    timezone: o.timezone,
    hours,
    deliveryWindowEnd: o.windowEnd,
  });
  const due = slaRiskAt(promised, e.created_at);
  return asked.map((p) => ({
    merchant_id: e.merchant_id as string,
    user_id: p.id,
    kind: 'sla_risk',
    subject_id: e.order_id as string,
    channels: chosen(p, 'sla_risk'),
    due_at: due,
  }));
}

/** A finished batch: its requester, if they asked to hear of it (by email). */
async function onBatchCompleted(tx: Tx, e: EventRow, staff: Person[]): Promise<NewAlert[]> {
  if (!e.batch_id) return [];
  const [b] = await tx
    .select({ by: batches.created_by })
    .from(batches)
    .where(and(eq(batches.id, e.batch_id), eq(batches.merchant_id, e.merchant_id as string)));
  const p = staff.find((s) => s.id === b?.by);
  if (!p || chosen(p, 'batch_ready').length === 0) return [];
  return [
    {
      merchant_id: e.merchant_id as string,
      user_id: p.id,
      kind: 'batch_ready',
      subject_id: e.batch_id,
      channels: ['email'],
      due_at: e.created_at,
    },
  ];
}

/** Events that answer an order: what was waiting for that answer is not sent. */
const CANCELS: Readonly<Record<string, readonly AlertKind[]>> = {
  'order.accepted': ['new_order', 'unaccepted'],
  'order.rejected': ['new_order', 'unaccepted', 'sla_risk'],
  'order.on_hold': ['new_order', 'unaccepted'],
  'order.cancelled': ['new_order', 'unaccepted', 'sla_risk'],
  'order.shipped': ['sla_risk'],
  'order.delivered': ['sla_risk'],
  'order.delivery_failed': ['sla_risk'],
};

/**
 * Reads the events past the cursor and plans their alerts; returns the alerts written (for the caller to
 * queue) and how many events were read.
 */
export async function planAlerts(
  ctx: Pick<AppContext, 'database'>,
  opts: { quietMs?: number } = {},
): Promise<{ read: number; planned: PlannedAlert[] }> {
  const quietMs = opts.quietMs ?? NEW_ORDER_QUIET_MS;
  return ctx.database.db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      WITH cursor AS (SELECT xid, seq FROM alert_cursor WHERE id = 1 FOR UPDATE)
      SELECT e.seq::int AS seq, e.xid::text AS xid, e.type, e.merchant_id, e.order_id,
             e.payload->'data'->'batch'->>'batch_id' AS batch_id, e.created_at
        FROM events e, cursor c
       WHERE (e.xid, e.seq) > (c.xid, c.seq)
         AND e.xid < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY e.xid, e.seq
       LIMIT ${PLAN_BATCH}
    `)) as unknown as { rows: EventRow[] };
    if (rows.length === 0) return { read: 0, planned: [] };
    const staffByMerchant = new Map<string, Person[]>();
    const staffFor = async (merchantId: string) => {
      let s = staffByMerchant.get(merchantId);
      if (!s) {
        s = await staffOf(tx, merchantId);
        staffByMerchant.set(merchantId, s);
      }
      return s;
    };
    const planned: PlannedAlert[] = [];
    for (const raw of rows) {
      const e = { ...raw, created_at: new Date(raw.created_at) };
      if (!e.merchant_id) continue;
      const cancels = CANCELS[e.type];
      if (cancels && e.order_id)
        await tx
          .update(staffAlerts)
          .set({ state: 'cancelled', outcome: `answered: ${e.type}` })
          .where(
            and(
              eq(staffAlerts.subject_id, e.order_id),
              eq(staffAlerts.merchant_id, e.merchant_id),
              inArray(staffAlerts.kind, [...cancels]),
              eq(staffAlerts.state, 'pending'),
            ),
          );
      let wanted: NewAlert[] = [];
      if (e.type === 'order.created' && e.order_id)
        wanted = await onOrderCreated(tx, e, await staffFor(e.merchant_id), quietMs);
      else if (e.type === 'order.accepted' && e.order_id)
        wanted = await onOrderAccepted(tx, e, await staffFor(e.merchant_id));
      else if (e.type === 'batch.completed')
        wanted = await onBatchCompleted(tx, e, await staffFor(e.merchant_id));
      if (wanted.length === 0) continue;
      const written = await tx.insert(staffAlerts).values(wanted).onConflictDoNothing().returning({
        id: staffAlerts.id,
        kind: staffAlerts.kind,
        subject_id: staffAlerts.subject_id,
        user_id: staffAlerts.user_id,
        due_at: staffAlerts.due_at,
      });
      planned.push(...written);
    }
    const last = rows[rows.length - 1] as EventRow;
    await tx.execute(sql`UPDATE alert_cursor SET xid = ${last.xid}::xid8, seq = ${last.seq} WHERE id = 1`);
    return { read: rows.length, planned };
  });
}
