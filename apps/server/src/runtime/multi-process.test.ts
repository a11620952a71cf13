/**
 * Several server processes (PostgreSQL suite; skipped on PGlite): real processes on one new database.
 * Two ROLE=api and one ROLE=worker start at the same moment on an empty database (migrations and the
 * demo seed run once, under the start-up lock); a session made on one API process works on the other;
 * an order placed through one API process reaches the other's event stream; a bulk accept sent through
 * an API process stays queued while no worker runs; a worker killed with SIGKILL mid-batch is replaced
 * and every order is accepted exactly once; SIGTERM stops each process within 10 s with exit 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/client.ts';
import { cloneOrders } from '../modules/orders/bulk/test-fixtures.ts';
import { DEMO_PASSWORD, DEMO_TMK } from '../seed/demo-constants.ts';
import { LABEL_DEMO_STORES } from '../seed/label-demo-orders.ts';
import { TEST_DB } from '../test/harness.ts';
import {
  call,
  createEmptyDatabase,
  freePort,
  intakeOrderBody,
  MARKETPLACE_AUTH,
  rssMb,
  type ServerProcess,
  serverCommand,
  spawnServer,
  stopServer,
  waitUntilUp,
} from '../test/spawn-server.ts';

const N = 600;
const PORTS: [number, number] = [3510, 3529];
const suite = TEST_DB === 'pg' ? describe : describe.skip;

let empty: { url: string; drop(): Promise<void> } | null = null;
let db: Database | null = null;
const procs: ServerProcess[] = [];

async function start(role: 'api' | 'worker', name: string, env: Record<string, string> = {}) {
  const p = spawnServer({ name, role, port: await freePort(PORTS), databaseUrl: empty!.url, env });
  procs.push(p);
  return p;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  if (TEST_DB !== 'pg') return;
  empty = await createEmptyDatabase('mc_multi');
});

afterAll(async () => {
  for (const p of procs) if (p.alive()) await stopServer(p, 'SIGKILL');
  await db?.close();
  await empty?.drop();
});

suite('API replicas and a worker on one database', () => {
  it('start together, share sessions and events, hand a batch to the worker, survive a killed worker, stop on SIGTERM', async () => {
    const T0 = Date.now();
    const phase = (name: string, extra: Record<string, unknown> = {}) =>
      console.log(`multi-process: ${name} at ${Date.now() - T0} ms`, JSON.stringify(extra));
    phase('spawning', { compiled: serverCommand().compiled });

    // --- three processes at the same moment on an empty database; the demo seed on
    const seedEnv = { SEED_DEMO: 'true' };
    const [api1, api2, worker1] = await Promise.all([
      start('api', 'api-1', seedEnv),
      start('api', 'api-2', seedEnv),
      start('worker', 'worker-1', seedEnv),
    ]);
    const startMs = await Promise.all([api1, api2, worker1].map((p) => waitUntilUp(p!)));
    phase('all up (ms from spawn to /healthz)', { api1: startMs[0], api2: startMs[1], worker1: startMs[2] });
    for (const p of [api1!, api2!, worker1!]) {
      expect((await call(p, 'GET', '/readyz')).status).toBe(200);
    }

    db = openPostgres(empty!.url, 4);
    // One copy of the demo data (a second seed would have duplicated the applications, or crashed).
    const [counts] = await db.query<{ merchants: number; demo: number; apps: number; dupApps: number }>(
      `SELECT (SELECT count(*)::int FROM merchants) AS merchants,
              (SELECT count(*)::int FROM merchants WHERE tmk = $1) AS demo,
              (SELECT count(*)::int FROM applications) AS apps,
              (SELECT count(*)::int FROM (SELECT ref FROM applications GROUP BY ref HAVING count(*) > 1) d) AS "dupApps"`,
      [DEMO_TMK],
    );
    // The two demo stores and the label-demo stores, once each.
    expect(counts).toMatchObject({ merchants: 2 + LABEL_DEMO_STORES.length, demo: 1, dupApps: 0 });

    // --- the worker serves only health; the API processes serve the API
    expect(
      (
        await call(worker1!, 'POST', '/a/v2/login', {
          body: { email: 'owner@demo.test', password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(404);

    // --- a session made on one API process is good on the other
    const login = await call(api1!, 'POST', '/a/v2/login', {
      body: { email: 'owner@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.json.token as string;
    const merchantOnApi2 = await call(api2!, 'GET', `/c/v2/merchants/${DEMO_TMK}`, { token });
    expect(merchantOnApi2.status).toBe(200);

    // --- memory at rest
    const rss = {
      api1: await rssMb(api1!.child.pid),
      api2: await rssMb(api2!.child.pid),
      worker: await rssMb(worker1!.child.pid),
    };
    phase('memory at rest (RSS MB)', rss);

    // --- an order placed through api-1 reaches an event stream on api-2 (LISTEN/NOTIFY)
    // A single-use ticket made on api-1, used on api-2 (tokens never travel in URLs).
    const ticket = await call(api1!, 'POST', `/m/v2/merchant/${DEMO_TMK}/orders/events/ticket`, { token });
    expect(ticket.status).toBe(200);
    const events = new AbortController();
    const stream = await fetch(
      `${api2!.url}/m/v2/merchant/${DEMO_TMK}/orders/events?ticket=${encodeURIComponent(ticket.json.ticket as string)}`,
      { signal: events.signal },
    );
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let streamed = '';
    const readStream = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        streamed += Buffer.from(value!).toString();
      }
    })();
    const placed = await call(api1!, 'POST', '/m/v2/marketplace/orders', {
      headers: MARKETPLACE_AUTH,
      body: intakeOrderBody(DEMO_TMK),
    });
    expect(placed.status).toBe(201);
    const placedId = placed.json.id as string;
    for (let i = 0; i < 100 && !streamed.includes(placedId); i++) await sleep(50);
    expect(streamed).toContain(placedId);
    phase('event crossed processes');

    // --- no worker: a batch sent through an API process waits
    const stopped1 = await stopServer(worker1!, 'SIGTERM');
    expect(stopped1).toMatchObject({ code: 0 });
    expect(stopped1.ms).toBeLessThan(10_000);
    phase('worker-1 stopped', stopped1);

    // SUBMITTED copies of the order just placed (the demo's own orders are in every status).
    const ids = await cloneOrders(db, placedId, N, { prefix: 'MULTI', status: 'SUBMITTED' });
    const accept = await call(api1!, 'POST', `/m/v2/merchant/${DEMO_TMK}/orders/bulk/accept`, {
      token,
      body: { orders: ids.map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })) },
    });
    expect(accept.status).toBe(200); // answered after its 4 s wait, still queued
    const batchId = accept.json.batch_id as string;
    expect(accept.json).toMatchObject({ state: 'queued', completed_count: 0 });
    await sleep(2000);
    const waiting = await call(api2!, 'GET', `/m/v2/merchant/${DEMO_TMK}/batches/${batchId}`, { token });
    expect(waiting.json).toMatchObject({ state: 'queued', completed_count: 0, error_count: 0 });
    const [touched] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE id LIKE 'MULTI-%' AND status <> 'SUBMITTED'`,
    );
    expect(touched?.n).toBe(0);
    phase('batch waited without a worker');

    // --- a worker takes it; SIGKILL mid-batch; another worker finishes it
    const worker2 = await start('worker', 'worker-2');
    await waitUntilUp(worker2);
    const seen: string[] = [];
    for (let i = 0; ; i++) {
      const b = await call(api2!, 'GET', `/m/v2/merchant/${DEMO_TMK}/batches/${batchId}`, { token });
      seen.push(`${b.json.state}:${b.json.completed_count}`);
      expect(b.json.state, seen.slice(-5).join(', ')).not.toBe('done');
      if (b.json.state === 'running' && b.json.completed_count >= 20) break;
      if (i > 2000)
        throw new Error(`the batch did not start: ${seen.slice(-5).join(', ')}\n${worker2.output()}`);
      await sleep(20);
    }
    const killed = await stopServer(worker2, 'SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    const [atKill] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE id LIKE 'MULTI-%' AND status = 'MERCHANT_ACCEPTED'`,
    );
    expect(atKill!.n).toBeLessThan(N);
    phase('worker-2 killed mid-batch', { acceptedAtKill: atKill!.n });

    const worker3 = await start('worker', 'worker-3');
    await waitUntilUp(worker3);
    let done: { json: Record<string, unknown> } | null = null;
    for (let i = 0; i < 1200; i++) {
      const b = await call(api1!, 'GET', `/m/v2/merchant/${DEMO_TMK}/batches/${batchId}`, { token });
      if (b.json.state === 'done' || b.json.state === 'failed') {
        done = b;
        break;
      }
      await sleep(100);
    }
    expect(done?.json, worker3.output()).toMatchObject({
      state: 'done',
      total_count: N,
      order_accepted_count: N,
      order_rejected_count: 0,
    });
    const [stored] = await db.query<{ orders: number; history: number; dup: number }>(
      `SELECT (SELECT count(*)::int FROM orders WHERE id LIKE 'MULTI-%' AND status = 'MERCHANT_ACCEPTED') AS orders,
              (SELECT count(*)::int FROM order_history WHERE order_id LIKE 'MULTI-%' AND to_status = 'MERCHANT_ACCEPTED') AS history,
              (SELECT count(*)::int FROM (SELECT order_id FROM order_history WHERE order_id LIKE 'MULTI-%' AND to_status = 'MERCHANT_ACCEPTED'
                 GROUP BY order_id HAVING count(*) > 1) d) AS dup`,
    );
    expect(stored).toEqual({ orders: N, history: N, dup: 0 });
    phase('batch finished by worker-3, each order once');

    // --- SIGTERM: each stops within 10 s with exit 0 (api-2 with an event stream open)
    const results = await Promise.all([api1!, api2!, worker3].map((p) => stopServer(p, 'SIGTERM')));
    events.abort();
    await readStream;
    phase('SIGTERM', Object.fromEntries(results.map((r, i) => [['api1', 'api2', 'worker3'][i], r])));
    for (const r of results) {
      expect(r.code).toBe(0);
      expect(r.ms).toBeLessThan(10_000);
    }
    for (const p of procs) expect(p.output()).not.toMatch(/uncaught|unhandled/i);
  }, 300_000);
});
