/**
 * Webhook delivery benchmark (docs/decisions/0139), on a fresh PostgreSQL database of its own with the demo
 * store, an API process and a worker process (the real server, ROLE=api and ROLE=worker), and five local
 * receivers that check every delivery's signature with the `standardwebhooks` library:
 *
 * 1. Latency with an idle queue: 100 orders placed one at a time through the intake API; for each, the
 *    time from the intake's answer (the order and its event are committed) to the first attempt at each
 *    receiver (500 samples) | floor: the same signed body POSTed straight to a receiver from here.
 * 2. Throughput: 10,000 events written at once (one transaction, 10,000 distinct orders), fanned out to the
 *    five endpoints (50,000 deliveries) by one worker | floor: the same 50,000 POSTs from here, 20 at a time
 *    (the first worker's claim size; the worker now has up to 64 in flight, docs/decisions/0148).
 * 3. Outage: another 10,000 events; at a quarter of the deliveries every connection of the worker is
 *    terminated (pg_terminate_backend), at half the worker is killed (SIGKILL) and a new one started. Events
 *    lost (an event some receiver never got) must be 0; duplicates (an event a receiver got twice, at least
 *    once delivery) are counted.
 *
 * Database server: BENCH_DATABASE_URL's, else TEST_DATABASE_URL's, else postgres://postgres@127.0.0.1:5432.
 * Usage: node --import tsx bench/webhooks.ts [--events 10000]   Results: printed, and bench/.results/webhooks.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import {
  call,
  createEmptyDatabase,
  freePort,
  intakeOrderBody,
  MARKETPLACE_AUTH,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilUp,
} from '../apps/server/src/test/spawn-server.ts';
import { opt, pct, ROOT } from './common.ts';

const EVENTS = opt('events', 10_000);
const RECEIVERS = 5;
const LATENCY_ORDERS = 100;
const DEMO_OWNER = { email: 'owner@demo.test', password: 'demo-password-1' };

process.env.TEST_DATABASE_URL ??= (() => {
  const u = new URL(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  u.pathname = '/postgres';
  return u.toString();
})();

interface Receiver {
  url: string;
  server: Server;
  secret: string;
  /** webhook-id → how many times it arrived. */
  seen: Map<string, number>;
  /** webhook-id → when it first arrived (performance.now of this process). */
  firstAt: Map<string, number>;
  total: number;
  badSignatures: number;
}

