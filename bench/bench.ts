/**
 * Orders API benchmark. See run.mjs for the options. Measures, for the largest merchant,
 * p50/p95 of each tab's first page, a filtered page, a page 50,000 rows deep reached through
 * next_url, the counts and the three searches (1 connection, sequential), then list throughput at
 * 32 connections — each beside the same measure on the floor route (floor-server.ts).
 * The list throughput is also measured on a bare Fastify + pg route (floor-server.ts with FLOOR_FASTIFY=1)
 * and on the app at LOG_LEVEL=info (its log lines written to /dev/null) to show what request logging
 * costs; the report puts each ratio beside its aim (docs/decisions/0106). On PostgreSQL the first page is
 * also measured on a hand-written node:http + pg route with one plain query (floor-hand.ts), after checking
 * it gives the app's answer, against the aims ≥ 0.9× throughput and ≤ 1.5× p95 (docs/decisions/0149).
 * `--list-only` measures only the first page (latency and throughput) on every server. BENCH_PORTS=from-to
 * takes the servers' ports from that range.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { buildListQuery, type ListParams } from '../apps/server/src/modules/orders/list/list-orders-sql.ts';
import { launch, type ServerProcess, stopServer } from '../apps/server/src/test/spawn-server.ts';
import { cpuMs, flag, freePort, keepAliveGet, opt, pct, ROOT } from './common.ts';
import {
  BENCH_PASSWORD,
  benchEmail,
  type DatasetSpec,
  datasetPresent,
  largestTmk,
  loadDataset,
} from './load-data.ts';
import { type MetricsCost, measureMetricsCost, perListRequest } from './metrics-cost.ts';

const usePglite = flag('pglite');
const spec: DatasetSpec = usePglite
  ? { orders: opt('orders', 100_000), merchants: opt('merchants', 100), largest: opt('largest', 20_000) }
  : { orders: opt('orders', 1_000_000), merchants: opt('merchants', 1000), largest: opt('largest', 100_000) };
const ITER = opt('iterations', 200);
/**
 * Requests per latency measure in the hand-written floor's rounds: a p95 of 200 is the tenth-worst request,
 * which one scheduler hiccup on a shared machine moves by 2×; 1,000 give it fifty.
 */
const HAND_ITER = opt('hand-iterations', 1000);
/** Alternating rounds of plain and brotli answers for the compression ratio. */
const COMPRESSION_ROUNDS = opt('compression-rounds', 3);
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';
const median = (xs: number[]) => pct(xs, 50);
const WARMUP = 20;
const DEEP = opt('deep', Math.min(50_000, Math.floor(spec.largest / 2)));
const THROUGHPUT_SECONDS = opt('seconds', 10);
const CONNECTIONS = 32;
const LIST_ONLY = flag('list-only');
/** Alternating rounds of the app and the hand-written floor (bench/floor-hand.ts). */
const HAND_ROUNDS = opt('hand-rounds', 3);
const log = (s: string) => console.error(`[bench] ${s}`);

// ------------------------------------------------------------------ database

async function pgUrl(): Promise<string> {
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/mc_bench';
  const u = new URL(url);
  const name = u.pathname.slice(1);
  if (!name.includes('bench') && process.env.BENCH_ALLOW_ANY_DB !== '1') {
    throw new Error(
      `refusing to load benchmark data into "${name}" (it is truncated first); use a database named *bench* or BENCH_ALLOW_ANY_DB=1`,
    );
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await c.query(`CREATE DATABASE ${name}`);
  const ver = await c.query('SHOW server_version');
  log(`PostgreSQL ${ver.rows[0].server_version}, database ${name}`);
  await c.end();
  return url;
}

const PGLITE_DATA_DIR = process.env.BENCH_PGLITE_DIR ?? '/tmp/mc-bench-pglite-data';

async function openBenchDb(url: string | null): Promise<Database> {
  if (url) return openPostgres(url, 4);
  mkdirSync(PGLITE_DATA_DIR, { recursive: true });
  return openPglite(path.join(PGLITE_DATA_DIR, 'pglite'));
}

// ------------------------------------------------------------------ servers

function startProcess(
  name: string,
  argv: string[],
  env: Record<string, string>,
  ready: (out: string) => boolean,
  /** 'ignore': stdout goes to /dev/null (the app's info-level log lines, which are not read). */
  stdout: 'pipe' | 'ignore' = 'pipe',
): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const p = launch({
      name,
      port: Number(env.PORT ?? env.FLOOR_PORT ?? 0),
      env: { ...process.env, ...env },
      args: ['--import', 'tsx', ...argv],
      stdout,
    });
    let out = '';
    if (ready('')) resolve(p);
    const onData = (b: Buffer) => {
      out += b.toString();
      if (ready(out)) resolve(p);
    };
    p.child.stdout?.on('data', onData);
    p.child.stderr?.on('data', onData);
    p.child.on('exit', (code) => reject(new Error(`${name} exited ${code}: ${out.slice(-2000)}`)));
  });
}

