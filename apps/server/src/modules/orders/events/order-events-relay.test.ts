import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import type { OrderEvent } from '../../../context.ts';
import { openPostgres } from '../../../db/client.ts';
import { orderEventOutbox, orders } from '../../../db/schema.ts';
import {
  buildMerchantWithOwner,
  buildOrder,
  TEST_DB,
  testConfig,
  useTestApp,
} from '../../../test/harness.ts';
import { type OrderTx, orderTransaction, transitionOrder, writeOrderEvent } from '../transition-order.ts';
import type { OrderEventRelay } from './order-events-relay.ts';
import { until } from './stream-test-helpers.ts';

const t = useTestApp();
let tmk: string;
let relay: OrderEventRelay;
const seen: OrderEvent[] = [];
beforeAll(async () => {
  tmk = (await buildMerchantWithOwner(t)).merchant.tmk;
  relay = t.ctx.orderEvents as OrderEventRelay;
  t.ctx.events.on('order', (e: OrderEvent) => seen.push(e));
});

const eventsOf = (orderId: string) => seen.filter((e) => e.order_id === orderId);
const outboxRows = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orderEventOutbox))[0]!.n;

describe(`order events: outbox and relay (${TEST_DB})`, () => {
  it('a rolled-back status change publishes nothing; a committed one publishes exactly one event', async () => {
    const id = await buildOrder(t.ctx, { merchantTmk: tmk, status: 'SUBMITTED' });
    await until(() => eventsOf(id).length === 1); // order.created
    const cancel = { orderId: id, actor: 'marketplace' as const, to: 'CANCELLED' as const, action: 'test' };

    const failed = await orderTransaction(t.ctx, async (tx) => {
      await transitionOrder(t.ctx, cancel, tx);
      throw new Error('a later step of the same change fails');
    }).catch((e: unknown) => e);
    expect((failed as Error).message).toBe('a later step of the same change fails');
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(still!.status).toBe('SUBMITTED');
    await relay.flush();

    await transitionOrder(t.ctx, cancel);
    await until(() => eventsOf(id).length === 2);
    await relay.flush();
    await new Promise((r) => setTimeout(r, 300)); // time for a stray or duplicate notification to arrive
    expect(eventsOf(id).map((e) => [e.type, e.status])).toEqual([
      ['order.created', 'SUBMITTED'],
      ['order.updated', 'CANCELLED'],
    ]);
    expect(await outboxRows()).toBe(0);
  });

  it('a refused transition writes no event', async () => {
    const id = await buildOrder(t.ctx, { merchantTmk: tmk, status: 'CLOSED' });
    await until(() => eventsOf(id).length === 1);
    const err = await transitionOrder(t.ctx, {
      orderId: id,
      actor: 'merchant',
      to: 'MERCHANT_ACCEPTED',
      action: 'test',
    }).catch((e: unknown) => e);
    expect((err as { code: string }).code).toBe('ILLEGAL_TRANSITION');
    await relay.flush();
    expect(await outboxRows()).toBe(0);
    expect(eventsOf(id)).toHaveLength(1);
  });

  it('rows a process left behind (committed, never announced) are published by the timer', async () => {
    const id = await buildOrder(t.ctx, { merchantTmk: tmk, status: 'SUBMITTED' });
    await until(() => eventsOf(id).length === 1);
    // A plain transaction: nobody kicks the relay afterwards, as when the process dies right after commit.
    await t.database.db.transaction((tx) =>
      writeOrderEvent(tx as OrderTx, {
        type: 'order.updated',
        merchant_id: eventsOf(id)[0]!.merchant_id,
        order_id: id,
        status: 'SUBMITTED',
        change: { from: 'SUBMITTED', action: 'test' },
      }),
    );
    await until(() => eventsOf(id).length === 2, 5000);
    expect(await outboxRows()).toBe(0);
  });
});

describe.runIf(TEST_DB === 'pg')('several processes drain one outbox', () => {
  it('two relays publish every row exactly once to every listener', async () => {
    const other = await buildApp({
      config: testConfig(),
      database: openPostgres(t.database.connectionString!, 2),
    });
    const heardByOther: OrderEvent[] = [];
    other.ctx.events.on('order', (e: OrderEvent) => heardByOther.push(e));
    try {
      await other.app.ready();
      const id = await buildOrder(t.ctx, { merchantTmk: tmk, status: 'SUBMITTED' });
      await until(() => eventsOf(id).length === 1 && heardByOther.some((e) => e.order_id === id));
      const merchantId = eventsOf(id)[0]!.merchant_id;
      const N = 500;
      await t.database.db.transaction(async (tx) => {
        for (let i = 0; i < N; i++)
          await writeOrderEvent(tx as OrderTx, {
            type: 'order.updated',
            merchant_id: merchantId,
            order_id: id,
            status: 'SUBMITTED',
            change: { from: 'SUBMITTED', action: 'test' },
            at: new Date(Date.UTC(2026, 10, 24, 0, 0, 0, i)).toISOString(),
          });
      });
      relay.kick();
      other.ctx.orderEvents.kick();
      const burst = (list: OrderEvent[]) =>
        list.filter((e) => e.order_id === id && e.at.startsWith('2026-11-24T00:00:00'));
      await until(() => burst(seen).length >= N && burst(heardByOther).length >= N, 10_000);
      await relay.flush();
      await new Promise((r) => setTimeout(r, 300));
      for (const list of [seen, heardByOther]) {
        const ats = burst(list).map((e) => e.at);
        expect(ats).toHaveLength(N);
        expect(new Set(ats).size).toBe(N);
      }
      expect(await outboxRows()).toBe(0);
    } finally {
      await other.app.close();
      await other.ctx.database.close();
    }
  });
});
