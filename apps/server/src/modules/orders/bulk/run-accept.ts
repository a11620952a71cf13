/**
 * Bulk accept, one order at a time through THE accept command (payment capture outside any transaction,
 * then the conditional transition + one history row). Each item is idempotent:
 * - the batch item is settled only while still 'pending' (a replay of a settled item does nothing);
 * - a replayed item whose order was already moved by this batch (the server died after the transition
 *   but before the item was settled) is recognised from the order history — a transition by the batch's
 *   user since the batch was created — and settled from it, without a second transition.
 */
import { BULK_MSG, bulkFailureText, can, DomainError, scopesAllow } from '@mc/domain';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { merchants, orderHistory, users } from '../../../db/schema.ts';
import type { StepLog } from '../../../lib/steps.ts';
import { loadApiKeyPrincipal } from '../../auth/index.ts';
import { acceptOrder } from '../commands/accept-order.ts';
import type { Caller } from '../commands/command-context.ts';
import { type BatchRow, pendingOrderIds, settleItem } from './batch-store.ts';

/** The batch's user acting for the batch's merchant, as when they started it (null if no longer allowed). */
export async function batchCaller(ctx: AppContext, batch: BatchRow): Promise<Caller | null> {
  if (!batch.created_by) return null;
  const [[u], [merchant]] = await Promise.all([
    ctx.database.db.select().from(users).where(eq(users.id, batch.created_by)).limit(1),
    ctx.database.db.select().from(merchants).where(eq(merchants.id, batch.merchant_id)).limit(1),
  ]);
  if (!u && merchant) {
    // Started with an API key (its id is the batch's creator): the key must still be live, the store's, and
    // allowed to write orders (docs/decisions/0140).
    const key = await loadApiKeyPrincipal(ctx, batch.created_by);
    if (!key?.apiKey || key.merchantId !== merchant.id || !scopesAllow(key.apiKey.scopes, 'orders.write'))
      return null;
    return { merchant, principal: { ...key, sessionId: `batch:${batch.id}` } };
  }
  if (!u || !merchant || u.authorized_merchant_id !== merchant.id || !can(u.roles, 'orders.write'))
    return null;
  return {
    merchant,
    principal: {
      userId: u.id,
      sessionId: `batch:${batch.id}`,
      email: u.email,
      name: `${u.first_name} ${u.last_name}`.trim(),
      roles: u.roles,
      passwordMustChange: false,
      merchantId: merchant.id,
      tmk: merchant.tmk,
      merchant,
    },
  };
}

/** What this batch already did to the order, if anything (see the file comment). */
async function previousOutcome(
  ctx: AppContext,
  batch: BatchRow,
  orderId: string,
): Promise<'accepted' | 'declined' | null> {
  const [h] = await ctx.database.db
    .select({ to: orderHistory.to_status })
    .from(orderHistory)
    .where(
      and(
        eq(orderHistory.order_id, orderId),
        eq(orderHistory.actor_user_id, batch.created_by ?? '00000000-0000-0000-0000-000000000000'),
        inArray(orderHistory.action, ['accept', 'payment_declined']),
        gte(orderHistory.created_at, batch.created_at),
      ),
    )
    .orderBy(desc(orderHistory.id))
    .limit(1);
  if (!h) return null;
  return h.to === 'MERCHANT_ACCEPTED' ? 'accepted' : 'declined';
}

async function acceptOne(
  ctx: AppContext,
  batch: BatchRow,
  caller: Caller,
  orderId: string,
  log: StepLog | undefined,
): Promise<void> {
  try {
    const row = await acceptOrder(ctx, caller, orderId, log);
    if (row.status === 'MERCHANT_ACCEPTED') await settleItem(ctx, batch.id, orderId, 'done');
    else await settleItem(ctx, batch.id, orderId, 'failed', BULK_MSG.PAYMENT_DECLINED);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error; // database trouble: the job retries the batch
    if (error.code === 'ILLEGAL_TRANSITION') {
      const before = await previousOutcome(ctx, batch, orderId);
      if (before === 'accepted') return settleItem(ctx, batch.id, orderId, 'done');
      if (before === 'declined')
        return settleItem(ctx, batch.id, orderId, 'failed', BULK_MSG.PAYMENT_DECLINED);
    }
    // The merchant reads this in the recent-batches panel: 'Already accepted.', not the transition code.
    await settleItem(ctx, batch.id, orderId, 'failed', bulkFailureText(error.message));
  }
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Accepts every pending order of the batch, `concurrency` at a time (until `signal` aborts: then the caller throws). */
export async function runAcceptBatch(
  ctx: AppContext,
  batch: BatchRow,
  opts: { concurrency?: number; signal?: AbortSignal; log?: StepLog | undefined } = {},
): Promise<void> {
  const pending = await pendingOrderIds(ctx, batch.id);
  if (pending.length === 0) return;
  const caller = await batchCaller(ctx, batch);
  if (!caller) {
    const message = 'Your role does not allow this. Ask the store owner for access.';
    for (const id of pending) await settleItem(ctx, batch.id, id, 'failed', message);
    return;
  }
  const concurrency = Math.max(1, opts.concurrency ?? (ctx.database.driver === 'pg' ? 4 : 1));
  let next = 0;
  // The first failure (database trouble) stops every lane before the batch's lock is released, so a
  // retry never runs beside leftovers of this run.
  let failed: { error: unknown } | null = null;
  const lane = async () => {
    try {
      while (next < pending.length && !opts.signal?.aborted && !failed) {
        const id = pending[next++];
        if (id !== undefined) await acceptOne(ctx, batch, caller, id, opts.log);
        // PGlite answers in microtasks: yield so HTTP requests (the list, polls) are served meanwhile.
        await yieldToEventLoop();
      }
    } catch (error) {
      failed ??= { error };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pending.length) }, lane));
  if (failed) throw (failed as { error: unknown }).error;
}