async function waitHealthy(base: string) {
  for (let i = 0; i < 300; i++) {
    try {
      const r = await get(`${base}/healthz`);
      if (r.status === 200) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('app did not start');
}

async function stop(p: ServerProcess): Promise<void> {
  await stopServer(p, 'SIGTERM', 8000);
}

// ------------------------------------------------------------------ http

const get = keepAliveGet(64);

async function post(url: string, body: unknown): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.text();
}

async function latency(base: string, pathQ: string, headers: Record<string, string>, n = ITER) {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + n; i++) {
    const r = await get(base + pathQ, headers);
    if (r.status !== 200) throw new Error(`${pathQ} answered ${r.status}: ${r.body.slice(0, 300)}`);
    if (i >= WARMUP) times.push(r.ms);
  }
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

/**
 * Requests/s at 32 connections, and the server's CPU milliseconds per request: on a machine whose cores
 * other work also uses, requests/s follows the load, while CPU per request is the server's own cost (the
 * ratio of the floor's to the app's is what the throughput ratio would be on a quiet machine).
 */
async function throughput(
  base: string,
  pathQ: string,
  headers: Record<string, string>,
  server?: ServerProcess,
) {
  const cpu0 = cpuMs(server?.child.pid);
  const end = Date.now() + THROUGHPUT_SECONDS * 1000;
  let done = 0;
  let errors = 0;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const r = await get(base + pathQ, headers);
        if (r.status === 200) done++;
        else errors++;
        times.push(r.ms);
      }
    }),
  );
  const cpuPerReq = (cpuMs(server?.child.pid) - cpu0) / Math.max(1, done + errors);
  return { rps: done / THROUGHPUT_SECONDS, errors, p50: pct(times, 50), p95: pct(times, 95), cpuPerReq };
}

/**
 * CPU time (ms) each PostgreSQL backend of the benchmark's database has used so far, by pid (from /proc:
 * the server runs on this machine). A backend other work opens on the same cluster is not counted.
 */
async function dbBackendsCpu(): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!url) return out;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) out.set(pid, cpuMs(pid));
  } finally {
    await c.end();
  }
  return out;
}

/**
 * `throughput`, plus the CPU the database's backends spent per request in the same window (a backend the
 * pool opened during it counts from its start): with the server's own, what one request costs this machine
 * apart from the client, whatever else runs on it.
 */
async function throughputWithDb(
  base: string,
  pathQ: string,
  headers: Record<string, string>,
  server: ServerProcess,
) {
  const before = await dbBackendsCpu();
  const r = await throughput(base, pathQ, headers, server);
  const after = await dbBackendsCpu();
  let ms = 0;
  for (const [pid, cpu] of after) {
    const d = cpu - (before.get(pid) ?? 0);
    if (Number.isFinite(d) && d > 0) ms += d;
  }
  return { ...r, dbCpuPerReq: ms / Math.max(1, r.rps * THROUGHPUT_SECONDS + r.errors) };
}

// ------------------------------------------------------------------ cases

interface Case {
  name: string;
  path: string;
  kind: 'list' | 'count' | 'search';
  params?: Omit<ListParams, 'merchantId'>;
}

