/**
 * Reports summary benchmark (docs/decisions/0084). For the largest benchmark merchant (100,000 orders over two
 * years), measures GET …/reports/summary for 7, 30, 90 and 366 days through the real server (auth,
 * validation, serialisation), beside two floors run through the raw driver on the same rows: the identical
 * summary SQL, and a bare `SELECT count(*)` of the period's orders. Also prints EXPLAIN ANALYZE of the
 * 90-day summary.
 *
 *   node --import tsx bench/reports.ts [--pglite] [--iterations 200] [--orders N --merchants M --largest L]
 *
 * Run by `npm run bench` after the orders benchmark (same database and dataset; `--no-reports` skips it).
 * The dataset has no order history; the first run writes an accept row for every accepted order of the
 * largest merchant and a ship row for every shipped one (5–90 and 60–1,860 minutes after placing), and a
 * rejection reason for its rejected orders (migration 0004's trigger keeps the orders' accept and fulfil times
 * from those rows; on a database loaded before 0004, the migration's backfill does).
 *
 * The app reads the kept per-day figures (migration 0016, docs/decisions/0146); the floors are the orders
 * scan it replaced (the reference statement), the kept statement alone, and count(*). On PostgreSQL it
 * also measures the 90-day summary while 20 connections change order statuses of one store-day (through the
 * app and through the raw driver, beside count(*) under the same writers), the writers' changes per second
 * without the kept figures (trigger off, its two indexes dropped) and with 1, 16 and the migration's 4 write
 * slots, in the same run, and the kept read with every key in all 4 slots (its worst case); then checks that
 * the kept summary still equals the orders scan.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { buildKeptSummaryQuery } from '../apps/server/src/modules/analytics/reports-summary-kept-sql.ts';
import { buildSummaryQuery } from '../apps/server/src/modules/analytics/reports-summary-sql.ts';
import {
  launch,
  type ServerProcess,
  serverCommand,
  stopServer,
} from '../apps/server/src/test/spawn-server.ts';
import {
  businessDays,
  isoDateInZone,
  nextBusinessDayOffsets,
  REPORT_ACCEPTED_STATUSES,
} from '../packages/domain/src/index.ts';
import { flag, freePort, keepAliveGet, opt, pct, ROOT } from './common.ts';
import {
  BENCH_PASSWORD,
  benchEmail,
  type DatasetSpec,
  datasetPresent,
  largestTmk,
  loadDataset,
} from './load-data.ts';
import { keptOff, keptOn, runWriters, type WriteRun, writerOrders } from './order-writers.ts';

const usePglite = flag('pglite');
const spec: DatasetSpec = usePglite
  ? { orders: opt('orders', 100_000), merchants: opt('merchants', 100), largest: opt('largest', 20_000) }
  : { orders: opt('orders', 1_000_000), merchants: opt('merchants', 1000), largest: opt('largest', 100_000) };
const ITER = opt('iterations', 200);
const WARMUP = 20;
const PERIODS = [7, 30, 90, 366];
const log = (s: string) => console.error(`[bench:reports] ${s}`);
const PGLITE_DATA_DIR = process.env.BENCH_PGLITE_DIR ?? '/tmp/mc-bench-pglite-data';

async function pgUrl(): Promise<string> {
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/mc_bench';
  const name = new URL(url).pathname.slice(1);
  if (!name.includes('bench') && process.env.BENCH_ALLOW_ANY_DB !== '1')
    throw new Error(`refusing to load benchmark data into "${name}"; use a database named *bench*`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  return url;
}

async function openDb(url: string | null): Promise<Database> {
  if (url) return openPostgres(url, 4);
  mkdirSync(PGLITE_DATA_DIR, { recursive: true });
  return openPglite(path.join(PGLITE_DATA_DIR, 'pglite'));
}

/** Accept and ship history rows (and rejection reasons) for the largest merchant, once. */
async function ensureHistory(db: Database, merchantId: string) {
  const [has] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM order_history h JOIN orders o ON o.id = h.order_id
       WHERE o.merchant_id = $1 LIMIT 1) x`,
    [merchantId],
  );
  if (Number(has?.n) > 0) return;
  log('writing order history for the largest merchant');
  await db.query(
    `INSERT INTO order_history (order_id, actor_type, action, from_status, to_status, created_at)
     SELECT o.id, 'merchant', 'accept', 'SUBMITTED', 'MERCHANT_ACCEPTED',
            o.date_submitted + ((5 + abs(hashtext('a' || o.id)) % 86) || ' minutes')::interval
       FROM orders o WHERE o.merchant_id = $1 AND o.status = ANY($2::text[])`,
    [merchantId, REPORT_ACCEPTED_STATUSES],
  );
  await db.query(
    `INSERT INTO order_history (order_id, actor_type, action, from_status, to_status, created_at)
     SELECT o.id, 'merchant', 'ship', 'MERCHANT_ACCEPTED', 'MERCHANT_SHIPPED',
            o.date_submitted + ((60 + abs(hashtext('s' || o.id)) % 1801) || ' minutes')::interval
       FROM orders o WHERE o.merchant_id = $1 AND o.status = ANY($2::text[])`,
    [merchantId, ['MERCHANT_SHIPPED', 'CLOSED', 'DISPUTED', 'REFUNDED']],
  );
  await db.query(
    `UPDATE orders SET rejection_message = jsonb_build_object('rejected', jsonb_build_object('reason',
       (ARRAY['customer_cancelled','courier_issue','bad_weather','store_closed','other'])[1 + abs(hashtext(id)) % 5], 'message', ''))
     WHERE merchant_id = $1 AND status = 'MERCHANT_REJECTED' AND rejection_message IS NULL`,
    [merchantId],
  );
  await db.query('ANALYZE order_history');
  await db.query('ANALYZE orders');
}

/** Times `fn` in a loop until `until` settles (the first WARMUP calls not counted). */
async function timeWhile(fn: () => Promise<unknown>, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  for (let i = 0; !done; i++) {
    const t = process.hrtime.bigint();
    await fn();
    if (i >= WARMUP) times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  await until;
  return { p50: pct(times, 50), p95: pct(times, 95), n: times.length };
}

const WRITERS = 20;
const WRITE_SECONDS = opt('write-seconds', 15);
const loadAvg = () => (os.loadavg() as number[]).map((x) => x.toFixed(2)).join(' ');

async function timeIt(fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + ITER; i++) {
    const t = process.hrtime.bigint();
    await fn();
    if (i >= WARMUP) times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

const get = keepAliveGet();
async function stop(p: ServerProcess): Promise<void> {
  await stopServer(p, 'SIGTERM', 8000);
}

// ------------------------------------------------------------------ prepare

const url = usePglite ? null : await pgUrl();
let db = await openDb(url);
await db.migrate();
if (!(await datasetPresent(db, spec))) {
  log(`loading ${spec.orders.toLocaleString()} orders (largest merchant ${spec.largest.toLocaleString()})`);
  await loadDataset(db, spec, log);
}
const [m0] = await db.query<{ id: string; timezone: string }>(
  'SELECT id, timezone FROM merchants WHERE tmk = $1',
  [largestTmk],
);
const merchant = m0!;
await ensureHistory(db, merchant.id);
// A run stopped inside its write phase can leave the kept figures off: put them back as the migration has them.
if (url) await keptOn(url, merchant.id, 4);
// The bulk load leaves the visibility map empty; autovacuum sets it on a live database. Without it an
// index-only scan still visits the heap.
log('VACUUM (ANALYZE) orders');
await db.query('VACUUM (ANALYZE) orders');
const hours = await db.query<{ weekday: string }>(
  'SELECT weekday FROM merchant_hours WHERE merchant_id = $1',
  [merchant.id],
);
const offsets = nextBusinessDayOffsets(businessDays(hours));
const today = isoDateInZone(new Date(), merchant.timezone);
const periodOf = (days: number) => ({
  from: new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10),
  to: today,
});
const rowsIn: Record<number, number> = {};
for (const d of PERIODS) {
  const p = periodOf(d);
  const [r] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders WHERE merchant_id = $1
       AND date_submitted >= ($2::date::timestamp AT TIME ZONE $4) AND date_submitted < (($3::date + 1)::timestamp AT TIME ZONE $4)`,
    [merchant.id, p.from, p.to, merchant.timezone],
  );
  rowsIn[d] = Number(r?.n);
}
const q90 = buildSummaryQuery({
  merchantId: merchant.id,
  timezone: merchant.timezone,
  ...periodOf(90),
  nextBusinessDayOffsets: offsets,
});
const [plan] = await db.query<{ 'QUERY PLAN': unknown }>(
  `EXPLAIN (ANALYZE, FORMAT JSON) ${q90.text}`,
  q90.values,
);
const planText = JSON.stringify(plan!['QUERY PLAN']);
const planIndexes = [...new Set([...planText.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]))];
const planSeq = [
  ...new Set(
    [...planText.matchAll(/"Node Type":"Seq Scan","[^}]*?"Relation Name":"([^"]+)"/g)].map((m) => m[1]),
  ),
];
const planMs = Number(/"Execution Time":([\d.]+)/.exec(planText)?.[1]);
const k90plan = buildKeptSummaryQuery({
  merchantId: merchant.id,
  timezone: merchant.timezone,
  ...periodOf(90),
});
const [keptPlan] = await db.query<{ 'QUERY PLAN': unknown }>(
  `EXPLAIN (ANALYZE, FORMAT JSON) ${k90plan.text}`,
  k90plan.values,
);
const keptPlanText = JSON.stringify(keptPlan!['QUERY PLAN']);
const keptPlanIndexes = [...new Set([...keptPlanText.matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]))];
const keptPlanMs = Number(/"Execution Time":([\d.]+)/.exec(keptPlanText)?.[1]);
log(
  `90-day plan: ${planMs.toFixed(1)} ms, indexes ${planIndexes.join(', ')}, seq scans: ${planSeq.join(', ') || 'none'}`,
);
await db.close();

// ------------------------------------------------------------------ app

const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
log('starting the app');
const app = launch({
  name: 'app',
  port: PORT,
  args: serverCommand({ source: true }).args,
  env: {
    ...process.env,
    // On PostgreSQL an API process (ROLE=api), as a deployment runs it beside its worker: the job queue's
    // pollers stay out of the measured process (bench.ts says why). BENCH_APP_ROLE=all for the one-process form.
    ...(url
      ? { DATABASE_URL: url, ROLE: process.env.BENCH_APP_ROLE ?? 'api' }
      : { DATA_DIR: PGLITE_DATA_DIR }),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    MARKETPLACE_KEY: 'bench-marketplace-key-0123456789',
    ALLOW_SANDBOX: '1',
  },
  stdout: 'inherit',
  stderr: 'inherit',
});
for (let i = 0; ; i++) {
  try {
    if ((await get(`${base}/healthz`, {})).status === 200) break;
  } catch {
    /* not yet */
  }
  if (i > 600) throw new Error('app did not start');
  await new Promise((r) => setTimeout(r, 200));
}
const login = await fetch(`${base}/a/v2/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: benchEmail, password: BENCH_PASSWORD }),
});
const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
const appTimes: Record<number, { p50: number; p95: number }> = {};
for (const d of PERIODS) {
  const p = periodOf(d);
  const u = `${base}/m/v2/merchant/${largestTmk}/reports/summary?from=${p.from}&to=${p.to}`;
  const first = await get(u, auth);
  if (first.status !== 200) throw new Error(`summary answered ${first.status}: ${first.body.slice(0, 300)}`);
  if ((JSON.parse(first.body) as { orders: number }).orders !== rowsIn[d])
    throw new Error(`summary counted ${first.body.slice(0, 80)}, expected ${rowsIn[d]} orders`);
  appTimes[d] = await timeIt(() => get(u, auth));
  log(`app ${d} days: p50 ${appTimes[d]!.p50.toFixed(2)} ms, p95 ${appTimes[d]!.p95.toFixed(2)} ms`);
}
const loadQuiet = loadAvg();
// The writers' store-day: inside the 90-day period.
const writeDay = new Date(Date.parse(`${periodOf(90).from}T00:00:00Z`) + 40 * 86_400_000)
  .toISOString()
  .slice(0, 10);
let appUnderWrites: { p50: number; p95: number; n: number } | undefined;
let appWrites: WriteRun | undefined;
let writeIds: string[] = [];
if (url) {
  writeIds = await writerOrders(url, merchant.id, merchant.timezone, writeDay);
  const p = periodOf(90);
  const u = `${base}/m/v2/merchant/${largestTmk}/reports/summary?from=${p.from}&to=${p.to}`;
  const w = runWriters(url, writeIds, WRITERS, WRITE_SECONDS);
  appUnderWrites = await timeWhile(() => get(u, auth), w);
  appWrites = await w;
  log(
    `app 90 days under ${WRITERS} writers: p50 ${appUnderWrites.p50.toFixed(2)} ms, p95 ${appUnderWrites.p95.toFixed(2)} ms; ${appWrites.perSecond.toFixed(0)} writes/s`,
  );
}
await stop(app);

// ------------------------------------------------------------------ floors (raw driver, same rows)

db = await openDb(url);
const sqlTimes: Record<number, { p50: number; p95: number }> = {};
const keptTimes: Record<number, { p50: number; p95: number }> = {};
const countTimes: Record<number, { p50: number; p95: number }> = {};
for (const d of PERIODS) {
  const p = periodOf(d);
  const q = buildSummaryQuery({
    merchantId: merchant.id,
    timezone: merchant.timezone,
    ...p,
    nextBusinessDayOffsets: offsets,
  });
  sqlTimes[d] = await timeIt(() => db.query(q.text, q.values));
  const k = buildKeptSummaryQuery({ merchantId: merchant.id, timezone: merchant.timezone, ...p });
  keptTimes[d] = await timeIt(() => db.query(k.text, k.values));
  countTimes[d] = await timeIt(() =>
    db.query(
      `SELECT count(*) FROM orders WHERE merchant_id = $1
         AND date_submitted >= ($2::date::timestamp AT TIME ZONE $4) AND date_submitted < (($3::date + 1)::timestamp AT TIME ZONE $4)`,
      [merchant.id, p.from, p.to, merchant.timezone],
    ),
  );
}

// ------------------------------------------------------------------ writes (PostgreSQL)

const p90 = {
  merchantId: merchant.id,
  timezone: merchant.timezone,
  ...periodOf(90),
  nextBusinessDayOffsets: offsets,
};
const k90 = buildKeptSummaryQuery(p90);
const writeRuns: Record<string, WriteRun & { load: string }> = {};
let keptUnderWrites: { p50: number; p95: number; n: number } | undefined;
let countUnderWrites: { p50: number; p95: number; n: number } | undefined;
let keptAllSlots: { p50: number; p95: number } | undefined;
let allSlotRows: number | undefined;
let rebuildMs: number | undefined;
if (url) {
  log(`writes: ${WRITERS} writers, ${WRITE_SECONDS} s each run, ${writeIds.length} orders of ${writeDay}`);
  await keptOff(url);
  writeRuns.without = { ...(await runWriters(url, writeIds, WRITERS, WRITE_SECONDS)), load: loadAvg() };
  await keptOn(url, merchant.id, 1);
  writeRuns.slots1 = { ...(await runWriters(url, writeIds, WRITERS, WRITE_SECONDS)), load: loadAvg() };
  await keptOn(url, merchant.id, 16);
  writeRuns.slots16 = { ...(await runWriters(url, writeIds, WRITERS, WRITE_SECONDS)), load: loadAvg() };
  rebuildMs = await keptOn(url, merchant.id, 4);
  writeRuns.slots4 = { ...(await runWriters(url, writeIds, WRITERS, WRITE_SECONDS)), load: loadAvg() };
  const w = runWriters(url, writeIds, WRITERS, WRITE_SECONDS);
  keptUnderWrites = await timeWhile(() => db.query(k90.text, k90.values), w);
  writeRuns.slots4Read = { ...(await w), load: loadAvg() };
  // The floor under the same writers: count(*) of the period's orders.
  const pq = periodOf(90);
  const wc = runWriters(url, writeIds, WRITERS, WRITE_SECONDS);
  countUnderWrites = await timeWhile(
    () =>
      db.query(
        `SELECT count(*) FROM orders WHERE merchant_id = $1
           AND date_submitted >= ($2::date::timestamp AT TIME ZONE $4) AND date_submitted < (($3::date + 1)::timestamp AT TIME ZONE $4)`,
        [merchant.id, pq.from, pq.to, merchant.timezone],
      ),
    wc,
  );
  writeRuns.slots4Count = { ...(await wc), load: loadAvg() };
  // The read's worst case with 4 slots: every key of every day in all four (zero rows added to slots 1–3,
  // so the answer is unchanged), then removed.
  await db.query(
    `INSERT INTO report_day_figures (merchant_id, day, dim, key, slot)
     SELECT DISTINCT f.merchant_id, f.day, f.dim, f.key, s FROM report_day_figures f, generate_series(1, 3) s
     WHERE f.merchant_id = $1 AND f.day BETWEEN $2 AND $3 ON CONFLICT DO NOTHING`,
    [merchant.id, p90.from, p90.to],
  );
  const [all] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM report_day_figures WHERE merchant_id = $1 AND day BETWEEN $2 AND $3',
    [merchant.id, p90.from, p90.to],
  );
  allSlotRows = Number(all?.n);
  await db.query('VACUUM (ANALYZE) report_day_figures');
  keptAllSlots = await timeIt(() => db.query(k90.text, k90.values));
  await db.query(
    `DELETE FROM report_day_figures WHERE merchant_id = $1 AND day BETWEEN $2 AND $3 AND slot > 0
       AND orders = 0 AND accepted = 0 AND rejected = 0 AND cancelled = 0 AND revenue_cents = 0 AND on_time = 0 AND late = 0`,
    [merchant.id, p90.from, p90.to],
  );
  for (const [k, r] of Object.entries(writeRuns))
    log(`writes ${k}: ${r.perSecond.toFixed(0)}/s, errors ${JSON.stringify(r.errors)}, load ${r.load}`);
}
// The kept answer still equals the orders scan after all those writes.
const r90 = buildSummaryQuery(p90);
const [want90] = await db.query<{ summary: unknown }>(r90.text, r90.values);
const [got90] = await db.query<{ summary: unknown }>(k90.text, k90.values);
const norm = (v: unknown) => JSON.stringify(typeof v === 'string' ? JSON.parse(v) : v);
const identical = norm(want90!.summary) === norm(got90!.summary);
if (!identical)
  throw new Error(`kept summary differs from the orders scan: ${norm(got90!.summary).slice(0, 400)}`);
const [keptRows] = await db.query<{ n: number }>(
  'SELECT count(*)::int AS n FROM report_day_figures WHERE merchant_id = $1 AND day BETWEEN $2 AND $3',
  [merchant.id, p90.from, p90.to],
);
await db.close();

const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(2));
const lines = [
  `Reports summary, largest merchant (${spec.largest.toLocaleString()} orders over two years; ${url ? 'PostgreSQL' : 'PGlite'}). ${ITER} sequential requests per row after ${WARMUP} warm-up, load average ${loadQuiet}. App = GET …/reports/summary through the real server (kept per-day figures); kept SQL = its statement through the raw driver; scan SQL = the orders scan it replaced (the reference); floor = SELECT count(*) of the same rows.`,
  '',
  '| period | orders in it | app p50 ms | app p95 ms | kept SQL p50 ms | kept SQL p95 ms | scan SQL p50 ms | scan SQL p95 ms | floor count(*) p50 ms | floor p95 ms | app p95 / floor p95 |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...PERIODS.map(
    (d) =>
      `| ${d} days | ${rowsIn[d]!.toLocaleString()} | ${f(appTimes[d]?.p50)} | ${f(appTimes[d]?.p95)} | ${f(keptTimes[d]?.p50)} | ${f(keptTimes[d]?.p95)} | ${f(sqlTimes[d]?.p50)} | ${f(sqlTimes[d]?.p95)} | ${f(countTimes[d]?.p50)} | ${f(countTimes[d]?.p95)} | ${(appTimes[d]!.p95 / countTimes[d]!.p95).toFixed(1)}× |`,
  ),
  '',
  `Kept rows in the 90-day period after the runs: ${keptRows?.n}; kept summary identical to the orders scan: ${identical ? 'yes' : 'NO'}.`,
  ...(url
    ? [
        '',
        `Under ${WRITERS} writers (status changes of ${writeIds.length} orders of one store-day, ${writeDay}, ${WRITE_SECONDS} s per run): 90-day summary through the app p50 ${f(appUnderWrites?.p50)} ms, p95 ${f(appUnderWrites?.p95)} ms (${appUnderWrites?.n} requests; ${appWrites?.perSecond.toFixed(0)} writes/s meanwhile); kept SQL p50 ${f(keptUnderWrites?.p50)} ms, p95 ${f(keptUnderWrites?.p95)} ms (${keptUnderWrites?.n} reads); floor count(*) of the period p50 ${f(countUnderWrites?.p50)} ms, p95 ${f(countUnderWrites?.p95)} ms (${countUnderWrites?.n} reads).`,
        '',
        `Quiet, every key of the 90 days in all 4 slots (${allSlotRows} kept rows, the read's worst case): kept SQL p50 ${f(keptAllSlots?.p50)} ms, p95 ${f(keptAllSlots?.p95)} ms.`,
        '',
        '| write path | status changes/s | errors | load average |',
        '|---|---:|---|---|',
        ...[
          ['without kept figures (trigger off, its 2 indexes dropped)', 'without'],
          ['kept, 1 write slot per store-day', 'slots1'],
          ['kept, 16 write slots', 'slots16'],
          ['kept, 4 write slots (the migration)', 'slots4'],
          ['kept, 4 slots, one reader looping the 90-day summary', 'slots4Read'],
          ['kept, 4 slots, one reader looping count(*) (floor)', 'slots4Count'],
        ].map(([label, k]) => {
          const r = writeRuns[k!]!;
          return `| ${label} | ${r.perSecond.toFixed(0)} | ${JSON.stringify(r.errors)} | ${r.load} |`;
        }),
        '',
        `Rebuilding the store's figures from its ${spec.largest.toLocaleString()} orders (report_days_rebuild, what the migration's backfill does per store): ${rebuildMs?.toFixed(0)} ms.`,
      ]
    : []),
  '',
  `90-day plan of the orders scan (EXPLAIN ANALYZE): ${planMs.toFixed(2)} ms; indexes ${planIndexes.join(', ')}; sequential scans: ${planSeq.join(', ') || 'none'}.`,
  `90-day plan of the kept read (EXPLAIN ANALYZE): ${keptPlanMs.toFixed(2)} ms; indexes ${keptPlanIndexes.join(', ')}.`,
];
const report = lines.join('\n');
console.log(report);
const outDir = path.join(ROOT, 'bench/.results');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(
  path.join(outDir, `reports-${url ? 'pg' : 'pglite'}-${stamp}.json`),
  JSON.stringify(
    {
      spec,
      rowsIn,
      appTimes,
      keptTimes,
      sqlTimes,
      countTimes,
      appUnderWrites,
      appWrites,
      keptUnderWrites,
      countUnderWrites,
      keptAllSlots,
      allSlotRows,
      writeRuns,
      rebuildMs,
      identical,
      loadQuiet,
      planMs,
      planIndexes,
      keptPlanMs,
      keptPlanIndexes,
      planSeq,
      plan: plan!['QUERY PLAN'],
    },
    null,
    2,
  ),
);
writeFileSync(path.join(outDir, `reports-${url ? 'pg' : 'pglite'}-${stamp}.md`), report);
get.close();
process.exit(0);
