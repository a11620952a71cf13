/**
 * Live consoles benchmark: one API process holding 5,000 and then 10,000 open order-event streams, each
 * opened as the console opens it (a ticket with the session's bearer token, then the stream with the
 * ticket; at most 10 per session, so one session per 10 streams), on a fresh PostgreSQL database of its own
 * with the demo store. Per step: a new order placed through the intake API, the time until each stream has
 * it (p50, p99, max; the aim is p99 ≤ 2 s), and the process's resident memory (the aim is < 600 MB).
 * Floor, in the same run: a bare node:http server in a process of its own holding as many server-sent-event
 * responses and writing one event to all of them (bench/floor-sse.mjs).
 *
 * Database server: BENCH_DATABASE_URL's, else TEST_DATABASE_URL's, else postgres://postgres@127.0.0.1:5432.
 * Usage: node --import tsx bench/streams.ts [--streams 5000,10000]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import {
  call,
  createEmptyDatabase,
  freePort,
  intakeOrderBody,
  launch,
  MARKETPLACE_AUTH,
  rssMb,
  SERVER_TEST_ENV,
  spawnServer,
  stopServer,
  waitUntilUp,
} from '../apps/server/src/test/spawn-server.ts';
import { pct, ROOT } from './common.ts';

const STEPS = (
  process.argv.includes('--streams')
    ? String(process.argv[process.argv.indexOf('--streams') + 1])
    : '5000,10000'
)
  .split(',')
  .map(Number);
const TMK = 'demo-wine-spirits';
const PER_SESSION = 10;

process.env.TEST_DATABASE_URL ??= (() => {
  const u = new URL(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  u.pathname = '/postgres';
  return u.toString();
})();

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

interface Listener {
  /** performance.now() when the text was first seen, per marker. */
  seen: Map<string, number>;
  close: () => void;
}

