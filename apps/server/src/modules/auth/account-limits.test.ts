import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginFailures, passwordResetTokens } from '../../db/schema.ts';
import { buildMerchant, buildUser, TEST_PASSWORD, useTestApp } from '../../test/harness.ts';
import {
  ACCOUNT_BASE_LOCK_MS,
  ACCOUNT_MAX_FAILURES,
  ACCOUNT_MAX_LOCK_MS,
  ACCOUNT_ROW,
  accountLockMs,
  LOGIN_MAX_FAILURES,
  RESET_MAX_PER_WINDOW,
} from './account-limits.ts';

const LOCK_MESSAGE = /^Too many failed sign-in attempts\. Please try again in \d+ minute\(s\)\.$/;

describe('accountLockMs: growing back-off', () => {
  it('no lock below 20 failures, then 15 minutes doubled for every 10 more, at most 12 hours', () => {
    expect(accountLockMs(0)).toBe(0);
    expect(accountLockMs(ACCOUNT_MAX_FAILURES - 1)).toBe(0);
    expect(accountLockMs(20)).toBe(ACCOUNT_BASE_LOCK_MS);
    expect(accountLockMs(29)).toBe(ACCOUNT_BASE_LOCK_MS);
    expect(accountLockMs(30)).toBe(2 * ACCOUNT_BASE_LOCK_MS);
    expect(accountLockMs(40)).toBe(4 * ACCOUNT_BASE_LOCK_MS);
    expect(accountLockMs(1000)).toBe(ACCOUNT_MAX_LOCK_MS);
  });
});

/** One app per proxy setting: off (the default), trusted by address, trusted entirely. */
const setups = [
  ['TRUST_PROXY off', false],
  ['TRUST_PROXY=127.0.0.1', ['127.0.0.1']],
  ['TRUST_PROXY=true', true],
] as const;

describe.each(setups)('sign-in limits with %s', (_name, trustProxy) => {
  const t = useTestApp({ config: { trustProxy: trustProxy as boolean | string[] } });

  let n = 0;
  /** A new address in X-Forwarded-For on every call. */
  const rotating = () => `203.0.113.${(n++ % 250) + 1}`;
  /**
   * The socket address: the proxy's (127.0.0.1) when it is trusted; without a trusted proxy each test gets its
   * own, so the per-address request limit (60 a minute) of one test does not spill into the next.
   */
  let socket = '127.0.0.1';
  let tests = 0;
  beforeEach(() => {
    tests++;
    if (trustProxy === false) socket = `10.77.${tests}.1`;
  });
  const attempt = (email: string, password: string, forwardedFor = rotating()) =>
    t.app.inject({
      method: 'POST',
      url: '/a/v2/login',
      payload: { email, password },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress: socket,
    });

  it('X-Forwarded-For decides the client address only when the proxy is trusted', async () => {
    const email = `nobody-${n}@example.com`;
    expect((await attempt(email, 'wrong', '198.51.100.7')).statusCode).toBe(401);
    const rows = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(rows.map((r) => r.ip).sort()).toEqual(
      [ACCOUNT_ROW, trustProxy === false ? socket : '198.51.100.7'].sort(),
    );
  });

  it('rotating X-Forwarded-For cannot escape the lockout; the owner gets 429 with Retry-After', async () => {
    const merchant = await buildMerchant(t.ctx);
    const user = await buildUser(t.ctx, { merchantId: merchant.id });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await attempt(user.email, `wrong-${i}`)).statusCode);
    // Trust off: every request comes from the socket address, so the per-address limit stops it at 10.
    // Trusted: every request looks like a new address, and the per-account limit stops it at 20.
    const allowed = trustProxy === false ? 10 : ACCOUNT_MAX_FAILURES;
    expect(statuses.slice(0, allowed).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(allowed).every((s) => s === 429)).toBe(true);

    // The right password from yet another address: still refused, with the spec's wording and Retry-After.
    const legit = await attempt(user.email, TEST_PASSWORD, '192.0.2.200');
    expect(legit.statusCode).toBe(429);
    expect(legit.json().message).toMatch(LOCK_MESSAGE);
    const retryAfter = Number(legit.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('guesses sent all at once are counted one by one', async () => {
    const merchant = await buildMerchant(t.ctx);
    const user = await buildUser(t.ctx, { merchantId: merchant.id });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(user.email, `wrong-${i}`, `198.18.${i}.1`)),
    );
    const wrong = results.filter((r) => r.statusCode === 401).length;
    expect(wrong).toBe(trustProxy === false ? LOGIN_MAX_FAILURES : ACCOUNT_MAX_FAILURES);
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
  });

  it('once the lock has passed one guess is allowed, and the next lock is as long (growing with more)', async () => {
    const merchant = await buildMerchant(t.ctx);
    const user = await buildUser(t.ctx, { merchantId: merchant.id });
    const email = user.email.toLowerCase();
    await t.database.db.insert(loginFailures).values({
      email,
      ip: ACCOUNT_ROW,
      count: 29,
      last_failed_at: new Date(Date.now() - ACCOUNT_BASE_LOCK_MS - 1000),
    });
    expect((await attempt(user.email, 'wrong')).statusCode).toBe(401);
    // The 30th failure doubles the lock: 30 minutes.
    const locked = await attempt(user.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(15 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
  });

  it('a success clears the account count', async () => {
    const merchant = await buildMerchant(t.ctx);
    const user = await buildUser(t.ctx, { merchantId: merchant.id });
    const email = user.email.toLowerCase();
    for (let i = 0; i < 5; i++)
      expect((await attempt(user.email, 'wrong', '198.51.100.1')).statusCode).toBe(401);
    expect((await attempt(user.email, TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ACCOUNT_ROW)));
    expect(rows).toEqual([]);
  });

  it('forgot password: at most 5 reset emails an hour per account, whatever the address', async () => {
    const merchant = await buildMerchant(t.ctx);
    const user = await buildUser(t.ctx, { merchantId: merchant.id });
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/a/v2/accounts/password_token',
        payload: { email },
        headers: { 'x-forwarded-for': rotating() },
        remoteAddress: socket,
      });
    for (let i = 0; i < RESET_MAX_PER_WINDOW; i++) expect((await ask(user.email)).statusCode).toBe(200);
    const limited = await ask(user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many password reset requests\. Please try again in \d+ minute\(s\)\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.user_id, user.id));
    expect(n).toBe(RESET_MAX_PER_WINDOW);
    // The spec's message for an unknown email is unchanged.
    const unknown = await ask('nobody@example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The email entered does not exists. Please review and try again');
  });
});