const P = `/m/v2/merchant/${largestTmk}/orders`;
const qs = (o: Record<string, string | number>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
const base30 = { limit: 30, offset: 0, cursor: null, sort: 'desc' as const };

async function buildCases(db: Database, merchantId: string): Promise<Case[]> {
  const [sample] = await db.query<{ id: string; recipient_name: string; customer_email: string }>(
    'SELECT id, recipient_name, customer_email FROM orders WHERE merchant_id = $1 ORDER BY date_submitted DESC OFFSET 777 LIMIT 1',
    [merchantId],
  );
  const s = sample!;
  const name = s.recipient_name.slice(0, s.recipient_name.indexOf(' ') + 3); // 'Olivia Sm'
  const email = s.customer_email.slice(0, s.customer_email.indexOf('@'));
  const cases: Case[] = [];
  for (const tab of ['active', 'on_hold', 'cancelled', 'completed'] as const) {
    cases.push({
      name: `first page, ${tab}`,
      kind: 'list',
      path: `${P}/optimized?${qs({ limit: 30, offset: 0, 'filter[tab]': tab })}`,
      params: { ...base30, tab },
    });
  }
  cases.push({
    name: 'first page, all tabs',
    kind: 'list',
    path: `${P}/optimized?${qs({ limit: 30, offset: 0 })}`,
    params: { ...base30 },
  });
  cases.push({
    name: 'filtered page (active, 2 brands, shipping)',
    kind: 'list',
    path: `${P}/optimized?${qs({ limit: 30, offset: 0, 'filter[tab]': 'active', 'filter[application_ref]': 'bottledrop,caskcrate', 'filter[delivery_method]': 'shipping' })}`,
    params: {
      ...base30,
      tab: 'active',
      application_ref: ['bottledrop', 'caskcrate'],
      delivery_method: ['shipping'],
    },
  });
  cases.push({ name: 'counts', kind: 'count', path: `${P}/count` });
  cases.push({
    name: 'search: order id',
    kind: 'search',
    path: `${P}/optimize?${qs({ limit: 10, offset: 0, 'filter[search]': s.id })}`,
    params: { ...base30, limit: 10, search: s.id },
  });
  cases.push({
    name: `search: name "${name}"`,
    kind: 'search',
    path: `${P}/optimize?${qs({ limit: 10, offset: 0, 'filter[recipient_name]': name })}`,
    params: { ...base30, limit: 10, recipient_name: name },
  });
  cases.push({
    name: `search: email "${email}"`,
    kind: 'search',
    path: `${P}/optimize?${qs({ limit: 10, offset: 0, 'filter[customer_email]': email })}`,
    params: { ...base30, limit: 10, customer_email: email },
  });
  // Two letters: one no name holds (the index must answer 'nothing' without reading the store) and a
  // common one (the newest-first scan stops at the tenth match).
  for (const short of ['qz', 'mo']) {
    cases.push({
      name: `search: name "${short}" (2 letters)`,
      kind: 'search',
      path: `${P}/optimize?${qs({ limit: 10, offset: 0, 'filter[recipient_name]': short })}`,
      params: { ...base30, limit: 10, recipient_name: short },
    });
  }
  return cases;
}

/** Follows next_url (100 a page to get there faster) to `depth` rows, then asks for 30 from there. */
async function deepUrl(base: string, headers: Record<string, string>): Promise<string> {
  let url = `${P}/optimized?${qs({ limit: 100, offset: 0 })}`;
  for (let depth = 0; depth < DEEP; depth += 100) {
    const r = await get(base + url, headers);
    const next = (JSON.parse(r.body) as { next_url: string | null }).next_url;
    if (!next) throw new Error(`list ended before ${DEEP} rows`);
    url = next;
  }
  return url.replace('limit=100', 'limit=30');
}

async function explain(db: Database, merchantId: string, c: Case) {
  if (!c.params) return null;
  const q = buildListQuery({ ...c.params, merchantId });
  const [row] = await db.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`,
    q.values,
  );
  const plan = row!['QUERY PLAN'];
  const text = JSON.stringify(typeof plan === 'string' ? JSON.parse(plan) : plan);
  const nodes = [...text.matchAll(/"Node Type":"([^"]+)"(?:[^{}]*?"Index Name":"([^"]+)")?/g)].map((m) =>
    m[2] ? `${m[1]} ${m[2]}` : m[1],
  );
  const time = /"Execution Time":([\d.]+)/.exec(text)?.[1];
  return {
    seqScan: text.includes('"Seq Scan"'),
    nodes: [...new Set(nodes)].filter((n) => /Scan/.test(n!)),
    ms: Number(time),
  };
}

// ------------------------------------------------------------------ main

const url = usePglite ? null : await pgUrl();
const db = await openBenchDb(url);
await db.migrate();
if (flag('reload') || !(await datasetPresent(db, spec))) {
  log(
    `loading ${spec.orders.toLocaleString()} orders over ${spec.merchants} merchants (largest ${spec.largest.toLocaleString()})`,
  );
  await loadDataset(db, spec, log);
} else log('dataset present');
const [m0] = await db.query<{ id: string }>('SELECT id FROM merchants WHERE tmk = $1', [largestTmk]);
const merchantId = m0!.id;
const counts = await db.query<{ tab: string; count: number }>(
  'SELECT tab, count FROM merchant_tab_counts WHERE merchant_id = $1 ORDER BY tab',
  [merchantId],
);
const cases = LIST_ONLY ? (await buildCases(db, merchantId)).slice(0, 1) : await buildCases(db, merchantId);
const plans: Record<string, unknown> = {};
for (const c of cases) plans[c.name] = await explain(db, merchantId, c);
await db.close();

// BENCH_PORTS=3700-3749: the servers' ports from that range (else any free port).
const portRange = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
const range = portRange ? ([Number(portRange[1]), Number(portRange[2])] as const) : undefined;
const PORT = await freePort(range);
const FLOOR_PORT = await freePort(range);
const HAND_PORT = await freePort(range);
const appBase = `http://127.0.0.1:${PORT}`;
const floorBase = `http://127.0.0.1:${FLOOR_PORT}`;
// On PostgreSQL the app runs as an API process (ROLE=api), as a deployment runs it beside its worker: with
// ROLE=all the job queue's pollers and the delivery loops share the measured process's event loop, and a
// request that lands behind one of their turns is in the latency's tail (docs/benchmarks.md).
// BENCH_APP_ROLE=all measures the one-process form. The embedded database needs ROLE=all.
const dbEnv: Record<string, string> = url
  ? { DATABASE_URL: url, ROLE: process.env.BENCH_APP_ROLE ?? 'api' }
  : { DATA_DIR: PGLITE_DATA_DIR, ROLE: 'all' };

type Row = { p50: number; p95: number };
const results: Record<string, { app?: Row; floor?: Row }> = {};
type Throughput = Awaited<ReturnType<typeof throughput>>;
const tput: Record<string, Throughput> = {};

// App phase
const loadAtStart = loadavg();
log('starting the app');
const appEnv: Record<string, string> = {
  ...dbEnv,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  MARKETPLACE_KEY: 'bench-marketplace-key-0123456789',
  // Started as production (run.mjs): the benchmark measures with the sandbox adapters on purpose.
  ALLOW_SANDBOX: '1',
  // /metrics on the main port, for the query counter read above (the hooks run with or without it).
  METRICS_TOKEN,
};
// BENCH_CPU_PROF=<dir>: the app (at LOG_LEVEL=warn) writes a V8 CPU profile of this run there.
const profDir = process.env.BENCH_CPU_PROF;
const app = await startProcess(
  'app',
  [...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), 'apps/server/src/main.ts'],
  appEnv,
  () => true,
);
await waitHealthy(appBase).catch(async (e) => {
  await stop(app);
  throw e;
});
const token = (
  JSON.parse(await post(`${appBase}/a/v2/login`, { email: benchEmail, password: BENCH_PASSWORD })) as {
    token: string;
  }
).token;
const auth = { authorization: `Bearer ${token}` };
if (!LIST_ONLY) {
  log(`following next_url ${DEEP.toLocaleString()} rows deep`);
  const deep = await deepUrl(appBase, auth);
  cases.splice(6, 0, { name: `next_url page ${DEEP.toLocaleString()} rows deep`, kind: 'list', path: deep });
  cases.splice(7, 0, {
    name: `offset=${DEEP} page (for comparison)`,
    kind: 'list',
    path: `${P}/optimized?${qs({ limit: 30, offset: DEEP })}`,
  });
  // A page a merchant reaches by paging (100 pages of 30): its keys first, then 30 rows in full.
  cases.splice(8, 0, {
    name: 'offset=3000 page',
    kind: 'list',
    path: `${P}/optimized?${qs({ limit: 30, offset: 3000 })}`,
  });
}
for (const c of cases) {
  results[c.name] = { app: await latency(appBase, c.path, auth) };
  log(
    `app ${c.name}: p50 ${results[c.name]!.app!.p50.toFixed(2)} ms, p95 ${results[c.name]!.app!.p95.toFixed(2)} ms`,
  );
}
const tputPath = cases[0]!.path;
// Plain answers, then the same list for a client that accepts brotli, as browsers do (docs/decisions/0136),
// in COMPRESSION_ROUNDS alternating rounds: the compression ratio is the median of the rounds'.
const brHeaders = { ...auth, 'accept-encoding': 'gzip, deflate, br' };
const compressionRounds: { plain: Throughput; br: Throughput }[] = [];
for (let i = 0; i < COMPRESSION_ROUNDS; i++) {
  const plain = await throughput(appBase, tputPath, auth, app);
  const br = await throughput(appBase, tputPath, brHeaders, app);
  compressionRounds.push({ plain, br });
  log(
    `app throughput, round ${i + 1}: ${plain.rps.toFixed(0)} req/s plain, ${br.rps.toFixed(0)} req/s brotli`,
  );
}
tput.app = compressionRounds[0]!.plain;
tput.appBr = compressionRounds[0]!.br;
// Queries per list request, from the app's own /metrics (its query counter) around 100 requests: the metrics'
// cost below is per request plus per query.
const queriesPerList = url && !flag('no-metrics-cost') ? await queriesPerRequest(100) : null;

async function queriesPerRequest(n: number): Promise<number> {
  const counted = async () => {
    const r = await get(`${appBase}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` });
    if (r.status !== 200) throw new Error(`/metrics answered ${r.status}`);
    let sum = 0;
    for (const m of r.body.matchAll(/^db_query_duration_seconds_count\{[^}]*\} (\d+)$/gm))
      sum += Number(m[1]);
    return sum;
  };
  const before = await counted();
  for (let i = 0; i < n; i++) await get(appBase + tputPath, auth);
  return ((await counted()) - before) / n;
}

