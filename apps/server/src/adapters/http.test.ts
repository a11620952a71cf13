import { describe, expect, it } from 'vitest';
import { useStandIn } from '../test/stand-in.ts';
import {
  createHttpClient,
  DEFAULT_BUDGET_MS,
  DEFAULT_TIMEOUT_MS,
  ProviderUnavailableError,
  retryAfterMs,
} from './http.ts';

const api = useStandIn();

const client = (o: { timeoutMs?: number; budgetMs?: number } = {}) =>
  createHttpClient({ name: 'P', baseUrl: api.url, backoffBaseMs: 10, ...o });

/** Fails `n` times with `status`, then answers 200. */
function failThenOk(n: number, status: number, headers?: Record<string, string>) {
  let seen = 0;
  api.answer(() =>
    seen++ < n ? { status, headers, body: { error: 'x' } } : { status: 200, body: { ok: true } },
  );
}

describe('outbound HTTP: time-outs', () => {
  it('defaults: 10 s per attempt, 12 s for all attempts (a merchant hears back within 15 s)', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    expect(DEFAULT_BUDGET_MS).toBeLessThan(15_000);
  });

  it('a hung provider: a GET is retried within the budget, then ProviderUnavailableError(timeout)', async () => {
    api.answer(() => 'hang');
    const started = Date.now();
    const err = await client({ timeoutMs: 200, budgetMs: 1_200 })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect((err as ProviderUnavailableError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(api.requests.length).toBeGreaterThanOrEqual(2);
  });
});

describe('outbound HTTP: retry policy', () => {
  it.each([500, 502, 503, 504])('a GET answered %i is retried with back-off and succeeds', async (status) => {
    failThenOk(2, status);
    const res = await client().request({ method: 'GET', path: '/x' });
    expect(res.status).toBe(200);
    expect(res.attempts).toBe(3);
  });

  it('a POST with an idempotency key is retried and carries the same key each time', async () => {
    failThenOk(1, 503);
    const res = await client().request({ method: 'POST', path: '/x', body: 'a=1', idempotencyKey: 'k-1' });
    expect(res.status).toBe(200);
    expect(api.requests.map((r) => r.headers['idempotency-key'])).toEqual(['k-1', 'k-1']);
  });

  it('a POST without an idempotency key is never retried', async () => {
    failThenOk(1, 503);
    const res = await client().request({ method: 'POST', path: '/x', body: 'a=1' });
    expect(res.status).toBe(503);
    expect(api.requests).toHaveLength(1);
  });

  it('429 honours Retry-After', async () => {
    failThenOk(1, 429, { 'retry-after': '1' });
    const started = Date.now();
    const res = await client().request({ method: 'GET', path: '/x' });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('429 whose Retry-After does not fit the budget is returned at once', async () => {
    failThenOk(1, 429, { 'retry-after': '60' });
    const res = await client().request({ method: 'GET', path: '/x' });
    expect(res.status).toBe(429);
    expect(api.requests).toHaveLength(1);
  });

  it('4xx other than 429 is not retried', async () => {
    failThenOk(1, 422);
    const res = await client().request({ method: 'GET', path: '/x' });
    expect(res.status).toBe(422);
    expect(api.requests).toHaveLength(1);
  });

  it('gives up after 3 attempts', async () => {
    failThenOk(10, 500);
    const res = await client().request({ method: 'GET', path: '/x' });
    expect(res.status).toBe(500);
    expect(api.requests).toHaveLength(3);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 5_000)).toBe(5_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
