/**
 * A replay of an Idempotency-Key already claimed: 422 for another body; the stored answer once the first
 * purchase has finished; until then a bounded wait (lib/bounded-wait.ts), taking over a purchase left
 * 'pending' past STALE_MS (a crashed process) and retrying it with the same carrier key, which the
 * carrier answers with the first purchase instead of a second one.
 */
import {
  DomainError,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  LABEL_PURCHASE_IN_PROGRESS_MESSAGE,
  type ShippingBox,
} from '@mc/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { carrierAccounts, labelPurchases } from '../../../db/schema.ts';
import { type BoundedWait, waitFor } from '../../../lib/bounded-wait.ts';
import type { StepLog } from '../../../lib/steps.ts';
import type { Caller } from '../commands/command-context.ts';
import { storedAnswer } from './purchase-answers.ts';
import { type LabelPurchaseAnswer, type PurchaseRow, STALE_MS } from './purchase-types.ts';
import { runPurchase } from './run-purchase.ts';

/** How a replay waits for the first purchase: every 50 ms, for at most a minute. */
export const REPLAY_WAIT: BoundedWait = { intervalMs: 50, timeoutMs: 60_000 };

export async function awaitAnswer(
  ctx: AppContext,
  caller: Caller,
  first: PurchaseRow,
  hash: string,
  key: string,
  opts: { wait?: BoundedWait; log?: StepLog | undefined } = {},
): Promise<LabelPurchaseAnswer> {
  if (first.request_hash !== hash) {
    return {
      status: 422,
      body: { message: IDEMPOTENCY_KEY_REUSED_MESSAGE, idempotency_key: key },
      replayed: true,
    };
  }
  let row: PurchaseRow | null = null;
  const outcome = await waitFor(async () => {
    row = row ? await reload(ctx, row.id) : first;
    if (row.state !== 'pending') return storedAnswer(ctx, caller, row, key);
    if (Date.now() - row.updated_at.getTime() > STALE_MS) return takeOver(ctx, caller, row, key, opts.log);
    return undefined;
  }, opts.wait ?? REPLAY_WAIT);
  if (outcome.done) return outcome.value;
  return {
    status: 409,
    body: { message: LABEL_PURCHASE_IN_PROGRESS_MESSAGE, idempotency_key: key },
    replayed: true,
  };
}

async function reload(ctx: AppContext, id: string): Promise<PurchaseRow> {
  const [next] = await ctx.database.db
    .select()
    .from(labelPurchases)
    .where(eq(labelPurchases.id, id))
    .limit(1);
  if (!next) throw new DomainError('CONFLICT', LABEL_PURCHASE_IN_PROGRESS_MESSAGE);
  return next;
}

/** Claims a stale purchase (only one replay wins the update) and runs it again; undefined to keep waiting. */
async function takeOver(
  ctx: AppContext,
  caller: Caller,
  row: PurchaseRow,
  key: string,
  log: StepLog | undefined,
): Promise<LabelPurchaseAnswer | undefined> {
  const [taken] = await ctx.database.db
    .update(labelPurchases)
    .set({ updated_at: new Date() })
    .where(
      and(
        eq(labelPurchases.id, row.id),
        eq(labelPurchases.state, 'pending'),
        eq(labelPurchases.updated_at, row.updated_at),
      ),
    )
    .returning();
  if (!taken) return undefined;
  const [account] = await ctx.database.db
    .select()
    .from(carrierAccounts)
    .where(eq(carrierAccounts.merchant_id, caller.merchant.id))
    .limit(1);
  if (!account) return undefined;
  return runPurchase(ctx, caller, taken, account, boxesOf(taken), key, log);
}

/** The boxes of a pending purchase (kept on the row for a takeover). */
function boxesOf(row: PurchaseRow): ShippingBox[] {
  const boxes = (row.response as { boxes?: ShippingBox[] } | null)?.boxes;
  return boxes ?? [];
}