// The hand-written floor (floor-hand.ts, PostgreSQL only), with the app still up: the two answers are
// compared at the same moment (the SLA badge's text follows the clock), then the two are measured in
// alternating rounds — app, hand-written, app, hand-written… — so each ratio comes from back-to-back
// measures on this shared machine; the report gives every round and the median ratio.
let hand: Awaited<ReturnType<typeof measureHandFloor>> | null = null;
if (url) hand = await measureHandFloor(app);
await stop(app);

// What the metrics cost a list request (bench/metrics-cost.ts: the request hooks and the query timing, each
// with and without, in interleaved rounds in this process), beside the app's CPU per list request measured
// above. PostgreSQL only; `--no-metrics-cost` skips it.
let metricsCost: { cost: MetricsCost; queries: number; us: number; appUs: number } | null = null;
if (queriesPerList !== null) {
  log('measuring the metrics hooks and query timing');
  const cost = await measureMetricsCost(url!);
  const appUs = median(compressionRounds.map((r) => r.plain.cpuPerReq)) * 1000;
  metricsCost = { cost, queries: queriesPerList, us: perListRequest(cost, queriesPerList), appUs };
}

/** First the same answer (parsed, whole) as the app's for the measured page; then HAND_ROUNDS rounds. */
async function measureHandFloor(appServer: ServerProcess) {
  log('starting the hand-written floor');
  const handBase = `http://127.0.0.1:${HAND_PORT}`;
  const handFloor = await startProcess(
    'hand-written floor',
    ['bench/floor-hand.ts'],
    { DATABASE_URL: url!, FLOOR_PORT: String(HAND_PORT) },
    (out) => out.includes('floor ready'),
  );
  try {
    let same = false;
    let diff = '';
    let rows = 0;
    // The SLA badge's text can change between two reads (a minute boundary): up to three tries.
    for (let i = 0; i < 3 && !same; i++) {
      const [a, b] = await Promise.all([get(appBase + tputPath, auth), get(handBase + tputPath)]);
      const ja = JSON.parse(a.body) as { items: unknown[] };
      const jb = JSON.parse(b.body) as { items: unknown[] };
      same = a.status === 200 && b.status === 200 && isDeepStrictEqual(ja, jb);
      if (!same) diff = firstDifference(ja, jb);
      rows = ja.items.length;
    }
    if (!same) throw new Error(`the hand-written floor's answer differs from the app's: ${diff}`);
    log(`hand-written floor: the same answer as the app (${rows} rows, whole body compared)`);
    const rounds = [];
    for (let i = 0; i < HAND_ROUNDS; i++) {
      const appLatency = await latency(appBase, tputPath, auth, HAND_ITER);
      const handLatency = await latency(handBase, tputPath, {}, HAND_ITER);
      const appTput = await throughputWithDb(appBase, tputPath, auth, appServer);
      const handTput = await throughputWithDb(handBase, tputPath, {}, handFloor);
      const load = loadavg()[0];
      rounds.push({ appLatency, handLatency, appTput, handTput, load });
      log(
        `round ${i + 1}: app ${appTput.rps.toFixed(0)} req/s vs hand-written ${handTput.rps.toFixed(0)} req/s; p95 ${appLatency.p95.toFixed(2)} vs ${handLatency.p95.toFixed(2)} ms (load ${load.toFixed(2)})`,
      );
    }
    return { rows, rounds };
  } finally {
    await stop(handFloor);
  }
}

