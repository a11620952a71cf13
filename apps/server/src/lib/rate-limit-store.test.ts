/** Per-route rate limits counted in PostgreSQL: one limit however many API processes answer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OtherApp, startOtherApp, TEST_DB, type TestApp, useTestApp } from '../test/harness.ts';

const ROUTE = '/a/v2/accounts/password_token';
/** The route's limit: 10 a minute per client address. */
const LIMIT = 10;

const ask = (t: Pick<TestApp, 'app'>, address: string) =>
  t.app.inject({
    method: 'POST',
    url: ROUTE,
    payload: { email: 'nobody@example.com' },
    remoteAddress: address,
  });

describe('rate limits in the database', () => {
  const t = useTestApp();

  it('counts a route per client address, refuses the one past the limit, and starts again after the window', async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < LIMIT; i++) expect((await ask(t, address)).statusCode).toBe(404);
    const refused = await ask(t, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect((await ask(t, '198.51.100.8')).statusCode).toBe(404);
    const rows = await t.database.query<{ bucket: string; count: number }>(
      'SELECT bucket, count FROM request_counters WHERE key = $1',
      [address],
    );
    expect(rows).toEqual([{ bucket: `rate:POST ${ROUTE}`, count: LIMIT + 1 }]);
    await t.database.query(
      `UPDATE request_counters SET window_started_at = window_started_at - interval '61 seconds' WHERE key = $1`,
      [address],
    );
    expect((await ask(t, address)).statusCode).toBe(404);
  });
});

describe.runIf(TEST_DB === 'pg')('rate limits across two API processes', () => {
  const t = useTestApp();
  let other: OtherApp;
  beforeAll(async () => {
    other = await startOtherApp(t);
  });
  afterAll(async () => other?.close());

  it('holds one limit whichever process answers', async () => {
    const address = '198.51.100.9';
    for (let i = 0; i < LIMIT; i++) expect((await ask(i % 2 ? other : t, address)).statusCode).toBe(404);
    expect((await ask(t, address)).statusCode).toBe(429);
    expect((await ask(other, address)).statusCode).toBe(429);
  });
});
