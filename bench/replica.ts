/**
 * The reports summary on the primary and on a streaming read replica, idle and under write load, in one
 * run (docs/decisions/0145): `node --import tsx bench/replica.ts [--orders N] [--iterations N] [--writers N]`
 * (part of `npm run bench`; `--no-replica` skips it). A primary and its replica of their own
 * (apps/server/src/test/replica-cluster.ts: initdb, pg_basebackup -R, both on this machine), the
 * benchmark dataset loaded into the primary (default 100,000 orders over 10 merchants, the largest
 * 50,000), the real app (buildApp) answering `GET …/reports/summary` for 90 days through `inject`.
 * Phases, one after the other: primary idle, replica idle, then with `--writers` connections updating
 * orders of the other merchants in a loop, primary and replica again. The same requests, the same app:
 * only the read handle's target changes. Also printed: the tables' size per order (what docs/scaling.md
 * extrapolates to 1M orders) and the load average.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { postgresBin, startReplicaPair } from '../apps/server/src/test/replica-cluster.ts';
import { opt, pct } from './common.ts';
import { BENCH_PASSWORD, benchEmail, largestTmk, loadDataset } from './load-data.ts';

const log = (s: string) => console.error(`[bench:replica] ${s}`);
const ORDERS = opt('orders', 100_000);
const ITER = opt('iterations', 60);
const WRITERS = opt('writers', 4);
const WARMUP = 10;
const PERIOD_DAYS = 90;

const found = postgresBin();
if ('missing' in found) {
  console.log(`bench:replica skipped: ${found.missing}`);
  process.exit(0);
}
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const pair = await startReplicaPair(found.bin);
try {
  const database = openPostgres(pair.primaryUrl, 10, { url: pair.replicaUrl, maxLagMs: 5000 });
  const reads = database.replica!;
  await database.migrate();
  const t0 = Date.now();
  await loadDataset(database, { orders: ORDERS, merchants: 10, largest: Math.round(ORDERS / 2) }, log);
  await database.query('VACUUM (ANALYZE)');
  log(`dataset loaded and vacuumed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const sizes = await database.query<{ relname: string; bytes: number; rows: number }>(
    `SELECT c.relname, pg_total_relation_size(c.oid)::bigint AS bytes, c.reltuples::bigint AS rows
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 2 DESC LIMIT 6`,
  );
  const [db] = await database.query<{ bytes: number }>(
    'SELECT pg_database_size(current_database())::bigint AS bytes',
  );

  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'warn',
      ALLOW_SANDBOX: '1',
    }),
    databaseUrl: pair.primaryUrl,
  };
  const { app } = await buildApp({ config, database });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/a/v2/login',
    payload: { email: benchEmail, password: BENCH_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const headers = { authorization: `Bearer ${login.json().token}` };
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (PERIOD_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const url = `/m/v2/merchant/${largestTmk}/reports/summary?from=${from}&to=${to}`;

  // Wait for the replica to have the dataset before reading it.
  for (let i = 0; i < 600 && !(await reads.caughtUpWithPrimary(1000)); i++) await reads.check();

  let fallbacks = 0;
  let onReplica = 0;
  reads.onRead((t) => {
    if (t === 'replica') onReplica++;
    else fallbacks++;
  });
  let maxLagMs = 0;

  async function measure(target: 'primary' | 'replica') {
    // The same app; only where the summary's reads go changes (readQuery reads database.replica per call).
    if (target === 'primary') delete (database as { replica?: unknown }).replica;
    else (database as { replica?: unknown }).replica = reads;
    const ms: number[] = [];
    let orders = -1;
    for (let i = 0; i < WARMUP + ITER; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const took = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`summary answered ${res.statusCode}: ${res.body}`);
      orders = res.json().orders;
      if (i >= WARMUP) ms.push(took);
      if (target === 'replica') maxLagMs = Math.max(maxLagMs, reads.status.lagMs ?? 0);
    }
    return { p50: pct(ms, 50), p95: pct(ms, 95), orders };
  }

  // The write load: orders of the other merchants updated in small transactions, as a busy desk would.
  const ids = (
    await database.query<{ id: string }>(
      `SELECT o.id FROM orders o JOIN merchants m ON m.id = o.merchant_id WHERE m.tmk <> $1 LIMIT 20000`,
      [largestTmk],
    )
  ).map((r) => r.id);
  let writing = false;
  let writes = 0;
  const writers: Promise<void>[] = [];
  const startWriters = () => {
    writing = true;
    for (let w = 0; w < WRITERS; w++)
      writers.push(
        (async () => {
          const c = new pg.Client({ connectionString: pair.primaryUrl });
          await c.connect();
          try {
            while (writing) {
              const batch = Array.from({ length: 10 }, () => ids[Math.floor(Math.random() * ids.length)]);
              await c.query('UPDATE orders SET printed_timestamp = now() WHERE id = ANY($1::text[])', [
                batch,
              ]);
              writes += batch.length;
            }
          } finally {
            await c.end();
          }
        })(),
      );
  };

  const rows: string[] = [];
  const row = (phase: string, r: { p50: number; p95: number; orders: number }, extra = '') =>
    rows.push(
      `| ${phase} | ${r.orders.toLocaleString('en-US')} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${extra} |`,
    );

  const loadBefore = load();
  row('primary, idle', await measure('primary'));
  row('replica, idle', await measure('replica'));
  startWriters();
  await new Promise((r) => setTimeout(r, 1000));
  const w0 = writes;
  const tw = performance.now();
  row('primary, under writes', await measure('primary'));
  row('replica, under writes', await measure('replica'));
  const writeRate = ((writes - w0) / ((performance.now() - tw) / 1000)).toFixed(0);
  const loadDuring = load();
  writing = false;
  await Promise.all(writers);

  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  console.log(`
### Reports summary: primary and read replica, under write load (bench/replica.ts)

Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${ORDERS.toLocaleString('en-US')} orders over 10 merchants (largest
${Math.round(ORDERS / 2).toLocaleString('en-US')}), a ${PERIOD_DAYS}-day summary of the largest, ${ITER} sequential requests per row after ${WARMUP} warm-up,
through the real app (\`inject\`). Primary and streaming replica: PostgreSQL (${found.bin}) on this machine,
${WRITERS} writer connections updating 10 orders of the other merchants per statement (${writeRate} order updates/s during the
loaded rows). Load average (1, 5, 15 min) before: ${loadBefore}; during the loaded rows: ${loadDuring}.

| phase | orders in the period | p50 ms | p95 ms | |
|---|---:|---:|---:|---|
${rows.join('\n')}

Reads routed to the replica: ${onReplica}; to the primary as a fallback: ${fallbacks}; the largest lag the guard saw: ${maxLagMs.toFixed(0)} ms.

Sizes after the load (pg_total_relation_size: table, indexes and TOAST; ${ORDERS.toLocaleString('en-US')} orders): database ${mb(db!.bytes)} MB;
${sizes.map((s) => `${s.relname} ${mb(s.bytes)} MB (${Number(s.rows).toLocaleString('en-US')} rows)`).join(', ')}.
`);
  await app.close();
  (database as { replica?: unknown }).replica = reads;
  await database.close();
} finally {
  await pair.stop();
}
