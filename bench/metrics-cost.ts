/**
 * What the metrics cost a request, by CPU, measured so that a busy machine does not hide a 2 % effect
 * (docs/decisions/0136): the same work with and without the metrics, interleaved in ROUNDS rounds in one
 * process, so both sides of each round see the same load, and the median of the per-round differences.
 *
 * - The request hooks: the real app (`buildApp`, production settings, every other hook in place) with its
 *   metrics plugin (onRequest and onResponse hooks, in-flight gauge, request counter and duration
 *   histogram by operationId) beside the same app built without it, each answering N requests to
 *   `/healthz` (no query) over a kept-alive connection from this process (the client's share is the same
 *   on both sides, so the difference is the server's). Needs a PostgreSQL the apps can open
 *   (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the bench default); nothing is written to it.
 * - The query timing: one query through a client wrapped by `timeQueries`, with the metrics subscribed
 *   (timer, publish, histogram) beside the same wrapped client with nothing subscribed (two checks).
 *
 * `perListRequest(cost, queries)` is the sum for a list request that runs `queries` queries; bench.ts
 * divides it by the app's CPU per list request measured in the same run. Alone:
 *   node --import tsx bench/metrics-cost.ts [cpu µs per list request]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPostgres } from '../apps/server/src/db/client.ts';
import { queryTimingChannel, timeQueries } from '../apps/server/src/db/query-timing.ts';
import { Metrics } from '../apps/server/src/lib/metrics.ts';

const ROUNDS = 11;
const N = 10_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuUs = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

const defaultUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/mc_bench';

async function app(url: string, withMetrics: boolean): Promise<{ app: FastifyInstance; database: Database }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    MARKETPLACE_KEY: 'bench-marketplace-key-0123456789',
    METRICS_TOKEN: 'bench-metrics-token-0123456789',
    ALLOW_SANDBOX: '1',
    DATA_DIR: '/tmp/mc-bench-metrics-cost-unused',
  });
  const database = openPostgres(url, 2);
  const { app: a } = await buildApp({ config, database, metrics: withMetrics });
  await a.listen({ port: 0, host: '127.0.0.1' });
  return { app: a, database };
}

/** One GET /healthz to `a` on a kept-alive connection, its body read. */
function request(a: FastifyInstance, agent: http.Agent): () => Promise<void> {
  const { port } = a.server.address() as AddressInfo;
  return () =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject);
    });
}

/** CPU µs per call of `run`, over `n` calls awaited one after another. */
async function perCall(n: number, run: () => Promise<unknown>): Promise<number> {
  const t0 = cpuUs();
  for (let i = 0; i < n; i++) await run();
  return (cpuUs() - t0) / n;
}

export interface MetricsCost {
  hooksUs: number;
  queryUs: number;
  rounds: { hooks: number[]; query: number[] };
}

/** `url`: a migrated database the two apps open (nothing is written to it). */
export async function measureMetricsCost(url = defaultUrl): Promise<MetricsCost> {
  // 1. The query timing, before any app exists (each app's metrics subscribe to the same channel).
  const metrics = new Metrics();
  const client = { query: (_text: string) => Promise.resolve({ rows: [] }) };
  timeQueries(client as unknown as pg.Client);
  const query = () => client.query('SELECT 1');
  // The metrics subscribed when constructed; this toggles that subscription.
  const own = (metrics as unknown as { onQuery: (m: unknown) => void }).onQuery;
  queryTimingChannel.unsubscribe(own);
  const queries: number[] = [];
  await perCall(N * 5, query);
  for (let r = 0; r < ROUNDS; r++) {
    queryTimingChannel.subscribe(own);
    const q1 = await perCall(N * 5, query);
    queryTimingChannel.unsubscribe(own);
    const q0 = await perCall(N * 5, query);
    queries.push(q1 - q0);
  }
  metrics.close();

  // 2. The request hooks, in the real app.
  const built = [await app(url, true), await app(url, false)];
  const [withHooks, without] = built.map((b) => b.app) as [FastifyInstance, FastifyInstance];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = new Map([withHooks, without].map((a) => [a, request(a, agent)]));
  const hooks: number[] = [];
  await perCall(N, send.get(withHooks)!);
  await perCall(N, send.get(without)!);
  for (let r = 0; r < ROUNDS; r++) {
    const first = r % 2 === 0;
    const a = await perCall(N, send.get(first ? withHooks : without)!);
    const b = await perCall(N, send.get(first ? without : withHooks)!);
    hooks.push(first ? a - b : b - a);
  }
  agent.destroy();
  for (const b of built) {
    await b.app.close();
    await b.database.close();
  }
  return { hooksUs: median(hooks), queryUs: median(queries), rounds: { hooks, query: queries } };
}

/** The metrics' CPU µs for one list request that runs `queries` queries. */
export const perListRequest = (c: MetricsCost, queries: number) => c.hooksUs + queries * c.queryUs;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const listUs = Number(process.argv[2] ?? 0);
  const c = await measureMetricsCost();
  const f = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
  console.log(`request hooks: ${c.hooksUs.toFixed(2)} µs CPU per request (rounds: ${f(c.rounds.hooks)})`);
  console.log(`query timing: ${c.queryUs.toFixed(2)} µs CPU per query (rounds: ${f(c.rounds.query)})`);
  for (const q of [1, 2]) {
    const us = perListRequest(c, q);
    console.log(
      `a list request with ${q} quer${q === 1 ? 'y' : 'ies'}: ${us.toFixed(2)} µs${listUs ? ` = ${((us / listUs) * 100).toFixed(2)} % of ${listUs} µs` : ''}`,
    );
  }
}
