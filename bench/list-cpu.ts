/**
 * CPU per list request, the app beside the bare Fastify + pg floor, in one process (decision
 * 0111). On a machine other work shares, the servers of `npm run bench` are measured one after
 * the other under different loads, and a server's CPU per request grows when it gets fewer cycles
 * (fewer requests per event-loop turn). Here both run in the same process, each with its own pool of
 * 20 on the same database, through `inject` (no sockets: the HTTP parsing and writes, the same for both,
 * are left out), 32 requests in flight, in alternating rounds, so both see the same conditions.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/mc_bench_s node --import tsx bench/list-cpu.ts [rounds]
 *   BENCH_PGLITE_DIR=/tmp/mc-bench-pglite-data node --import tsx bench/list-cpu.ts [rounds]
 *
 * With BENCH_PGLITE_DIR (the directory `npm run bench -- --both` loads), both run on PGlite instead: the
 * app on a copy of `<dir>/pglite`, the floor on a second copy (one directory belongs to one instance).
 *
 * The app is the real one (buildApp: auth, validation, permission, helmet's headers, mapping, SLA,
 * serializer, logging at warn); the floor is floor-server.ts's Fastify route (floor-answer.ts).
 * The app is also measured answering a client that accepts brotli and one that accepts only gzip
 * (docs/decisions/0136): the compressed answer's CPU beside the plain one's, and the bytes each sends.
 */