/** Where two parsed answers first differ (a path and both values), for the error message. */
function firstDifference(a: unknown, b: unknown, at = '$'): string {
  if (isDeepStrictEqual(a, b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        `${at}.${k}`,
      );
      if (d) return d;
    }
  }
  return `${at}: app ${JSON.stringify(a)?.slice(0, 200)} vs hand-written ${JSON.stringify(b)?.slice(0, 200)}`;
}

// The same app at LOG_LEVEL=info: one log line per request, written to /dev/null.
log('starting the app at LOG_LEVEL=info');
const appInfo = await startProcess(
  'app (info)',
  ['apps/server/src/main.ts'],
  { ...appEnv, LOG_LEVEL: 'info' },
  () => true,
  'ignore',
);
await waitHealthy(appBase).catch(async (e) => {
  await stop(appInfo);
  throw e;
});
const tokenInfo = (
  JSON.parse(await post(`${appBase}/a/v2/login`, { email: benchEmail, password: BENCH_PASSWORD })) as {
    token: string;
  }
).token;
await latency(appBase, tputPath, { authorization: `Bearer ${tokenInfo}` });
tput.appInfo = await throughput(appBase, tputPath, { authorization: `Bearer ${tokenInfo}` }, appInfo);
log(`app (info) throughput: ${tput.appInfo.rps.toFixed(0)} req/s`);
await stop(appInfo);

