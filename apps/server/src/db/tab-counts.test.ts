/**
 * The kept per-tab counts (migrations 0001 and 0019, docs/decisions/0154): they follow orders moving between
 * tabs both ways, and two transactions moving orders in opposite directions wait for each other instead of
 * deadlocking (PostgreSQL only: it takes three connections).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB } from '../test/harness.ts';
import type { Database } from './client.ts';

let database: Database;
let merchantId: string;
let applicationId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const [m] = await database.query<{ id: string }>(
    "INSERT INTO merchants (tmk, name, timezone) VALUES ('tab-counts-m', 'Tab Counts Store', 'America/Chicago') RETURNING id",
  );
  merchantId = m!.id;
  const [a] = await database.query<{ id: string }>(
    "INSERT INTO applications (ref, name, brand_name) VALUES ('tab-counts-app', 'Drizly', 'Drizly') RETURNING id",
  );
  applicationId = a!.id;
});
afterAll(async () => database?.close());

/** Orders of `status`, each on its own day (so no two share a row of the kept report figures). */
async function insertOrders(prefix: string, status: string, n: number, dayOffset: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `${prefix}-${String(i).padStart(3, '0')}`;
    await database.query(
      `INSERT INTO orders (id, merchant_id, application_id, application_ref, status, date_submitted, delivery_method,
         recipient, customer, recipient_name, customer_email, total_cents)
       VALUES ($1, $2, $3, 'tab-counts-app', $4, now() - make_interval(days => $5), 'shipping', '{}', '{}', 'R',
         'c@example.com', 1000)`,
      [id, merchantId, applicationId, status, dayOffset + i],
    );
    ids.push(id);
  }
  return ids;
}

async function counts(): Promise<Record<string, number>> {
  const rows = await database.query<{ tab: string; count: number }>(
    'SELECT tab, count FROM merchant_tab_counts WHERE merchant_id = $1 AND count <> 0 ORDER BY tab',
    [merchantId],
  );
  return Object.fromEntries(rows.map((r) => [r.tab, Number(r.count)]));
}

describe('kept tab counts', () => {
  it('follow orders from active to on hold and back, and to cancelled', async () => {
    const before = await counts();
    const [a1, a2] = await insertOrders('TABCNT1', 'MERCHANT_ACCEPTED', 2, 0);
    const [h1] = await insertOrders('TABCNT2', 'REJECTED_PARTIAL', 1, 10);
    const plus = (tab: string, n: number, base: Record<string, number>) => (base[tab] ?? 0) + n;
    expect(await counts()).toEqual({
      ...before,
      active: plus('active', 2, before),
      on_hold: plus('on_hold', 1, before),
    });
    await database.query("UPDATE orders SET status = 'REJECTED_PARTIAL' WHERE id = $1", [a1]);
    await database.query("UPDATE orders SET status = 'MERCHANT_ACCEPTED' WHERE id = $1", [h1]);
    await database.query("UPDATE orders SET status = 'MERCHANT_REJECTED' WHERE id = $1", [a2]);
    expect(await counts()).toEqual({
      ...before,
      active: plus('active', 1, before),
      on_hold: plus('on_hold', 1, before),
      cancelled: plus('cancelled', 1, before),
    });
    const [{ n }] = (await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE merchant_id = $1 AND tab = 'active'",
      [merchantId],
    )) as [{ n: number }];
    expect((await counts()).active).toBe(n);
  });

  it.runIf(TEST_DB === 'pg')(
    'lets two transactions move orders in opposite directions without a deadlock',
    async () => {
      const [toHold] = await insertOrders('TABCNT3', 'MERCHANT_ACCEPTED', 1, 20);
      const [toActive] = await insertOrders('TABCNT4', 'REJECTED_PARTIAL', 1, 30);
      const pool = database.pool!;
      const [holder, a, b] = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      const pidOf = async (c: typeof a) =>
        (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const waitsForALock = async (pid: number) => {
        for (let i = 0; i < 200; i++) {
          const { rows } = await pool.query<{ w: string | null }>(
            'SELECT wait_event_type AS w FROM pg_stat_activity WHERE pid = $1',
            [pid],
          );
          if (rows[0]?.w === 'Lock') return;
          await new Promise((r) => setTimeout(r, 20));
        }
        throw new Error(`backend ${pid} never waited for a lock`);
      };
      try {
        // A third transaction holds the active row, so both movers queue behind it: the one moving an order
        // out of active first, then the one moving an order back into active. Before migration 0019 the
        // second had already taken the on_hold row by then, and once the holder let go each mover held
        // the row the other needed.
        await holder.query('BEGIN');
        await holder.query(
          "SELECT 1 FROM merchant_tab_counts WHERE merchant_id = $1 AND tab = 'active' FOR UPDATE",
          [merchantId],
        );
        const [pidA, pidB] = [await pidOf(a), await pidOf(b)];
        await a.query('BEGIN');
        const moveA = a
          .query("UPDATE orders SET status = 'REJECTED_PARTIAL' WHERE id = $1", [toHold])
          .then(() => a.query('COMMIT'));
        await waitsForALock(pidA);
        await b.query('BEGIN');
        const moveB = b
          .query("UPDATE orders SET status = 'MERCHANT_ACCEPTED' WHERE id = $1", [toActive])
          .then(() => b.query('COMMIT'));
        await waitsForALock(pidB);
        await holder.query('COMMIT');
        const settled = await Promise.allSettled([moveA, moveB]);
        expect(settled.map((s) => (s.status === 'rejected' ? String(s.reason) : 'committed'))).toEqual([
          'committed',
          'committed',
        ]);
      } finally {
        for (const c of [holder, a, b]) {
          await c.query('ROLLBACK').catch(() => undefined);
          c.release();
        }
      }
      const tabs = await database.query<{ id: string; tab: string }>(
        'SELECT id, tab FROM orders WHERE id = ANY($1::text[]) ORDER BY id',
        [[toHold, toActive]],
      );
      expect(tabs).toEqual([
        { id: toHold, tab: 'on_hold' },
        { id: toActive, tab: 'active' },
      ]);
    },
  );
});
