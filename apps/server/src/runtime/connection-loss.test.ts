/**
 * Surviving a lost database (PostgreSQL suite; skipped on PGlite): the database drops every connection of the
 * server processes, several times, while orders are placed, single orders are accepted and a bulk accept
 * runs. No process may exit; every request gets a 2xx or a 503 (never another 5xx, never a hang); every
 * acknowledged write is in the database afterwards; the bulk accept ends with every order accepted once;
 * requests succeed again within 3 s of the last drop, and events cross processes again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/client.ts';
import { cloneOrders } from '../modules/orders/bulk/test-fixtures.ts';
import { DEMO_PASSWORD, DEMO_TMK } from '../seed/demo-constants.ts';
import { TEST_DB } from '../test/harness.ts';
import {
  call,
  createEmptyDatabase,
  freePort,
  type HttpResult,
  intakeOrderBody,
  MARKETPLACE_AUTH,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilUp,
} from '../test/spawn-server.ts';

const PORTS: [number, number] = [3530, 3549];
const BULK = 300;
const SINGLE = 40;
const DROPS = 5;
const MARKETPLACE = MARKETPLACE_AUTH;
const suite = TEST_DB === 'pg' ? describe : describe.skip;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let empty: { url: string; drop(): Promise<void> } | null = null;
let db: Database | null = null;
const procs: ServerProcess[] = [];

beforeAll(async () => {
  if (TEST_DB !== 'pg') return;
  empty = await createEmptyDatabase('mc_loss');
});

afterAll(async () => {
  for (const p of procs) if (p.alive()) await stopServer(p, 'SIGKILL');
  await db?.close();
  await empty?.drop();
});

const orderBody = (n: number) => intakeOrderBody(DEMO_TMK, n);

/** An order placed on `from` shows on an event stream opened on `to` (LISTEN/NOTIFY) within 5 s. */
async function eventCrosses(
  from: ServerProcess,
  to: ServerProcess,
  token: string,
  n: number,
): Promise<boolean> {
  const ticket = await call(to, 'POST', `/m/v2/merchant/${DEMO_TMK}/orders/events/ticket`, { token });
  expect(ticket.status).toBe(200);
  const abort = new AbortController();
  const stream = await fetch(
    `${to.url}/m/v2/merchant/${DEMO_TMK}/orders/events?ticket=${ticket.json.ticket}`,
    {
      signal: abort.signal,
    },
  );
  expect(stream.status).toBe(200);
  let streamed = '';
  const reader = stream.body!.getReader();
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      streamed += Buffer.from(value!).toString();
    }
  })();
  for (let i = 0; i < 40 && !streamed.includes(': connected'); i++) await sleep(25);
  const placed = await call(from, 'POST', '/m/v2/marketplace/orders', {
    headers: MARKETPLACE,
    body: orderBody(n),
  });
  expect(placed.status).toBe(201);
  for (let i = 0; i < 100 && !streamed.includes(placed.json.id); i++) await sleep(50);
  abort.abort();
  await reading;
  return streamed.includes(placed.json.id);
}

