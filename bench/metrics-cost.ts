/**
 * What the metrics cost a request, by CPU, measured so that a busy machine does not hide a 2 % effect
 * (docs/decisions/0136): the same work with and without the metrics, interleaved in ROUNDS rounds in one
 * process, so both sides of each round see the same load, and the median of the per-round differences.
 *
 * - The request hooks: one Fastify app with the real metrics plugin (`registerMetrics`: the onRequest and
 *   onResponse hooks, in-flight gauge, request counter and duration histogram by operationId) beside the
 *   same app without it, each answering N requests to one route over a kept-alive connection from this
 *   process (the client's share is the same on both sides, so the difference is the server's).
 * - The query timing: one query through a client wrapped by `timeQueries`, with the metrics subscribed
 *   (timer, publish, histogram) beside the same wrapped client with nothing subscribed (two checks).
 *
 * `metricsCostPerListRequest(queries)` is the sum for a list request that runs `queries` queries; bench.ts
 * divides it by the app's CPU per list request measured in the same run. Alone:
 *   node --import tsx bench/metrics-cost.ts [cpu µs per list request]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from '../apps/server/src/config.ts';
import { queryTimingChannel, timeQueries } from '../apps/server/src/db/query-timing.ts';
import { Metrics } from '../apps/server/src/lib/metrics.ts';
import { registerMetrics } from '../apps/server/src/plugins/metrics.ts';

const ROUNDS = 11;
const N = 5_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuUs = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

async function app(withMetrics: boolean, metrics: Metrics): Promise<FastifyInstance> {
  const a = Fastify({ logger: false });
  if (withMetrics) {
    const config = { env: 'production', metrics: { token: 'bench-token', port: undefined } } as unknown as Config;
    await a.register(registerMetrics, { config, metrics });
  }
  a.get('/orders', { config: { operationId: 'listOrders' } }, async () => ({ ok: true }));
  await a.listen({ port: 0, host: '127.0.0.1' });
  return a;
}

/** One GET /orders to `a` on a kept-alive connection, its body read. */
function request(a: FastifyInstance, agent: http.Agent): () => Promise<void> {
  const { port } = a.server.address() as AddressInfo;
  return () =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/orders', agent }, (res) => {
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

export async function measureMetricsCost(): Promise<MetricsCost> {
  const metrics = new Metrics();
  const withHooks = await app(true, metrics);
  const without = await app(false, metrics);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = new Map([withHooks, without].map((a) => [a, request(a, agent)]));
  const inject = (a: FastifyInstance) => send.get(a)!;

  // A client whose query answers at once, wrapped as the pools wrap theirs.
  const client = { query: (_text: string) => Promise.resolve({ rows: [] }) };
  timeQueries(client as unknown as pg.Client);
  const query = () => client.query('SELECT 1');
  // The metrics subscribe to the channel when constructed; this toggles that subscription.
  const onQuery = (m: unknown) => (metrics as unknown as { onQuery: (m: unknown) => void }).onQuery(m);
  queryTimingChannel.unsubscribe((metrics as unknown as { onQuery: (m: unknown) => void }).onQuery);

  const hooks: number[] = [];
  const queries: number[] = [];
  // Warm-up of both paths.
  await perCall(N, inject(withHooks));
  await perCall(N, inject(without));
  for (let r = 0; r < ROUNDS; r++) {
    const first = r % 2 === 0;
    const a = await perCall(N, inject(first ? withHooks : without));
    const b = await perCall(N, inject(first ? without : withHooks));
    hooks.push(first ? a - b : b - a);

    queryTimingChannel.subscribe(onQuery);
    const q1 = await perCall(N * 5, query);
    queryTimingChannel.unsubscribe(onQuery);
    const q0 = await perCall(N * 5, query);
    queries.push(q1 - q0);
  }
  agent.destroy();
  await withHooks.close();
  await without.close();
  metrics.close();
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
