/**
 * A label purchase whose record cannot be written: the labels bought are voided through the carrier
 * adapter (the sandbox remembers them), the purchase is stored as failed so a replay of the key answers
 * the failure rather than the voided labels, and a new key buys new labels.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxCarrierAdapter } from '../../../adapters/carrier/sandbox.ts';
import { carrierAccounts, labelPurchases, orders, shipments } from '../../../db/schema.ts';
import { callerOf, failHistoryWrite, isFailedWrite, recordingStepLog } from '../../../test/failing-write.ts';
import { buildMerchantWithOwner, buildOrder, TEST_DB, useTestApp } from '../../../test/harness.ts';
import type { Caller } from '../commands/command-context.ts';
import { purchaseLabels } from './buy-labels.ts';

const t = useTestApp();
let caller: Caller;
let carrier: SandboxCarrierAdapter;

beforeAll(async () => {
  const owner = await buildMerchantWithOwner(t);
  caller = callerOf(owner.merchant, owner.user);
  carrier = t.ctx.adapters.carrier as SandboxCarrierAdapter;
  expect(carrier.kind).toBe('sandbox');
  await t.database.db.insert(carrierAccounts).values({
    merchant_id: owner.merchant.id,
    carrier: 'UPS',
    account_number: 'SANDBOX-UPS-TEST1',
  });
});

const accepted = () => buildOrder(t.ctx, { merchantTmk: caller.merchant.tmk, status: 'MERCHANT_ACCEPTED' });
const shipmentsOf = (id: string) => t.database.db.select().from(shipments).where(eq(shipments.order_id, id));
const purchaseOf = async (key: string) =>
  (await t.database.db.select().from(labelPurchases).where(eq(labelPurchases.idempotency_key, key)))[0]!;

describe(`label purchase: the labels are voided when they cannot be recorded (${TEST_DB})`, () => {
  it('the write fails: both labels voided at the carrier, the key answers the failure, a new key buys anew', async () => {
    const id = await accepted();
    const key = randomUUID();
    const boxes = [{ weight: 2 }, { weight: 3 }];
    const { log, lines } = recordingStepLog();
    const bought: string[] = [];
    const inner = t.ctx.adapters.carrier;
    t.ctx.adapters.carrier = {
      ...inner,
      buyLabels: async (req) => {
        const r = await inner.buyLabels(req);
        if (r.ok) bought.push(...r.labels.map((l) => l.tracking_code));
        return r;
      },
    };
    const restore = await failHistoryWrite(t.database, id, 'shipping_label');
    try {
      const error = await purchaseLabels(t.ctx, caller, id, boxes, key, log).catch((e: unknown) => e);
      expect(isFailedWrite(error)).toBe(true);
    } finally {
      await restore();
      t.ctx.adapters.carrier = inner;
    }
    expect(bought).toHaveLength(2);
    expect(carrier.voided().slice(-2)).toEqual(bought);
    expect(lines()).toEqual([['info', 'buy labels', 'voided 2 label(s)']]);
    expect(await shipmentsOf(id)).toEqual([]);
    expect(await purchaseOf(key)).toMatchObject({ state: 'failed', response_status: 502 });

    const replay = await purchaseLabels(t.ctx, caller, id, boxes, key, log);
    expect(replay).toMatchObject({ status: 502, replayed: true });

    const fresh = await purchaseLabels(t.ctx, caller, id, boxes, randomUUID(), log);
    expect(fresh.status).toBe(200);
    const codes = (fresh.body as { shipping_labels: { tracking_code: string }[] }).shipping_labels.map(
      (l) => l.tracking_code,
    );
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(carrier.voided()).not.toContain(code);
  });

  it('the order was cancelled while the carrier sold the labels: 409 stored, the labels voided', async () => {
    const id = await accepted();
    const key = randomUUID();
    const { log, lines } = recordingStepLog();
    const inner = t.ctx.adapters.carrier;
    let bought: string[] = [];
    t.ctx.adapters.carrier = {
      ...inner,
      buyLabels: async (req) => {
        const r = await inner.buyLabels(req);
        if (r.ok) bought = r.labels.map((l) => l.tracking_code);
        await t.database.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, id));
        return r;
      },
    };
    try {
      const answer = await purchaseLabels(t.ctx, caller, id, [{ weight: 2 }], key, log);
      expect(answer).toMatchObject({ status: 409, replayed: false });
    } finally {
      t.ctx.adapters.carrier = inner;
    }
    expect(bought).toHaveLength(1);
    expect(carrier.voided()).toContain(bought[0]);
    expect(lines()).toEqual([['info', 'buy labels', 'voided 1 label(s)']]);
    expect(await purchaseOf(key)).toMatchObject({ state: 'failed', response_status: 409 });
    expect(await shipmentsOf(id)).toEqual([]);
  });
});
