/** Request ids: kept from a safe X-Request-Id or made, echoed, in each log line of the request and a 5xx body. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../test/harness.ts';
import { captureLog } from '../test/log-lines.ts';
import { setServerErrorReporter } from './error-reporting.ts';
import { acceptedRequestId } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let app: FastifyInstance;
let database: Database;
const log = captureLog();
const linesOf = (id: string) =>
  log.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === id);

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'request-id-test-secret-0123456789-abcdef',
    DATA_DIR: '/tmp/mc-test-unused',
    SEED_DEMO: 'false',
  });
  ({ app } = await buildApp({ config, database, logStream: log.stream }));
  app.get('/m/v2/test-request-id-boom', async (request) => {
    request.log.info('about to fail');
    throw new Error('boom');
  });
  setServerErrorReporter(() => {});
  await app.ready();
});
afterAll(async () => {
  setServerErrorReporter(null);
  await app?.close();
  await database?.close();
});

describe('request ids', () => {
  it('keeps a safe X-Request-Id: echoed, in every log line of the request and in the 5xx body', async () => {
    const id = 'lb-7f3a9c2e.req:42';
    const res = await app.inject({ url: '/m/v2/test-request-id-boom', headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe(id);
    expect(res.json()).toEqual({ message: 'Something went wrong', request_id: id });
    const messages = linesOf(id).map((l) => l.msg);
    expect(messages).toEqual(
      expect.arrayContaining(['about to fail', 'request failed', 'request completed']),
    );
  });

  it('makes a UUID when none is sent, or the one sent is unsafe or too long, and echoes it on a 4xx and a 404', async () => {
    for (const sent of [undefined, 'has space', 'x'.repeat(129), 'line\u2028break', '<script>']) {
      const res = await app.inject({
        method: 'POST',
        url: '/a/v2/login',
        payload: { email: 'nobody@example.com', password: 'nope-nope-nope' },
        headers: sent === undefined ? {} : { 'x-request-id': sent },
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(res.json()).not.toHaveProperty('request_id');
      expect(linesOf(String(res.headers['x-request-id'])).length).toBeGreaterThan(0);
    }
    const missing = await app.inject({ url: '/m/v2/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    const a = await app.inject({ url: '/healthz' });
    const b = await app.inject({ url: '/healthz' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('accepts only 1–128 safe characters', () => {
    expect(acceptedRequestId('abc-123_DEF.4:5/6+7=8@x')).toBe('abc-123_DEF.4:5/6+7=8@x');
    expect(acceptedRequestId(['first', 'second'])).toBe('first');
    for (const bad of ['', ' ', 'a b', 'a\nb', 'a"b', 'x'.repeat(129), 'é'])
      expect(acceptedRequestId(bad)).toBeUndefined();
  });
});
