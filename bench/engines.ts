/**
 * `npm run bench -- --both`: the orders counts and first pages on PostgreSQL and on PGlite (the embedded
 * default) in one table, each beside its own floor (bench/floor-server.ts: the same SQL through the bare
 * driver — pg.Pool, PGlite.query), on the same dataset (docs/decisions/0110).
 *
 * Both engines hold the same dataset: by default the PGlite one (100,000 orders over 100 merchants, the
 * largest with 20,000; `--orders --merchants --largest`), loaded into the PostgreSQL database
 * BENCH_BOTH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/mc_bench_both, created when missing)
 * and into the PGlite directory BENCH_PGLITE_DIR (default /tmp/mc-bench-pglite-data). The PGlite floor
 * opens a copy of that directory: one directory belongs to one process.
 *
 * All four servers run at once and each round sends one request to each, in a rotating order, so the
 * four figures of a row see the same machine load (a shared machine's load moves between phases).
 * Also reports each process's resident memory at rest (started, signed in) and after the run.
 * Options: `--iterations N` (rounds per row, default 200, after 20 warm-up rounds), `--reload`;
 * BENCH_CPU_PROF=<dir> profiles both apps (<dir>/pg, <dir>/pglite).
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { launch, type ServerProcess, stopServer } from '../apps/server/src/test/spawn-server.ts';
import { cpuMs, flag, freePort, keepAliveGet, opt, pct, ROOT, rssMb } from './common.ts';
import {
  BENCH_PASSWORD,
  benchEmail,
  type DatasetSpec,
  datasetPresent,
  largestTmk,
  loadDataset,
} from './load-data.ts';

const spec: DatasetSpec = {
  orders: opt('orders', 100_000),
  merchants: opt('merchants', 100),
  largest: opt('largest', 20_000),
};
const ITER = opt('iterations', 200);
const WARMUP = 20;
const PG_URL = process.env.BENCH_BOTH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mc_bench_both';
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? '/tmp/mc-bench-pglite-data';
const FLOOR_COPY = path.join(PGLITE_DIR, 'pglite-floor');
const log = (s: string) => console.error(`[bench both] ${s}`);

// ------------------------------------------------------------------ data

async function ensurePgDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!name.includes('bench')) throw new Error(`refusing to load benchmark data into "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await c.query(`CREATE DATABASE ${name}`);
  const ver = await c.query('SHOW server_version');
  await c.end();
  return String(ver.rows[0].server_version);
}

async function prepare(db: Database, label: string): Promise<boolean> {
  await db.migrate();
  if (flag('reload') || !(await datasetPresent(db, spec))) {
    log(`${label}: loading ${spec.orders.toLocaleString()} orders over ${spec.merchants} merchants`);
    await loadDataset(db, spec, (s) => log(`${label}: ${s}`));
    return true;
  }
  log(`${label}: dataset present`);
  return false;
}

const pgVersion = await ensurePgDatabase(PG_URL);
const pgDb = openPostgres(PG_URL, 4);
await prepare(pgDb, 'PostgreSQL');
const [m0] = await pgDb.query<{ id: string }>('SELECT id FROM merchants WHERE tmk = $1', [largestTmk]);
const tabCounts = await pgDb.query<{ tab: string; count: number }>(
  'SELECT tab, count FROM merchant_tab_counts WHERE merchant_id = $1 ORDER BY tab',
  [m0!.id],
);
await pgDb.close();
mkdirSync(PGLITE_DIR, { recursive: true });
const liteDb = await openPglite(path.join(PGLITE_DIR, 'pglite'));
await prepare(liteDb, 'PGlite');
await liteDb.close();
log('copying the PGlite directory for its floor');
rmSync(FLOOR_COPY, { recursive: true, force: true });
cpSync(path.join(PGLITE_DIR, 'pglite'), FLOOR_COPY, { recursive: true });

// ------------------------------------------------------------------ servers

const get = keepAliveGet(8);

interface Server {
  name: string;
  engine: 'pg' | 'pglite';
  kind: 'app' | 'floor';
  proc: ServerProcess;
  base: string;
  headers: Record<string, string>;
}

function spawnServer(
  file: string,
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): ServerProcess {
  const p = launch({
    name: file,
    port,
    env: { ...process.env, ...env },
    args: [...nodeArgs, '--import', 'tsx', file],
    stdout: 'ignore',
  });
  p.exited.then(({ code }) => {
    if (!stopping) {
      console.error(`${file} exited ${code}: ${p.output().slice(-2000)}`);
      process.exit(1);
    }
  });
  return p;
}

async function waitUp(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await get(url)).status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}

let stopping = false;
const appEnv = {
  HOST: '127.0.0.1',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  MARKETPLACE_KEY: 'bench-marketplace-key-0123456789',
  ALLOW_SANDBOX: '1',
};

async function startApp(engine: 'pg' | 'pglite'): Promise<Server> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: each app writes a V8 CPU profile of the run there.
  const prof = process.env.BENCH_CPU_PROF;
  const proc = spawnServer(
    'apps/server/src/main.ts',
    port,
    {
      ...appEnv,
      PORT: String(port),
      ...(engine === 'pg' ? { DATABASE_URL: PG_URL } : { DATA_DIR: PGLITE_DIR }),
    },
    prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}/${engine}`] : [],
  );
  const base = `http://127.0.0.1:${port}`;
  await waitUp(`${base}/healthz`);
  const res = await fetch(`${base}/a/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: benchEmail, password: BENCH_PASSWORD }),
  });
  const { token } = (await res.json()) as { token: string };
  return {
    name: `app ${engine}`,
    engine,
    kind: 'app',
    proc,
    base,
    headers: { authorization: `Bearer ${token}` },
  };
}

async function startFloor(engine: 'pg' | 'pglite'): Promise<Server> {
  const port = await freePort();
  const proc = spawnServer('bench/floor-server.ts', port, {
    FLOOR_PORT: String(port),
    ...(engine === 'pg' ? { DATABASE_URL: PG_URL } : { PGLITE_DIR: FLOOR_COPY }),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUp(`${base}/m/v2/merchant/${largestTmk}/orders/count`);
  return { name: `floor ${engine}`, engine, kind: 'floor', proc, base, headers: {} };
}

log('starting the apps and floors (PostgreSQL and PGlite)');
const servers: Server[] = [];
for (const engine of ['pg', 'pglite'] as const) {
  servers.push(await startApp(engine));
  servers.push(await startFloor(engine));
}
await new Promise((r) => setTimeout(r, 2000));
const rssAtRest = servers.map((s) => rssMb(s.proc.child.pid));

// ------------------------------------------------------------------ measure

const P = `/m/v2/merchant/${largestTmk}/orders`;
const cases: { name: string; path: string; kind: 'count' | 'list' }[] = [
  { name: 'counts', path: `${P}/count`, kind: 'count' },
  ...(['active', 'on_hold', 'cancelled', 'completed'] as const).map((tab) => ({
    name: `first page, ${tab}`,
    path: `${P}/optimized?limit=30&offset=0&filter%5Btab%5D=${tab}`,
    kind: 'list' as const,
  })),
  { name: 'first page, all tabs', path: `${P}/optimized?limit=30&offset=0`, kind: 'list' },
];

/** p50 and p95 latency, and the server's CPU ms per request (its own cost, whatever the machine's load). */
type Figures = { p50: number; p95: number; cpu: number };
const results: Record<string, Record<string, Figures>> = {};
// A first pass over every case: V8 compiles PGlite's WASM engine to optimised code in the background
// during the first seconds of load (CPU that would otherwise land on the first rows' figures).
for (let round = 0; round < WARMUP * 5; round++)
  for (const c of cases) for (const s of servers) await get(s.base + c.path, s.headers);
