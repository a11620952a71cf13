import { orderEventsPath } from '@mc/api';
import { describe, expect, it } from 'vitest';
import {
  buildMerchantWithOwner,
  buildOrder,
  startOtherApp,
  TEST_DB,
  useTestApp,
} from '../../../test/harness.ts';
import { transitionOrder } from '../transition-order.ts';
import { eventsUrl, openStream, ticketFor, until, useStreamServer } from './stream-test-helpers.ts';

const t = useTestApp();
const server = useStreamServer(t);

describe('GET /m/v2/merchant/{tmk}/orders/events', () => {
  it("streams this merchant's new orders and status changes, and nobody else's", async () => {
    const a = await buildMerchantWithOwner(t);
    const b = await buildMerchantWithOwner(t);
    const sa = await openStream(
      server.base,
      eventsUrl(orderEventsPath(a.merchant.tmk), await ticketFor(t.app, a.merchant.tmk, a.token)),
    );
    const sb = await openStream(server.base, `/m/v2/merchant/${b.merchant.tmk}/orders/events`, b.headers);
    expect(sa.status).toBe(200);
    expect(sb.status).toBe(200);

    const id = await buildOrder(t.ctx, { merchantTmk: a.merchant.tmk, status: 'SUBMITTED' });
    await until(() => sa.events.length === 1);
    expect(sa.events[0]).toMatchObject({
      event: 'order.created',
      type: 'order.created',
      order_id: id,
      status: 'SUBMITTED',
      tab: 'active',
    });

    await transitionOrder(t.ctx, {
      orderId: id,
      actor: 'marketplace',
      to: 'CANCELLED',
      action: 'customer_cancelled',
    });
    await until(() => sa.events.length === 2);
    expect(sa.events[1]).toMatchObject({
      event: 'order.updated',
      order_id: id,
      status: 'CANCELLED',
      tab: 'cancelled',
      version: 2,
    });

    await new Promise((r) => setTimeout(r, 100));
    expect(sb.events).toEqual([]);
    sa.close();
    sb.close();
  });

  it('refuses a missing or bad ticket (401) and another merchant key (404)', async () => {
    const a = await buildMerchantWithOwner(t);
    const b = await buildMerchantWithOwner(t);
    const path = orderEventsPath(a.merchant.tmk);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${path}?ticket=nope` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: path, headers: b.headers })).statusCode).toBe(404);
  });
});

describe.runIf(TEST_DB === 'pg')('events across processes (LISTEN/NOTIFY)', () => {
  it('an order placed through one app reaches the streams of another', async () => {
    const other = await startOtherApp(t);
    try {
      const a = await buildMerchantWithOwner(t);
      const s = await openStream(
        other.base,
        eventsUrl(orderEventsPath(a.merchant.tmk), await ticketFor(t.app, a.merchant.tmk, a.token)),
      );
      expect(s.status).toBe(200);
      const id = await buildOrder(t.ctx, { merchantTmk: a.merchant.tmk, status: 'SUBMITTED' });
      await until(() => s.events.some((e) => e.order_id === id));
      s.close();
    } finally {
      await other.close();
    }
  });

  it('when its LISTEN connection comes back after a drop, the open streams end so consoles reload', async () => {
    const a = await buildMerchantWithOwner(t);
    const s = await openStream(
      server.base,
      eventsUrl(orderEventsPath(a.merchant.tmk), await ticketFor(t.app, a.merchant.tmk, a.token)),
    );
    expect(s.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(s.ended).toBe(false);
    // Drop this database's LISTEN connections the way a failover or pg_terminate_backend does.
    const dropped = await t.database.pool!.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
    );
    expect(dropped.rows[0]!.n).toBeGreaterThan(0);
    // Back within the listener's back-off (250 ms doubling); the stream ends then, not before.
    await until(() => s.ended, 8000);
    // A new stream works and receives events again.
    const again = await openStream(
      server.base,
      eventsUrl(orderEventsPath(a.merchant.tmk), await ticketFor(t.app, a.merchant.tmk, a.token)),
    );
    const id = await buildOrder(t.ctx, { merchantTmk: a.merchant.tmk, status: 'SUBMITTED' });
    await until(() => again.events.some((e) => e.order_id === id), 8000);
    again.close();
  });
});
