import { DomainError } from '@mc/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPaymentsAdapter } from '../../../adapters/payments/payments.ts';
import { orderHistory, orders } from '../../../db/schema.ts';
import { buildMerchantWithOwner, buildOrder, TEST_DB, useTestApp } from '../../../test/harness.ts';
import { type OrderRow, transitionOrder } from '../transition-order.ts';
import { acceptOrder } from './accept-order.ts';
import type { Caller } from './command-context.ts';
import { rejectOrder } from './reject-order.ts';

/**
 * Capture on accept is a step with a compensation: 50 concurrent accepts and rejects on one order, 20 rounds.
 * Whatever wins, the money is captured (and not given back) exactly when the order ends accepted, and
 * given back (hold released, or capture refunded) otherwise. Payments are the sandbox, which answers like
 * Stripe's PaymentIntents (a capture after a release is refused, a repeated key replays the first answer);
 * each capture is delayed by a few random milliseconds so captures, writes and releases interleave, and the
 * rejects start at once, after the first capture, or after the first accept has finished (by round), so both
 * outcomes occur, with both ways of giving money back (a released hold, a refunded capture) and the losing
 * accepts of a won round keeping the winner's capture.
 */
const ROUNDS = 20;
const REQUESTS = 50;

const t = useTestApp();
let caller: Caller;
let sandbox: SandboxPaymentsAdapter;
let captured: () => void = () => {};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
beforeAll(async () => {
  const owner = await buildMerchantWithOwner(t);
  caller = {
    merchant: owner.merchant,
    principal: {
      userId: owner.user.id,
      sessionId: 'race-test',
      email: owner.user.email,
      name: 'Race Test',
      roles: owner.user.roles,
      passwordMustChange: false,
      merchantId: owner.merchant.id,
      tmk: owner.merchant.tmk,
      merchant: owner.merchant,
    },
  };
  sandbox = t.ctx.adapters.payments as SandboxPaymentsAdapter;
  expect(sandbox.kind).toBe('sandbox');
  let seed = 20261124;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  t.ctx.adapters.payments = {
    ...sandbox,
    async capture(req) {
      await sleep(Math.floor(random() * 4));
      const answer = await sandbox.capture(req);
      captured();
      return answer;
    },
  };
});

/** Runs `then` after each capture, before the accept writes (a change racing the accept); returns the undo. */
function afterEachCapture(then: () => Promise<unknown>): () => void {
  const payments = t.ctx.adapters.payments;
  t.ctx.adapters.payments = {
    ...payments,
    async capture(req) {
      const answer = await payments.capture(req);
      await then();
      return answer;
    },
  };
  return () => {
    t.ctx.adapters.payments = payments;
  };
}

describe(`accept × reject race with payment compensation (${TEST_DB})`, () => {
  it(`${REQUESTS} concurrent accepts/rejects × ${ROUNDS} rounds: money captured exactly when accepted`, async () => {
    const started = Date.now();
    const outcomes: { status: string; payment: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const id = await buildOrder(t.ctx, { merchantTmk: caller.merchant.tmk, status: 'SUBMITTED' });
      const firstCapture = new Promise<void>((resolve) => {
        captured = resolve;
      });
      let acceptSettled: () => void = () => {};
      const firstAcceptSettled = new Promise<void>((resolve) => {
        acceptSettled = resolve;
      });
      const rejectsStart = [() => Promise.resolve(), () => firstCapture, () => firstAcceptSettled][
        round % 3
      ]!;
      const results = await Promise.allSettled(
        Array.from(
          { length: REQUESTS },
          (_, i): Promise<OrderRow> =>
            i % 2 === 0
              ? acceptOrder(t.ctx, caller, id).finally(acceptSettled)
              : rejectsStart().then(() => rejectOrder(t.ctx, caller, id, { reason: 'store_closed' })),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      for (const r of lost) {
        expect(r.reason).toBeInstanceOf(DomainError);
        expect((r.reason as DomainError).code).toBe('ILLEGAL_TRANSITION');
      }
      const [o] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      const status = o!.status;
      expect((won[0] as PromiseFulfilledResult<OrderRow>).value.status).toBe(status);
      expect(['MERCHANT_ACCEPTED', 'MERCHANT_REJECTED']).toContain(status);
      const changes = await t.database.db.select().from(orderHistory).where(eq(orderHistory.order_id, id));
      expect(changes.filter((h) => h.from_status === 'SUBMITTED')).toHaveLength(1);

      const intent = sandbox.intent(id);
      const moneyKept = intent?.status === 'succeeded' && !intent.refunded;
      const payment = !intent
        ? 'untouched'
        : intent.status === 'succeeded'
          ? intent.refunded
            ? 'refunded'
            : 'captured'
          : intent.status;
      outcomes.push({ status, payment });
      if (status === 'MERCHANT_ACCEPTED') {
        expect(payment).toBe('captured');
      } else {
        expect(moneyKept).toBe(false);
        // The reject gave the money back: the hold released, or a losing accept's capture refunded.
        expect(['canceled', 'refunded']).toContain(payment);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(`[accept-reject race ${TEST_DB}] ${seconds.toFixed(1)} s`, JSON.stringify(outcomes));
    // Both outcomes occur, so both the kept capture and its compensation were exercised.
    expect(outcomes.some((o) => o.status === 'MERCHANT_ACCEPTED')).toBe(true);
    expect(outcomes.some((o) => o.status === 'MERCHANT_REJECTED')).toBe(true);
  }, 60_000);

  it('an accept whose write loses to a change that does not return the money refunds its own capture', async () => {
    const id = await buildOrder(t.ctx, { merchantTmk: caller.merchant.tmk, status: 'SUBMITTED' });
    // The customer cancels while the capture is under way (the marketplace's change moves no money).
    const restore = afterEachCapture(() =>
      transitionOrder(t.ctx, { orderId: id, actor: 'marketplace', to: 'CANCELLED', action: 'test' }),
    );
    try {
      const err = await acceptOrder(t.ctx, caller, id).catch((e: unknown) => e);
      expect((err as DomainError).code).toBe('ILLEGAL_TRANSITION');
      expect(sandbox.intent(id)).toEqual({ status: 'succeeded', refunded: true });
    } finally {
      restore();
    }
  });

  it('an accept that fails to write while the order stays open keeps the capture for the next accept', async () => {
    const id = await buildOrder(t.ctx, { merchantTmk: caller.merchant.tmk, status: 'SUBMITTED' });
    // The write fails (the row changed under a stale read): the order is still open.
    const restore = afterEachCapture(() =>
      t.database.db.update(orders).set({ status: 'PAYMENT_APPROVED' }).where(eq(orders.id, id)),
    );
    try {
      expect(await acceptOrder(t.ctx, caller, id).catch((e: unknown) => (e as DomainError).code)).toBe(
        'ILLEGAL_TRANSITION',
      );
      expect(sandbox.intent(id)).toEqual({ status: 'succeeded', refunded: false });
    } finally {
      restore();
    }
    // The next accept replays the same capture (same key) and wins; a reject would have refunded it.
    expect((await acceptOrder(t.ctx, caller, id)).status).toBe('MERCHANT_ACCEPTED');
    expect(sandbox.intent(id)).toEqual({ status: 'succeeded', refunded: false });
  });
});