for (const c of cases) {
  const times = servers.map(() => [] as number[]);
  const cpu0 = servers.map((s) => cpuMs(s.proc.child.pid));
  for (let round = 0; round < WARMUP + ITER; round++) {
    for (let k = 0; k < servers.length; k++) {
      const i = (round + k) % servers.length;
      const s = servers[i]!;
      const r = await get(s.base + c.path, s.headers);
      if (r.status !== 200) throw new Error(`${s.name} ${c.path}: ${r.status} ${r.body.slice(0, 300)}`);
      if (round >= WARMUP) times[i]!.push(r.ms);
    }
  }
  results[c.name] = Object.fromEntries(
    servers.map((s, i) => [
      s.name,
      {
        p50: pct(times[i]!, 50),
        p95: pct(times[i]!, 95),
        cpu: (cpuMs(s.proc.child.pid) - cpu0[i]!) / (WARMUP + ITER),
      },
    ]),
  );
  log(
    `${c.name}: ${servers.map((s) => `${s.name} ${results[c.name]![s.name]!.p50.toFixed(2)}/${results[c.name]![s.name]!.p95.toFixed(2)}`).join(', ')}`,
  );
}
const rssAfter = servers.map((s) => rssMb(s.proc.child.pid));

stopping = true;
await Promise.all(servers.map((s) => stopServer(s.proc, 'SIGTERM', 8000)));
get.close();