async function startReceiver(): Promise<Receiver> {
  const r: Receiver = {
    url: '',
    server: createServer(),
    secret: '',
    seen: new Map(),
    firstAt: new Map(),
    total: 0,
    badSignatures: 0,
  };
  r.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const id = String(req.headers['webhook-id'] ?? '');
      try {
        new Webhook(r.secret).verify(Buffer.concat(chunks).toString(), req.headers as Record<string, string>);
      } catch {
        r.badSignatures++;
      }
      r.total++;
      r.seen.set(id, (r.seen.get(id) ?? 0) + 1);
      if (!r.firstAt.has(id)) r.firstAt.set(id, at);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/hook`;
  return r;
}

const reset = (receivers: Receiver[]) => {
  for (const r of receivers) {
    r.seen.clear();
    r.firstAt.clear();
    r.total = 0;
  }
};
const delivered = (receivers: Receiver[]) => receivers.reduce((n, r) => n + r.seen.size, 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (done()) return true;
    await sleep(20);
  }
  return done();
}

/** One POST on the global agent (kept-alive connections since Node 19), as a floor for a single delivery. */
function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const db = await createEmptyDatabase('mc_bench_webhooks');
const admin = new pg.Client({ connectionString: db.url });
const started: ServerProcess[] = [];
const env = { WEBHOOK_ALLOW_PRIVATE: '1', SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
const receivers = await Promise.all(Array.from({ length: RECEIVERS }, startReceiver));
const results: Record<string, unknown> = { events: EVENTS, receivers: RECEIVERS };

try {
  const api = spawnServer({ name: 'api', port: await freePort(), databaseUrl: db.url, role: 'api', env });
  started.push(api);
  await waitUntilUp(api, 180_000, '/readyz');
  await admin.connect();
  const login = await call(api, 'POST', '/a/v2/login', { body: DEMO_OWNER });
  if (login.status !== 200)
    throw new Error(`demo owner sign-in: ${login.status} ${JSON.stringify(login.json)}`);
  const token = login.json.token as string;
  const [owned] = (
    await admin.query<{ tmk: string }>(
      'SELECT m.tmk FROM merchants m JOIN users u ON u.authorized_merchant_id = m.id WHERE lower(u.email) = $1',
      [DEMO_OWNER.email],
    )
  ).rows;
  if (!owned) throw new Error('the demo store is missing');
  const store = owned.tmk;
  for (const r of receivers) {
    const made = await call(api, 'POST', `/m/v2/merchant/${store}/webhooks`, {
      token,
      body: { url: r.url, events: ['order.created', 'order.accepted'], description: 'bench' },
    });
    if (made.status !== 201) throw new Error(`endpoint: ${made.status} ${JSON.stringify(made.json)}`);
    r.secret = made.json.secret;
  }
  const spawnWorker = async (name: string) => {
    const p = spawnServer({
      name,
      port: await freePort(),
      databaseUrl: db.url,
      role: 'worker',
      env: { ...env, SEED_DEMO: 'false' },
    });
    started.push(p);
    await waitUntilUp(p, 120_000);
    return p;
  };
  const firstWorker = await spawnWorker('worker-1');

  // 1. Latency with an idle queue.
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_ORDERS; i++) {
    const placed = await call(api, 'POST', '/m/v2/marketplace/orders', {
      headers: MARKETPLACE_AUTH,
      body: intakeOrderBody(store, i),
    });
    const committedAt = performance.now();
    if (placed.status !== 201 && placed.status !== 200)
      throw new Error(`intake: ${placed.status} ${JSON.stringify(placed.json)}`);
    const orderId = placed.json.id as string;
    const [ev] = (
      await admin.query<{ id: string }>(
        "SELECT id FROM events WHERE order_id = $1 AND type = 'order.created'",
        [orderId],
      )
    ).rows;
    if (!ev) throw new Error(`no event for order ${orderId}`);
    await waitFor(() => receivers.every((r) => r.firstAt.has(ev.id)), 30_000);
    for (const r of receivers) {
      const at = r.firstAt.get(ev.id);
      if (at !== undefined) latencies.push(at - committedAt);
    }
    await sleep(50);
  }
  const sample = receivers[0]!;
  const floorLatency: number[] = [];
  const body = JSON.stringify({ type: 'order.created', data: { order: { id: 'x'.repeat(36) } } });
  for (let i = 0; i < 100; i++) {
    const id = `msg_floor_${i}`;
    const ts = new Date();
    const signature = new Webhook(sample.secret).sign(id, ts, body);
    const t0 = performance.now();
    await post(sample.url, body, {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(ts.getTime() / 1000)),
      'webhook-signature': signature,
    });
    floorLatency.push(performance.now() - t0);
  }
  const phase = (name: string) => console.log(`webhooks bench: ${name}`, JSON.stringify(results[name]));
  results.latency = {
    samples: latencies.length,
    p50_ms: pct(latencies, 50),
    p95_ms: pct(latencies, 95),
    floor_p50_ms: pct(floorLatency, 50),
    floor_p95_ms: pct(floorLatency, 95),
  };
  phase('latency');

  // 2. Throughput: EVENTS events at once, one worker.
  const insertEvents = async (run: string) => {
    await admin.query(
      `INSERT INTO events (id, type, merchant_id, order_id, application_ref, payload)
       SELECT 'evt_bench_' || $1 || '_' || g, e.type, e.merchant_id, 'bench-' || $1 || '-' || g,
              e.application_ref, jsonb_set(e.payload, '{id}', to_jsonb('evt_bench_' || $1 || '_' || g))
         FROM (SELECT * FROM events WHERE type = 'order.created' ORDER BY seq LIMIT 1) e,
              generate_series(1, $2::int) g`,
      [run, EVENTS],
    );
  };
  reset(receivers);
  const t0 = performance.now();
  await insertEvents('a');
  const allThere = await waitFor(() => delivered(receivers) >= EVENTS * RECEIVERS, 600_000);
  const seconds = (performance.now() - t0) / 1000;
  // Floor: the same number of signed POSTs straight to the receivers, 20 at a time.
  reset(receivers);
  const f0 = performance.now();
  let next = 0;
  const total = EVENTS * RECEIVERS;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (;;) {
        const n = next++;
        if (n >= total) return;
        const r = receivers[n % RECEIVERS]!;
        const id = `msg_floor_t_${n}`;
        const ts = new Date();
        await post(r.url, body, {
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(ts.getTime() / 1000)),
          'webhook-signature': new Webhook(r.secret).sign(id, ts, body),
        });
      }
    }),
  );
  const floorSeconds = (performance.now() - f0) / 1000;
  results.throughput = {
    complete: allThere,
    deliveries: total,
    seconds,
    per_second: total / seconds,
    floor_per_second: total / floorSeconds,
    bad_signatures: receivers.reduce((n, r) => n + r.badSignatures, 0),
  };
  phase('throughput');

  // 3. Connections terminated at a quarter, the worker killed at half, a new worker started.
  reset(receivers);
  const chaos0 = performance.now();
  await insertEvents('b');
  await waitFor(() => delivered(receivers) >= total / 4, 600_000);
  const terminated = await admin.query(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = 'merchant-console'",
  );
  await waitFor(() => delivered(receivers) >= total / 2, 600_000);
  await stopServer(firstWorker, 'SIGKILL');
  await spawnWorker('worker-2');
  const complete = await waitFor(() => delivered(receivers) >= total, 900_000);
  await sleep(2_000); // a late duplicate still counts
  const got = receivers.reduce((n, r) => n + r.total, 0);
  const unique = delivered(receivers);
  results.outage = {
    complete,
    seconds: (performance.now() - chaos0) / 1000,
    connections_terminated: terminated.rowCount,
    expected: total,
    lost: total - unique,
    duplicates: got - unique,
  };
  phase('outage');
} finally {
  for (const p of started.reverse()) await stopServer(p).catch(() => undefined);
  for (const r of receivers) r.server.close();
  await admin.end().catch(() => undefined);
  await db.drop().catch(() => undefined);
}

const out = path.join(ROOT, 'bench/.results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'webhooks.json'), `${JSON.stringify(results, null, 2)}\n`);
const l = results.latency as Record<string, number>;
const t = results.throughput as Record<string, number>;
const o = results.outage as Record<string, number>;
const f = (n: number, d = 1) => n.toFixed(d);
console.log(`
### Webhooks (${EVENTS.toLocaleString('en-US')} events × ${RECEIVERS} endpoints)

| case | value | floor | ratio |
|---|---|---|---|
| commit → first attempt, idle queue, p50 | ${f(l.p50_ms)} ms | ${f(l.floor_p50_ms)} ms (a bare signed POST) | ${f(l.p50_ms / l.floor_p50_ms)}× |
| commit → first attempt, idle queue, p95 | ${f(l.p95_ms)} ms | ${f(l.floor_p95_ms)} ms | ${f(l.p95_ms / l.floor_p95_ms)}× |
| deliveries per second, one worker | ${f(t.per_second, 0)} | ${f(t.floor_per_second, 0)} (bare POSTs, 20 at a time) | ${f(t.per_second / t.floor_per_second, 2)}× |
| outage: events lost | ${o.lost} of ${o.expected} | 0 | |
| outage: duplicates | ${o.duplicates} | | |
`);
if (o.lost !== 0 || !t.complete) process.exitCode = 1;