// Floor phase
log('starting the floor');
const floorEnv: Record<string, string> = url
  ? { DATABASE_URL: url }
  : { PGLITE_DIR: path.join(PGLITE_DATA_DIR, 'pglite') };
const floor = await startProcess(
  'floor',
  ['bench/floor-server.ts'],
  { ...floorEnv, FLOOR_PORT: String(FLOOR_PORT) },
  (out) => out.includes('floor ready'),
);
for (const c of cases) {
  results[c.name]!.floor = await latency(floorBase, c.path, {});
}
tput.floor = await throughput(floorBase, tputPath, {}, floor);
await stop(floor);

// Bare Fastify + pg: the same SQL behind a Fastify route without logger, schema or hooks.
log('starting the Fastify floor');
const fastifyFloor = await startProcess(
  'fastify floor',
  [...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}/fastify-floor`] : []), 'bench/floor-server.ts'],
  { ...floorEnv, FLOOR_PORT: String(FLOOR_PORT), FLOOR_FASTIFY: '1' },
  (out) => out.includes('floor ready'),
);
const fastifyLatency = await latency(floorBase, tputPath, {});
tput.fastify = await throughput(floorBase, tputPath, {}, fastifyFloor);
await stop(fastifyFloor);

// Report
const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(2));
const lines: string[] = [];
lines.push(
  `Dataset: ${spec.orders.toLocaleString()} orders, ${spec.merchants.toLocaleString()} merchants; largest merchant ${spec.largest.toLocaleString()} orders (${counts.map((c) => `${c.tab} ${Number(c.count).toLocaleString()}`).join(', ')}). Database: ${url ? 'PostgreSQL' : 'PGlite'}. ${ITER} sequential requests per row after ${WARMUP} warm-up, 1 keep-alive connection. Load average when the app started: ${loadAtStart.map((x) => x.toFixed(2)).join(', ')}.`,
  '',
  '| measure | app p50 ms | app p95 ms | floor p50 ms | floor p95 ms | p95 / floor p95 | plan (EXPLAIN ANALYZE) |',
  '|---|---:|---:|---:|---:|---:|---|',
);
for (const c of cases) {
  const r = results[c.name]!;
  const plan = plans[c.name] as { seqScan: boolean; nodes: string[]; ms: number } | null | undefined;
  const planText = plan
    ? `${plan.nodes.join(', ')}${plan.seqScan ? ' **SEQ SCAN**' : ''} (${plan.ms.toFixed(2)} ms)`
    : '';
  lines.push(
    `| ${c.name} | ${f(r.app?.p50)} | ${f(r.app?.p95)} | ${f(r.floor?.p50)} | ${f(r.floor?.p95)} | ${r.app && r.floor ? (r.app.p95 / r.floor.p95).toFixed(1) : '–'}× | ${planText} |`,
  );
}
lines.push(
  '',
  `Throughput, \`${tputPath}\`, ${CONNECTIONS} keep-alive connections for ${THROUGHPUT_SECONDS} s (client loop in the same machine):`,
  '',
  '| server | requests/s | p50 ms | p95 ms | errors | server CPU ms / request |',
  '|---|---:|---:|---:|---:|---:|',
  ...(
    [
      ['app', tput.app],
      ['app, LOG_LEVEL=info', tput.appInfo],
      ['floor (node:http + pg)', tput.floor],
      ['bare Fastify + pg', tput.fastify],
    ] as const
  ).map(
    ([name, r]) =>
      `| ${name} | ${r.rps.toFixed(0)} | ${f(r.p50)} | ${f(r.p95)} | ${r.errors} | ${r.cpuPerReq.toFixed(3)} |`,
  ),
);
// Each measure beside its floor and aim, from this run (docs/benchmarks.md).
const first = results[cases[0]!.name]!;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
lines.push(
  '',
  'Each measure beside its floor and aim, measured in this run:',
  '',
  '| measure | app | floor | ratio | aim |',
  '|---|---:|---:|---:|---|',
  `| list throughput vs node:http + pg | ${tput.app.rps.toFixed(0)} req/s | ${tput.floor.rps.toFixed(0)} req/s | ${ratio(tput.app.rps, tput.floor.rps)} | ≥ 0.6× |`,
  `| list throughput vs bare Fastify + pg | ${tput.app.rps.toFixed(0)} req/s | ${tput.fastify.rps.toFixed(0)} req/s | ${ratio(tput.app.rps, tput.fastify.rps)} | ≥ 0.9× |`,
  `| list latency p95, 1 connection | ${f(first.app?.p95)} ms | ${f(first.floor?.p95)} ms | ${ratio(first.app!.p95, first.floor!.p95)} | ≤ 2× |`,
  `| list latency p50, 1 connection | ${f(first.app?.p50)} ms | ${f(first.floor?.p50)} ms | ${ratio(first.app!.p50, first.floor!.p50)} | – |`,
  `| list latency p50 / p95, bare Fastify + pg | – | ${f(fastifyLatency.p50)} / ${f(fastifyLatency.p95)} ms | – | – |`,
  `| request logging: throughput at info vs warn | ${tput.appInfo.rps.toFixed(0)} req/s | ${tput.app.rps.toFixed(0)} req/s | ${ratio(tput.appInfo.rps, tput.app.rps)} | ≥ 0.98× |`,
  `| compression: throughput with brotli answers vs plain, median of ${compressionRounds.length} alternating rounds (${compressionRounds.map((r) => ratio(r.br.rps, r.plain.rps)).join(', ')}) | ${median(compressionRounds.map((r) => r.br.rps)).toFixed(0)} req/s | ${median(compressionRounds.map((r) => r.plain.rps)).toFixed(0)} req/s | ${median(compressionRounds.map((r) => r.br.rps / r.plain.rps)).toFixed(2)}× | ≥ 0.9× |`,
  '',
  'The same, from the servers’ CPU time per request (floor ÷ app: the throughput ratio on a machine with nothing else running):',
  '',
  '| measure | app CPU ms / req | floor CPU ms / req | floor ÷ app | aim |',
  '|---|---:|---:|---:|---|',
  `| list vs node:http + pg | ${tput.app.cpuPerReq.toFixed(3)} | ${tput.floor.cpuPerReq.toFixed(3)} | ${ratio(tput.floor.cpuPerReq, tput.app.cpuPerReq)} | ≥ 0.6× |`,
  `| list vs bare Fastify + pg | ${tput.app.cpuPerReq.toFixed(3)} | ${tput.fastify.cpuPerReq.toFixed(3)} | ${ratio(tput.fastify.cpuPerReq, tput.app.cpuPerReq)} | ≥ 0.9× |`,
  `| request logging: warn ÷ info | ${tput.appInfo.cpuPerReq.toFixed(3)} (info) | ${tput.app.cpuPerReq.toFixed(3)} (warn) | ${ratio(tput.app.cpuPerReq, tput.appInfo.cpuPerReq)} | ≥ 0.98× |`,
  `| compression: plain ÷ brotli, median of the rounds | ${median(compressionRounds.map((r) => r.br.cpuPerReq)).toFixed(3)} (br) | ${median(compressionRounds.map((r) => r.plain.cpuPerReq)).toFixed(3)} (plain) | ${median(compressionRounds.map((r) => r.plain.cpuPerReq / r.br.cpuPerReq)).toFixed(2)}× | ≥ 0.9× |`,
);
if (metricsCost) {
  const { cost, queries, us, appUs } = metricsCost;
  const share = (us / appUs) * 100;
  const rounds = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  lines.push(
    '',
    `The metrics' CPU per list request (bench/metrics-cost.ts, ${cost.rounds.hooks.length} interleaved rounds each): the request hooks ${cost.hooksUs.toFixed(1)} µs (rounds ${rounds(cost.rounds.hooks)}), the query timing ${cost.queryUs.toFixed(2)} µs per query (rounds ${rounds(cost.rounds.query)}) × ${queries.toFixed(2)} queries per list request (the app's own query counter):`,
    '',
    '| measure | metrics | the app’s CPU per list request | share | aim | met |',
    '|---|---:|---:|---:|---|---|',
    `| metrics' CPU per list request | ${us.toFixed(1)} µs | ${appUs.toFixed(0)} µs | ${share.toFixed(2)} % | < 2 % | ${share < 2 ? 'met' : '**not met**'} |`,
  );
}
if (hand) {
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const rpsRatios = hand.rounds.map((r) => r.appTput.rps / r.handTput.rps);
  const p95Ratios = hand.rounds.map((r) => r.appLatency.p95 / r.handLatency.p95);
  const rpsMedian = median(rpsRatios);
  const p95Median = median(p95Ratios);
  const cost = (t: { cpuPerReq: number; dbCpuPerReq: number }) => t.cpuPerReq + t.dbCpuPerReq;
  const costRatios = hand.rounds.map((r) => cost(r.handTput) / cost(r.appTput));
  const costMedian = median(costRatios);
  lines.push(
    '',
    `Beside the hand-written floor (bench/floor-hand.ts: node:http, pg pool of 20, one plain query — the page joined to its application, the kept total and the hours — and the answer written out; its answer is the app's, ${hand.rows} rows, compared whole before measuring). Alternating rounds, each: p50/p95 of the app then the floor (${HAND_ITER} requests, 1 connection), then throughput of the app then the floor (${CONNECTIONS} connections, ${THROUGHPUT_SECONDS} s each):`,
    '',
    '| round | load (1 min) | app req/s | hand-written req/s | ratio | app p95 ms | hand-written p95 ms | p95 ratio | app p50 ms | hand-written p50 ms | app CPU ms / req (server + database) | hand-written CPU ms / req (server + database) | hand-written ÷ app CPU |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...hand.rounds.map(
      (r, i) =>
        `| ${i + 1} | ${r.load.toFixed(2)} | ${r.appTput.rps.toFixed(0)} | ${r.handTput.rps.toFixed(0)} | ${rpsRatios[i]!.toFixed(2)}× | ${f(r.appLatency.p95)} | ${f(r.handLatency.p95)} | ${p95Ratios[i]!.toFixed(2)}× | ${f(r.appLatency.p50)} | ${f(r.handLatency.p50)} | ${r.appTput.cpuPerReq.toFixed(3)} + ${r.appTput.dbCpuPerReq.toFixed(3)} | ${r.handTput.cpuPerReq.toFixed(3)} + ${r.handTput.dbCpuPerReq.toFixed(3)} | ${costRatios[i]!.toFixed(2)}× |`,
    ),
    '',
    '| measure (median of the rounds) | ratio | aim | met |',
    '|---|---:|---|---|',
    `| list throughput, app ÷ hand-written, ${CONNECTIONS} connections | ${rpsMedian.toFixed(2)}× | ≥ 0.9× | ${met(rpsMedian >= 0.9)} |`,
    `| list latency p95, app ÷ hand-written, 1 connection | ${p95Median.toFixed(2)}× | ≤ 1.5× | ${met(p95Median <= 1.5)} |`,
    `| CPU per request (server + its database backends), hand-written ÷ app: the throughput ratio on a machine with nothing else running, the client apart | ${costMedian.toFixed(2)}× | ≥ 0.9× | ${met(costMedian >= 0.9)} |`,
  );
}
const report = lines.join('\n');
console.log(report);
const outDir = path.join(ROOT, 'bench/.results');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(
  path.join(outDir, `orders-${url ? 'pg' : 'pglite'}-${stamp}.json`),
  JSON.stringify(
    { spec, counts, results, tput, compressionRounds, metricsCost, fastifyLatency, hand, plans },
    null,
    2,
  ),
);
writeFileSync(path.join(outDir, `orders-${url ? 'pg' : 'pglite'}-${stamp}.md`), report);
get.close();
process.exit(0);