// ------------------------------------------------------------------ report

const f = (n: number) => n.toFixed(2);
const x = (n: number) => `${n.toFixed(2)}×`;
const lines = [
  `Dataset on both engines: ${spec.orders.toLocaleString()} orders over ${spec.merchants} merchants; largest merchant ${spec.largest.toLocaleString()} (${tabCounts.map((c) => `${c.tab} ${Number(c.count).toLocaleString()}`).join(', ')}). PostgreSQL ${pgVersion}; PGlite (embedded default). ${ITER} rounds per row after ${WARMUP} warm-up (and ${WARMUP * 5} rounds of every row before the first); each round sends one request to each of the four servers (app and floor on each engine) in a rotating order, 1 keep-alive connection each. Floor = the same SQL through the bare driver (bench/floor-server.ts). CPU = the server process's CPU ms per request over the row (its own cost, which the machine's load does not inflate as much as latency).`,
  '',
  '| measure | PG app p50 / p95 ms | PG floor p50 / p95 ms | PGlite app p50 / p95 ms | PGlite floor p50 / p95 ms | PGlite app ÷ PG app (p50) | PGlite app ÷ its floor (p50 / p95) | CPU ms / request: PG app, floor; PGlite app, floor | aim | met |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
];
for (const c of cases) {
  const r = results[c.name]!;
  const [ap, fp, al, fl] = [r['app pg']!, r['floor pg']!, r['app pglite']!, r['floor pglite']!];
  const aim = c.kind === 'count' ? 'PGlite p50 ≤ 2 ms' : 'PGlite p95 ≤ 1.5× its floor';
  const ok = c.kind === 'count' ? al.p50 <= 2 : al.p95 <= 1.5 * fl.p95;
  lines.push(
    `| ${c.name} | ${f(ap.p50)} / ${f(ap.p95)} | ${f(fp.p50)} / ${f(fp.p95)} | ${f(al.p50)} / ${f(al.p95)} | ${f(fl.p50)} / ${f(fl.p95)} | ${x(al.p50 / ap.p50)} | ${x(al.p50 / fl.p50)} / ${x(al.p95 / fl.p95)} | ${f(ap.cpu)}, ${f(fp.cpu)}; ${f(al.cpu)}, ${f(fl.cpu)} | ${aim} | ${ok ? 'yes' : '**no**'} |`,
  );
}
lines.push(
  '',
  'Resident memory (VmRSS) of each process:',
  '',
  '| process | at rest (started, signed in) MB | after the run MB |',
  '|---|---:|---:|',
  ...servers.map((s, i) => `| ${s.name} | ${rssAtRest[i]!.toFixed(0)} | ${rssAfter[i]!.toFixed(0)} |`),
);
const report = lines.join('\n');
console.log(report);
const outDir = path.join(ROOT, 'bench/.results');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(
  path.join(outDir, `engines-${stamp}.json`),
  JSON.stringify(
    { spec, pgVersion, results, rssAtRest, rssAfter, servers: servers.map((s) => s.name) },
    null,
    2,
  ),
);
writeFileSync(path.join(outDir, `engines-${stamp}.md`), report);
process.exit(0);