suite('the database drops the server connections', () => {
  // Two servers started, connections killed and the writes checked: over a minute on a loaded machine.
  it('no process exits, no request fails with anything but 503, no acknowledged write is lost', {
    timeout: 180_000,
  }, async () => {
    const all = spawnServer({
      name: 'all',
      role: 'all',
      port: await freePort(PORTS),
      databaseUrl: empty!.url,
      env: { SEED_DEMO: 'true' },
    });
    procs.push(all);
    await waitUntilUp(all);
    const api = spawnServer({
      env: { LOG_LEVEL: 'info' },
      name: 'api',
      role: 'api',
      port: await freePort(PORTS),
      databaseUrl: empty!.url,
    });
    procs.push(api);
    await waitUntilUp(api);
    const servers = [all, api];

    db = openPostgres(empty!.url, 2);
    const login = await call(api, 'POST', '/a/v2/login', {
      body: { email: 'owner@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.json.token as string;

    const placed = await call(all, 'POST', '/m/v2/marketplace/orders', {
      headers: MARKETPLACE,
      body: orderBody(0),
    });
    expect(placed.status).toBe(201);
    const cloned = await cloneOrders(db, placed.json.id, BULK + SINGLE, {
      prefix: 'LOSS',
      status: 'SUBMITTED',
    });
    const bulkIds = cloned.slice(0, BULK);
    const singleIds = cloned.slice(BULK);

    expect(await eventCrosses(all, api, token, 99_998)).toBe(true);

    const results: { what: string; r: HttpResult }[] = [];
    const record = (what: string, r: HttpResult) => {
      results.push({ what, r });
      return r;
    };

    // The bulk accept starts; the batch runs on the `all` process's queue.
    const bulk = record(
      'bulk accept',
      await call(api, 'POST', `/m/v2/merchant/${DEMO_TMK}/orders/bulk/accept`, {
        token,
        body: { orders: bulkIds.map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })) },
      }),
    );
    expect(bulk.status).toBe(200);
    const batchId = bulk.json.batch_id as string;

    // Writers: orders placed and single accepts, alternating between the processes, until the drops end.
    let writing = true;
    const ackedOrders: string[] = [];
    const ackedAccepts: string[] = [];
    const retriedAccepts: string[] = [];
    const lastWas503 = new Set<string>();
    const writer = (async () => {
      let n = 1;
      let s = 0;
      while (writing) {
        const p = servers[n % 2]!;
        const r = record(
          'intake',
          await call(p, 'POST', '/m/v2/marketplace/orders', { headers: MARKETPLACE, body: orderBody(n) }),
        );
        if (r.status === 201) ackedOrders.push(r.json.id);
        if (s < SINGLE) {
          const id = singleIds[s]!;
          // A 503 may come after the accept committed (the drop hit the read-back): the retry then gets 409
          // 'already accepted', which is the answer a client retrying after a 503 must be able to rely on.
          const retry = lastWas503.has(id);
          const a = record(
            retry ? 'accept (retry after 503)' : 'accept',
            await call(p, 'PUT', `/m/v2/orders/${id}`, { token, body: { status: 'MERCHANT_ACCEPTED' } }),
          );
          if (a.status === 200 && a.json.status === 'MERCHANT_ACCEPTED') ackedAccepts.push(id);
          if (retry && a.status === 409) {
            expect(a.json.message).toMatch(/MERCHANT_ACCEPTED/);
            retriedAccepts.push(id);
          }
          if (a.status === 503) lastWas503.add(id);
          else lastWas503.delete(id);
          if (a.status !== 503) s++; // a 503 changed nothing: the same order is tried again
        }
        n++;
        await sleep(20);
      }
    })();

    // The drops: every connection of the test database but the admin's own, DROPS times.
    const admin = new pg.Client({ connectionString: empty!.url });
    await admin.connect();
    let terminated = 0;
    for (let i = 0; i < DROPS; i++) {
      await sleep(600);
      const rows = await admin.query(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      terminated += rows.rows[0].n as number;
    }
    const lastDrop = Date.now();
    await admin.end();

    // Requests succeed again within 3 s of the last drop (on both processes).
    let recoveredMs = -1;
    for (;;) {
      const rs = await Promise.all(
        servers.map((p) =>
          call(p, 'GET', `/m/v2/merchant/${DEMO_TMK}/orders/count`, { token, timeoutMs: 3000 }),
        ),
      );
      if (rs.every((r) => r.status === 200)) {
        recoveredMs = Date.now() - lastDrop;
        break;
      }
      if (Date.now() - lastDrop > 10_000) break;
      await sleep(50);
    }
    writing = false;
    await writer;

    // The batch finishes: every order accepted exactly once.
    let batch: HttpResult | null = null;
    for (let i = 0; i < 600; i++) {
      batch = await call(api, 'GET', `/m/v2/merchant/${DEMO_TMK}/batches/${batchId}`, { token });
      if (batch.json?.state === 'done' || batch.json?.state === 'failed') break;
      await sleep(100);
    }

    // Events cross processes again: an order placed on `all` reaches a stream opened on `api`.
    // NOTIFY is not durable: a notification can miss a listener that is reconnecting. Live events must work
    // again within seconds; how many tries that took is printed (an open question: see docs/operations.md).
    let crossTries = 0;
    let crossedAfter = false;
    while (!crossedAfter && crossTries < 3)
      crossedAfter = await eventCrosses(all, api, token, 99_990 + crossTries++);

    const count = (pred: (s: number) => boolean) => results.filter((x) => pred(x.r.status)).length;
    const figures = {
      terminatedConnections: terminated,
      requests: results.length,
      ok2xx: count((s) => s >= 200 && s < 300),
      unavailable503: count((s) => s === 503),
      other: results
        .filter((x) => !(x.r.status >= 200 && x.r.status < 300) && x.r.status !== 503)
        .filter((x) => !(x.what === 'accept (retry after 503)' && x.r.status === 409))
        .map((x) => `${x.what}:${x.r.status}`),
      acceptsFoundDoneOnRetry: retriedAccepts.length,
      processesLost: servers.filter((p) => !p.alive()).map((p) => p.name),
      recoveredMs,
      eventCrossTries: crossTries,
    };
    console.log('connection-loss:', JSON.stringify(figures));

    const [stored] = await db.query<{
      orders: number;
      accepted: number;
      bulk: number;
      history: number;
      dup: number;
    }>(
      `SELECT (SELECT count(*)::int FROM orders WHERE id = ANY($1::text[])) AS orders,
              (SELECT count(*)::int FROM orders WHERE id = ANY($2::text[]) AND status = 'MERCHANT_ACCEPTED') AS accepted,
              (SELECT count(*)::int FROM orders WHERE id = ANY($3::text[]) AND status = 'MERCHANT_ACCEPTED') AS bulk,
              (SELECT count(*)::int FROM order_history WHERE order_id = ANY($3::text[]) AND to_status = 'MERCHANT_ACCEPTED') AS history,
              (SELECT count(*)::int FROM (SELECT order_id FROM order_history WHERE order_id LIKE 'LOSS%' AND to_status = 'MERCHANT_ACCEPTED'
                 GROUP BY order_id HAVING count(*) > 1) d) AS dup`,
      [ackedOrders, [...ackedAccepts, ...retriedAccepts], bulkIds],
    );

    expect(terminated).toBeGreaterThan(0);
    expect(figures.processesLost).toEqual([]);
    expect(figures.other).toEqual([]);
    expect(figures.ok2xx).toBeGreaterThan(0);
    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    expect(recoveredMs).toBeLessThanOrEqual(3000);
    expect(ackedOrders.length).toBeGreaterThan(0);
    expect(stored).toEqual({
      orders: ackedOrders.length,
      accepted: ackedAccepts.length + retriedAccepts.length,
      bulk: BULK,
      history: BULK,
      dup: 0,
    });
    expect(batch?.json).toMatchObject({ state: 'done', total_count: BULK, order_accepted_count: BULK });
    expect(crossedAfter, api.output()).toBe(true);

    for (const p of servers) expect(await stopServer(p, 'SIGTERM')).toMatchObject({ code: 0 });
  });
});