import { cpSync, rmSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { floorAnswer } from './floor-answer.ts';
import { BENCH_PASSWORD, benchEmail, largestTmk } from './load-data.ts';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mc_bench_s';
const pgliteDir = process.env.BENCH_PGLITE_DIR;
/** A fresh copy of the benchmark's PGlite directory, for one instance. */
async function pgliteCopy(name: string): Promise<Database> {
  const source = `${pgliteDir}/pglite`;
  const copy = `${source}-${name}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(source, copy, { recursive: true });
  return openPglite(copy);
}
const ROUNDS = Number(process.argv[2] ?? 6);
/** Requests per round (BENCH_PER_ROUND; fewer on a loaded machine or on PGlite, which is slower). */
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 3000);
const IN_FLIGHT = 32;
const path = `/m/v2/merchant/${largestTmk}/orders/optimized?limit=30&offset=0&filter%5Btab%5D=active`;

const config = loadConfig({
  NODE_ENV: 'production',
  ...(pgliteDir ? {} : { DATABASE_URL: url }),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  MARKETPLACE_KEY: 'bench-marketplace-key-0123456789',
  ALLOW_SANDBOX: '1',
  DATA_DIR: '/tmp/mc-bench-list-cpu-unused',
});
const appDb = pgliteDir ? await pgliteCopy('list-cpu-app') : openPostgres(url, 20);
const { app } = await buildApp({ config, database: appDb });
await app.ready();

// The same app without the metrics hooks (docs/decisions/0136), on its own pool.
const bareDb = pgliteDir ? await pgliteCopy('list-cpu-bare') : openPostgres(url, 20);
const { app: appWithoutMetrics } = await buildApp({ config, database: bareDb, metrics: false });
await appWithoutMetrics.ready();

const floorDb = pgliteDir ? await pgliteCopy('list-cpu-floor') : openPostgres(url, 20);
const answer = floorAnswer(floorDb);
const floor = Fastify({ logger: false, routerOptions: { maxParamLength: 200 } });
floor.get('/m/v2/merchant/:tmk/orders/:kind', async (req, reply) => {
  const body = await answer(req.url);
  if (body === null) return reply.status(404).send();
  return body;
});
await floor.ready();

const login = await app.inject({
  method: 'POST',
  url: '/a/v2/login',
  payload: { email: benchEmail, password: BENCH_PASSWORD },
});
const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };

/** CPU µs per request over `n` requests, IN_FLIGHT at a time. */
async function round(server: typeof floor, h: Record<string, string>, n: number): Promise<number> {
  const start = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < n) {
        const res = await server.inject({ url: path, headers: h });
        if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
    }),
  );
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

await round(app as unknown as typeof floor, headers, Math.min(2000, PER_ROUND));
await round(floor, {}, Math.min(2000, PER_ROUND));
const brHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br' };
const gzipHeaders = { ...headers, 'accept-encoding': 'gzip' };
const bytes = async (h: Record<string, string>) => {
  const res = await app.inject({ url: path, headers: h });
  return `${(res.rawPayload.length / 1024).toFixed(1)} KB${res.headers['content-encoding'] ? ` (${res.headers['content-encoding']})` : ''}`;
};
const sizes = { plain: await bytes(headers), br: await bytes(brHeaders), gzip: await bytes(gzipHeaders) };
await round(app as unknown as typeof floor, brHeaders, Math.min(1000, PER_ROUND));
const appUs: number[] = [];
const floorUs: number[] = [];
const brUs: number[] = [];
const gzipUs: number[] = [];
const bareUs: number[] = [];
await round(appWithoutMetrics as unknown as typeof floor, headers, Math.min(1000, PER_ROUND));
for (let i = 0; i < ROUNDS; i++) {
  appUs.push(await round(app as unknown as typeof floor, headers, PER_ROUND));
  floorUs.push(await round(floor, {}, PER_ROUND));
  brUs.push(await round(app as unknown as typeof floor, brHeaders, PER_ROUND));
  gzipUs.push(await round(app as unknown as typeof floor, gzipHeaders, PER_ROUND));
  bareUs.push(await round(appWithoutMetrics as unknown as typeof floor, headers, PER_ROUND));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const f0 = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
console.log(
  [
    `CPU µs per list request (${pgliteDir ? 'PGlite' : 'PostgreSQL'}), ${ROUNDS} alternating rounds of ${PER_ROUND}, ${IN_FLIGHT} in flight (inject, one process):`,
    `| | per round | median |`,
    `|---|---|---:|`,
    `| app | ${f0(appUs)} | ${median(appUs).toFixed(0)} |`,
    `| bare Fastify + ${pgliteDir ? 'PGlite' : 'pg'} | ${f0(floorUs)} | ${median(floorUs).toFixed(0)} |`,
    `| floor ÷ app (aim ≥ 0.9×) | ${appUs.map((a, i) => (floorUs[i]! / a).toFixed(2)).join(', ')} | ${(median(floorUs) / median(appUs)).toFixed(2)}× |`,
    `| app, client accepts br (answer ${sizes.br}) | ${f0(brUs)} | ${median(brUs).toFixed(0)} |`,
    `| app, client accepts gzip only (answer ${sizes.gzip}) | ${f0(gzipUs)} | ${median(gzipUs).toFixed(0)} |`,
    `| plain ÷ br: throughput with compression vs without (aim ≥ 0.9×; plain answer ${sizes.plain}) | ${appUs.map((a, i) => (a / brUs[i]!).toFixed(2)).join(', ')} | ${(median(appUs) / median(brUs)).toFixed(2)}× |`,
    `| app without the metrics hooks | ${f0(bareUs)} | ${median(bareUs).toFixed(0)} |`,
    `| metrics: share of a list request's CPU (app − without) ÷ app (aim < 2 %) | ${appUs.map((a, i) => `${(((a - bareUs[i]!) / a) * 100).toFixed(1)} %`).join(', ')} | ${(((median(appUs) - median(bareUs)) / median(appUs)) * 100).toFixed(1)} % |`,
    `| plain ÷ gzip (aim ≥ 0.9×) | ${appUs.map((a, i) => (a / gzipUs[i]!).toFixed(2)).join(', ')} | ${(median(appUs) / median(gzipUs)).toFixed(2)}× |`,
  ].join('\n'),
);
await app.close();
await appWithoutMetrics.close();
await bareDb.close();
await floor.close();
await appDb.close();
await floorDb.close();
process.exit(0);