/** Opens one server-sent-event stream; resolves once its first bytes arrive. */
function openStream(url: string, markers: () => string[]): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const seen = new Map<string, number>();
    const req = http.get(url, { agent }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream answered ${res.statusCode}`));
        return;
      }
      let tail = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        const text = tail + chunk;
        for (const m of markers()) if (!seen.has(m) && text.includes(m)) seen.set(m, at);
        tail = text.slice(-64);
      });
      res.once('data', () => resolve({ seen, close: () => req.destroy() }));
      res.on('error', () => undefined);
    });
    req.on('error', reject);
  });
}

/** Runs `fn` over 0..n-1 with at most `width` at once. */
async function pool(n: number, width: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (;;) {
        const i = next++;
        if (i >= n) return;
        await fn(i);
      }
    }),
  );
}

async function waitAll(listeners: Listener[], marker: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && listeners.some((l) => !l.seen.has(marker)))
    await new Promise((r) => setTimeout(r, 20));
}

const summarise = (times: number[], total: number) => ({
  received: times.length,
  of: total,
  p50_ms: pct(times, 50),
  p99_ms: pct(times, 99),
  max_ms: Math.max(...times),
});

const db = await createEmptyDatabase('mc_bench_streams');
const results: Record<string, unknown>[] = [];
/** What each stream watches for: the bare floor's marker of the step, and any order event of the API. */
const ORDER_EVENT = 'event: order';
const markers: string[] = [ORDER_EVENT];
let api: ReturnType<typeof spawnServer> | undefined;
let floor: ReturnType<typeof launch> | undefined;
const listeners: Listener[] = [];
try {
  api = spawnServer({
    name: 'api',
    port: await freePort(),
    databaseUrl: db.url,
    role: 'api',
    env: { SEED_DEMO: 'true' },
  });
  await waitUntilUp(api, 180_000, '/readyz');
  const floorPort = await freePort();
  floor = launch({
    name: 'floor',
    port: floorPort,
    env: { ...process.env, PORT: String(floorPort) },
    args: [path.join(ROOT, 'bench/floor-sse.mjs')],
  });
  await waitUntilUp(floor, 10_000, '/healthz');

  const config = loadConfig({ ...process.env, ...SERVER_TEST_ENV, DATABASE_URL: db.url });
  const database = openPostgres(db.url, 4);
  const [owner] = await database.query<{ id: string }>(
    "SELECT id FROM users WHERE lower(email) = 'owner@demo.test'",
  );
  if (!owner) throw new Error('the demo owner is missing');
  const tokens: string[] = [];
  const tokenFor = async (i: number) => {
    const s = Math.floor(i / PER_SESSION);
    while (tokens.length <= s) tokens.push(await createSession({ config, database } as never, owner.id));
    return tokens[s] as string;
  };

  for (const target of STEPS) {
    // The floor first, alone: as many bare streams, one event to all, then closed again (this process
    // holds one side of every socket, so the two sets are not open at once).
    const floorListeners: Listener[] = [];
    await pool(target, 100, async () => {
      floorListeners.push(await openStream(`${floor!.url}/events`, () => markers));
    });
    await new Promise((r) => setTimeout(r, 2000));
    const floorRss = await rssMb(floor.child.pid);
    const floorMarker = `floor-${target}`;
    markers.push(floorMarker);
    const f0 = performance.now();
    await call(floor, 'POST', `/fire?marker=${floorMarker}`);
    await waitAll(floorListeners, floorMarker, 30_000);
    const floorTimes = floorListeners.flatMap((l) => {
      const at = l.seen.get(floorMarker);
      return at === undefined ? [] : [at - f0];
    });
    for (const l of floorListeners) l.close();

    // Open streams up to `target`, as consoles do: a ticket, then the stream.
    const from = listeners.length;
    const opened0 = performance.now();
    for (let i = from; i < target; i++) await tokenFor(i);
    await pool(target - from, 50, async (k) => {
      const i = from + k;
      const ticket = await call(api!, 'POST', `/m/v2/merchant/${TMK}/orders/events/ticket`, {
        token: tokens[Math.floor(i / PER_SESSION)],
      });
      if (ticket.status !== 200 && ticket.status !== 201)
        throw new Error(`ticket ${i}: ${ticket.status} ${JSON.stringify(ticket.json)}`);
      listeners.push(
        await openStream(
          `${api!.url}/m/v2/merchant/${TMK}/orders/events?ticket=${encodeURIComponent(ticket.json.ticket)}`,
          () => markers,
        ),
      );
    });
    const openSeconds = (performance.now() - opened0) / 1000;
    await new Promise((r) => setTimeout(r, 2000)); // settle: the heap after the opening burst
    const rss = await rssMb(api.child.pid);

    // A new order, and the time from sending it until each stream has an order event (nothing else
    // happens in the store meanwhile; the intake's own time is included).
    for (const l of listeners) l.seen.delete(ORDER_EVENT);
    const t0 = performance.now();
    const placed = await call(api, 'POST', '/m/v2/marketplace/orders', {
      headers: MARKETPLACE_AUTH,
      body: intakeOrderBody(TMK, target),
    });
    if (placed.status !== 201) throw new Error(`intake: ${placed.status} ${JSON.stringify(placed.json)}`);
    await waitAll(listeners, ORDER_EVENT, 30_000);
    const times = listeners.flatMap((l) => {
      const at = l.seen.get(ORDER_EVENT);
      return at === undefined ? [] : [at - t0];
    });
    results.push({
      streams: target,
      open_seconds: openSeconds,
      rss_mb: rss,
      floor_rss_mb: floorRss,
      fan_out: summarise(times, listeners.length),
      floor_fan_out: summarise(floorTimes, floorListeners.length),
    });
  }
  await database.close();
} finally {
  for (const l of listeners) l.close();
  if (api) await stopServer(api).catch(() => undefined);
  if (floor) await stopServer(floor).catch(() => undefined);
  agent.destroy();
  await db.drop().catch(() => undefined);
}

const out = path.join(ROOT, 'bench/.results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'streams.json'), `${JSON.stringify(results, null, 2)}\n`);
const f = (n: number | null | undefined, d = 0) => (n === null || n === undefined ? '—' : n.toFixed(d));
console.log('\n### Live consoles: open event streams on one API process\n');
console.log(
  '| streams | new order → every stream, p50 / p99 / max | floor p50 / p99 | received | RSS | floor RSS |',
);
console.log('|---|---|---|---|---|---|');
for (const r of results as {
  streams: number;
  rss_mb: number;
  floor_rss_mb: number;
  fan_out: ReturnType<typeof summarise>;
  floor_fan_out: ReturnType<typeof summarise>;
}[]) {
  console.log(
    `| ${r.streams.toLocaleString('en-US')} | ${f(r.fan_out.p50_ms)} / ${f(r.fan_out.p99_ms)} / ${f(r.fan_out.max_ms)} ms | ${f(r.floor_fan_out.p50_ms)} / ${f(r.floor_fan_out.p99_ms)} ms | ${r.fan_out.received} of ${r.fan_out.of} | ${f(r.rss_mb)} MB | ${f(r.floor_rss_mb)} MB |`,
  );
}
