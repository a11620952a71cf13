import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { setServerErrorReporter } from '../lib/error-reporting.ts';
import { createTestDatabase, testConfig } from '../test/harness.ts';

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
const reported: unknown[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildApp({ config: testConfig(), database }));
  app.get('/m/v2/test-boom', async () => {
    throw new Error('secret internals: connection string postgres://user:pw@db');
  });
  await app.ready();
  setServerErrorReporter((e) => reported.push(e));
});
afterAll(async () => {
  setServerErrorReporter(null);
  await app?.close();
  await database?.close();
});

describe('error handler', () => {
  it('answers an unexpected failure with a bare 500 (its request id only) and reports it', async () => {
    const res = await app.inject({ url: '/m/v2/test-boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong', request_id: res.headers['x-request-id'] });
    expect(res.body).not.toContain('secret');
    expect(reported).toHaveLength(1);
    expect(String(reported[0])).toContain('secret internals');
  });

  it('does not report expected failures (4xx)', async () => {
    const before = reported.length;
    const res = await app.inject({
      method: 'POST',
      url: '/a/v2/login',
      payload: { email: 'nobody@example.com', password: 'nope-nope-nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(reported.length).toBe(before);
  });
});
