/**
 * /metrics: the whole exposition parsed with a Prometheus text-format parser and every named series checked;
 * the token on the main port, production without one, and the second port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createHttpClient, ProviderUnavailableError } from './adapters/http.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { bulkJobs } from './modules/orders/bulk/bulk-queue.ts';
import { useStreamServer } from './modules/orders/events/stream-test-helpers.ts';
import {
  buildMerchantWithOwner,
  buildOrder,
  createTestDatabase,
  TEST_DB,
  useTestApp,
} from './test/harness.ts';
import { findSample, parsePrometheusText } from './test/prometheus-text.ts';
import { freePort } from './test/spawn-server.ts';

const t = useTestApp();
const server = useStreamServer(t);
const families = parsePrometheusText;
const sample = findSample;

describe('/metrics', { timeout: 120_000 }, () => {
  it('exposes requests by operation, in-flight, pools, streams, the job queue and jobs, the event loop and process', async () => {
    const owner = await buildMerchantWithOwner(t);
    const ids = [
      await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'SUBMITTED' }),
      await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'SUBMITTED' }),
    ];
    await bulkJobs(t.ctx);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/bulk/accept`,
      headers: owner.headers,
      payload: { orders: ids.map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })) },
    });
    expect(accept.json()).toMatchObject({ state: 'done' });
    await t.app.inject({
      url: `/m/v2/orders/00000000-0000-4000-8000-000000000000`,
      headers: owner.headers,
    });

    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const m = families(res.body);

    const requests = m.get('http_requests_total');
    expect(requests?.type).toBe('counter');
    expect(
      sample(requests, { operation: 'bulkAcceptOrders', method: 'POST', status_class: '2xx' })?.value,
    ).toBe(1);
    expect(sample(requests, { operation: 'getOrder', status_class: '4xx' })).toBeDefined();
    const duration = m.get('http_request_duration_seconds');
    expect(duration?.type).toBe('histogram');
    const bulkCount = sample(
      duration,
      { operation: 'bulkAcceptOrders' },
      'http_request_duration_seconds_count',
    );
    expect(bulkCount?.value).toBe(1);
    const bucket = { operation: 'bulkAcceptOrders', le: '+Inf' };
    expect(sample(duration, bucket, 'http_request_duration_seconds_bucket')?.value).toBe(1);
    // The scrape itself is in flight while it is written.
    expect(m.get('http_requests_in_flight')?.samples[0]?.value).toBeGreaterThanOrEqual(1);
    if (t.ctx.database.driver === 'pg') {
      const pools = m.get('db_pool_connections');
      expect(sample(pools, { pool: 'main', state: 'total' })?.value).toBeGreaterThanOrEqual(1);
      expect(sample(pools, { pool: 'main', state: 'waiting' })).toBeDefined();
      expect(sample(pools, { pool: 'bulk-jobs', state: 'idle' })).toBeDefined();
    }
    expect(m.get('event_streams_open')?.samples[0]?.value).toBe(0);
    expect(sample(m.get('job_queue_depth'), { queue: 'bulk-batch', state: 'queued' })?.value).toBe(0);
    expect(sample(m.get('job_queue_oldest_age_seconds'), { queue: 'bulk-batch' })?.value).toBe(0);
    expect(
      sample(
        m.get('jobs_duration_seconds'),
        { queue: 'bulk-batch', outcome: 'done' },
        'jobs_duration_seconds_count',
      )?.value,
    ).toBe(1);
    const elu = m.get('nodejs_eventloop_utilization_ratio')?.samples[0]?.value ?? -1;
    expect(elu).toBeGreaterThanOrEqual(0);
    expect(elu).toBeLessThanOrEqual(1);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
    ])
      expect(m.get(name)?.samples.length, name).toBeGreaterThan(0);
  });
});

describe('/metrics and the providers', () => {
  it('counts each call to a provider once, retries included, by provider and outcome', async () => {
    let calls = 0;
    const provider = createServer((req, res) => {
      calls++;
      res.writeHead(req.url === '/ok' ? 200 : req.url === '/no' ? 422 : 503).end('{}');
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    const client = createHttpClient({
      name: 'stand-in-provider',
      baseUrl: `http://127.0.0.1:${port}`,
      backoffBaseMs: 1,
    });
    const gone = createHttpClient({ name: 'stand-in-gone', baseUrl: `http://127.0.0.1:${await freePort()}` });
    try {
      expect((await client.request({ method: 'GET', path: '/ok' })).status).toBe(200);
      expect((await client.request({ method: 'POST', path: '/no' })).status).toBe(422);
      expect((await client.request({ method: 'GET', path: '/down' })).attempts).toBe(3);
      await expect(gone.request({ method: 'POST', path: '/x' })).rejects.toBeInstanceOf(
        ProviderUnavailableError,
      );
    } finally {
      await client.close();
      await gone.close();
      await new Promise((resolve) => provider.close(resolve));
    }
    expect(calls).toBe(5); // the 503 was tried three times: still one call
    const m = families((await t.app.inject({ url: '/metrics' })).body);
    const durations = m.get('provider_call_duration_seconds');
    expect(durations?.type).toBe('histogram');
    const count = (provider: string, outcome: string) =>
      sample(durations, { provider, outcome }, 'provider_call_duration_seconds_count')?.value;
    expect(count('stand-in-provider', 'success')).toBe(1);
    expect(count('stand-in-provider', 'refused')).toBe(1);
    expect(count('stand-in-provider', 'failed')).toBe(1);
    expect(count('stand-in-gone', 'network_error')).toBe(1);
  });
});

describe('/metrics and the database', () => {
  // node-postgres clients only: the embedded PGlite has no pool and no network between the app and it.
  it.runIf(TEST_DB === 'pg')(
    'times every PostgreSQL query by kind and outcome, never with its text',
    async () => {
      const before = families((await t.app.inject({ url: '/metrics' })).body).get(
        'db_query_duration_seconds',
      );
      const count = (family: typeof before, kind: string, outcome: string) =>
        sample(family, { kind, outcome }, 'db_query_duration_seconds_count')?.value ?? 0;
      await t.ctx.database.query('SELECT 1');
      await t.ctx.database.query('select not_a_column_7f3a from orders').catch(() => undefined);
      await t.ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`update orders set version = version where false`);
      });
      const text = (await t.app.inject({ url: '/metrics' })).body;
      const after = families(text).get('db_query_duration_seconds');
      expect(after?.type).toBe('histogram');
      expect(count(after, 'select', 'ok') - count(before, 'select', 'ok')).toBeGreaterThanOrEqual(1);
      expect(count(after, 'select', 'error') - count(before, 'select', 'error')).toBe(1);
      expect(count(after, 'update', 'ok') - count(before, 'update', 'ok')).toBe(1);
      expect(count(after, 'begin', 'ok') - count(before, 'begin', 'ok')).toBeGreaterThanOrEqual(1);
      expect(count(after, 'commit', 'ok') - count(before, 'commit', 'ok')).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('not_a_column_7f3a');
    },
  );
});

describe('/metrics and the event streams', () => {
  it('counts an open stream and leaves no request in flight once it closes', async () => {
    const owner = await buildMerchantWithOwner(t);
    const scrape = async () => parsePrometheusText((await t.app.inject({ url: '/metrics' })).body);
    const stream = await server.open(t.app, server.base, owner.merchant.tmk, owner.token);
    expect(stream.status).toBe(200);
    expect((await scrape()).get('event_streams_open')?.samples[0]?.value).toBe(1);
    stream.close();
    let inFlight = -1;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      const m = await scrape();
      inFlight = m.get('http_requests_in_flight')?.samples[0]?.value ?? -1;
      if (inFlight === 1 && m.get('event_streams_open')?.samples[0]?.value === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Only the scrape itself.
    expect(inFlight).toBe(1);
  });
});

describe('/metrics access', () => {
  const opened: { app: Awaited<ReturnType<typeof buildApp>>['app']; database: Database }[] = [];
  afterAll(async () => {
    for (const o of opened) {
      await o.app.close();
      await o.database.close();
    }
  });
  const appWith = async (env: Record<string, string>) => {
    const database = await createTestDatabase();
    const config = loadConfig({
      JWT_SECRET: 'metrics-test-secret-0123456789-abcdefgh',
      MARKETPLACE_KEY: 'metrics-test-marketplace-key-0123',
      DATA_DIR: '/tmp/mc-test-unused',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ALLOW_SANDBOX: '1',
      ...env,
    });
    const { app } = await buildApp({ config, database });
    opened.push({ app, database });
    return app;
  };

  it('with METRICS_TOKEN answers only that bearer', async () => {
    const token = 'metrics-token-0123456789-abcdef';
    const app = await appWith({ NODE_ENV: 'production', METRICS_TOKEN: token });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Send METRICS_TOKEN as a bearer token' });
    const right = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE http_requests_total counter');
  });

  it('in production without a token is not served on the main port; METRICS_PORT serves it on its own', async () => {
    const port = await freePort();
    const app = await appWith({ NODE_ENV: 'production', METRICS_PORT: String(port), HOST: '127.0.0.1' });
    const main = await app.inject({ url: '/metrics' });
    expect(main.statusCode).toBe(404);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(families(await res.text()).has('http_requests_total')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/orders`)).status).toBe(404);
  });
});

describe('the test reader of the text format', () => {
  it('groups a labelled histogram and refuses a malformed line', () => {
    const m = parsePrometheusText(
      '# HELP h x\n# TYPE h histogram\nh_bucket{le="0.1",a="b\\"c"} 1\nh_bucket{le="+Inf",a="b\\"c"} 2\nh_sum{a="b\\"c"} 0.5\nh_count{a="b\\"c"} 2\n',
    );
    expect(findSample(m.get('h'), { a: 'b"c' }, 'h_count')?.value).toBe(2);
    expect(findSample(m.get('h'), { le: '+Inf' }, 'h_bucket')?.value).toBe(2);
    expect(() => parsePrometheusText('metric{a="b"} not-a-number')).toThrow(/bad value/);
    expect(() => parsePrometheusText('metric{a=b} 1')).toThrow(/bad labels/);
  });
});
