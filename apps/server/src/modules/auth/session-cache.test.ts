/**
 * The session cache (docs/decisions/0106): an authenticated request costs no session
 * query while its session is cached, and the cache never outlives what it copies: a logout, password
 * change, team revoke, role change or merchant change drops the copy at once on the process that made
 * it and, through LISTEN/NOTIFY, within 2 s on every other process (PostgreSQL suite); a lost
 * notification is bounded by the TTL; a reconnected LISTEN forgets everything.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import type { Principal } from '../../lib/principal.ts';
import {
  bearer,
  buildMerchantWithOwner,
  buildTeammate,
  login,
  type OtherApp,
  startOtherApp,
  TEST_DB,
  TEST_PASSWORD,
  useTestApp,
} from '../../test/harness.ts';
import { SESSION_CACHE_TTL_MS, SessionCache, sessionCacheOf } from './session-cache.ts';

const WITHIN_MS = 2000;

function principal(userId: string, sessionId: string, merchantId: string | null = 'm1'): Principal {
  return {
    userId,
    sessionId,
    email: `${userId}@x.test`,
    name: userId,
    roles: ['merch.owner'],
    passwordMustChange: false,
    merchantId,
    tmk: merchantId,
    merchant: null,
  };
}

/** Polls `check` until it holds; returns the milliseconds it took, or throws after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`still not after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Date.now() - start;
}

describe('SessionCache', () => {
  it('keys by a hash of the token, never the token', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.signature';
    const key = SessionCache.key(token);
    expect(key).not.toContain(token);
    expect(key).toHaveLength(43);
    expect(SessionCache.key(token)).toBe(key);
  });

  it('serves an entry for its TTL (≤ 2 s) and never past the session end', () => {
    let now = 1_000;
    const c = new SessionCache(SESSION_CACHE_TTL_MS, 10, () => now);
    expect(SESSION_CACHE_TTL_MS).toBeLessThanOrEqual(2000);
    c.set('a', principal('u1', 's1'), now + 60_000, c.epoch);
    c.set('b', principal('u2', 's2'), now + 100, c.epoch);
    now += 99;
    expect(c.get('a')?.userId).toBe('u1');
    expect(c.get('b')?.userId).toBe('u2');
    now += 1;
    expect(c.get('b')).toBeUndefined();
    now = 1_000 + SESSION_CACHE_TTL_MS;
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('keeps at most `max` entries, dropping the least recently used', () => {
    const c = new SessionCache(60_000, 2);
    c.set('a', principal('u1', 's1'), Number.MAX_SAFE_INTEGER, c.epoch);
    c.set('b', principal('u2', 's2'), Number.MAX_SAFE_INTEGER, c.epoch);
    expect(c.get('a')).toBeDefined();
    c.set('c', principal('u3', 's3'), Number.MAX_SAFE_INTEGER, c.epoch);
    expect(c.size).toBe(2);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBeDefined();
    expect(c.get('c')).toBeDefined();
  });

  it("drops one session, a user's sessions, a merchant's principals, or everything", () => {
    const c = new SessionCache(60_000);
    const fill = () => {
      c.clear();
      c.set('a', principal('u1', 's1', 'm1'), Number.MAX_SAFE_INTEGER, c.epoch);
      c.set('b', principal('u1', 's2', 'm1'), Number.MAX_SAFE_INTEGER, c.epoch);
      c.set('c', principal('u2', 's3', 'm2'), Number.MAX_SAFE_INTEGER, c.epoch);
    };
    fill();
    c.dropUser('u1', 's1');
    expect([c.get('a'), c.get('b'), c.get('c')].map(Boolean)).toEqual([false, true, true]);
    fill();
    c.dropUser('u1');
    expect([c.get('a'), c.get('b'), c.get('c')].map(Boolean)).toEqual([false, false, true]);
    fill();
    c.dropMerchant('m2');
    expect([c.get('a'), c.get('b'), c.get('c')].map(Boolean)).toEqual([true, true, false]);
    fill();
    c.clear();
    expect(c.size).toBe(0);
  });

  it('never stores what was read before an invalidation (a lookup racing a logout)', () => {
    const c = new SessionCache(60_000);
    const epoch = c.epoch; // the lookup starts and reads a live session…
    c.dropUser('u1', 's1'); // …the logout is heard while the query is out…
    c.set('a', principal('u1', 's1'), Number.MAX_SAFE_INTEGER, epoch); // …and its answer comes back.
    expect(c.get('a')).toBeUndefined();
    c.set('a', principal('u1', 's1'), Number.MAX_SAFE_INTEGER, c.epoch);
    expect(c.get('a')).toBeDefined();
  });

  /** A load the test answers by hand. */
  function deferredLoad() {
    const calls: ((p: Principal) => void)[] = [];
    const fails: ((e: Error) => void)[] = [];
    const load = () =>
      new Promise<{ principal: Principal; expiresAt: number }>((resolve, reject) => {
        calls.push((p) => resolve({ principal: p, expiresAt: Number.MAX_SAFE_INTEGER }));
        fails.push(reject);
      });
    return { load, calls, fails };
  }

  it('shares one lookup between requests that miss together (the TTL ending under load)', async () => {
    const c = new SessionCache(60_000);
    const { load, calls } = deferredLoad();
    const answers = Promise.all(Array.from({ length: 32 }, () => c.resolve('a', load)));
    expect(calls).toHaveLength(1);
    calls[0]!(principal('u1', 's1'));
    expect((await answers).map((p) => p.sessionId)).toEqual(Array(32).fill('s1'));
    // Stored: the next request is a hit, no lookup.
    expect((await c.resolve('a', load)).sessionId).toBe('s1');
    expect(calls).toHaveLength(1);
    // Another token is another lookup.
    const other = c.resolve('b', load);
    expect(calls).toHaveLength(2);
    calls[1]!(principal('u2', 's2'));
    expect((await other).userId).toBe('u2');
  });

  it('never lets a request that arrives after an invalidation join a lookup started before it', async () => {
    const c = new SessionCache(60_000);
    const { load, calls } = deferredLoad();
    const before = c.resolve('a', load);
    c.dropUser('u1', 's1'); // the logout is heard while the first lookup is out
    const after = c.resolve('a', load);
    expect(calls).toHaveLength(2);
    calls[0]!(principal('u1', 's1'));
    expect((await before).sessionId).toBe('s1'); // what that request read, as without the cache
    expect(c.get('a')).toBeUndefined(); // …and not stored
    calls[1]!(principal('u1', 's9'));
    expect((await after).sessionId).toBe('s9');
  });

  it('shares a refusal with the requests that joined it, and does not keep it', async () => {
    const c = new SessionCache(60_000);
    const { load, calls, fails } = deferredLoad();
    const joined = [c.resolve('a', load), c.resolve('a', load)];
    expect(calls).toHaveLength(1);
    fails[0]!(new Error('Your session has ended'));
    for (const p of joined) await expect(p).rejects.toThrow('Your session has ended');
    const again = c.resolve('a', load);
    expect(calls).toHaveLength(2);
    calls[1]!(principal('u1', 's1'));
    expect((await again).sessionId).toBe('s1');
  });
});

describe('authenticated requests with the session cache', () => {
  const t = useTestApp();
  const me = (token: string, userId: string) =>
    t.app.inject({ url: `/a/v2/users/${userId}`, headers: bearer(token) }).then((r) => r.statusCode);

  it('read no session row while cached, and read it again after the TTL (a change nobody announced)', async () => {
    const a = await buildMerchantWithOwner(t);
    const cache = sessionCacheOf(t.ctx);
    const revokeQuietly = () =>
      t.database.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.user_id, a.user.id));
    cache.ttlMs = 60_000;
    try {
      expect(await me(a.token, a.user.id)).toBe(200);
      // Revoked behind the app's back (no announcement): the cached copy still answers, so the request
      // did not read the session row.
      await revokeQuietly();
      expect(await me(a.token, a.user.id)).toBe(200);
    } finally {
      cache.ttlMs = SESSION_CACHE_TTL_MS;
    }
    // With the real TTL, such a copy lives at most SESSION_CACHE_TTL_MS.
    const b = await buildMerchantWithOwner(t);
    expect(await me(b.token, b.user.id)).toBe(200);
    const cachedAt = Date.now();
    await t.database.db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(eq(sessions.user_id, b.user.id));
    await within(WITHIN_MS, async () => (await me(b.token, b.user.id)) === 401);
    expect(Date.now() - cachedAt).toBeLessThanOrEqual(SESSION_CACHE_TTL_MS + 500);
    cache.clear();
    expect(await me(a.token, a.user.id)).toBe(401);
  });

  it('end at once on this process at logout (that session only)', async () => {
    const a = await buildMerchantWithOwner(t);
    const other = await login(t.app, a.user.email);
    expect(await me(a.token, a.user.id)).toBe(200);
    expect(await me(other, a.user.id)).toBe(200);
    sessionCacheOf(t.ctx).ttlMs = 60_000;
    try {
      await t.app.inject({ method: 'POST', url: '/a/v2/logout', headers: a.headers });
      expect(await me(a.token, a.user.id)).toBe(401);
      expect(await me(other, a.user.id)).toBe(200);
    } finally {
      sessionCacheOf(t.ctx).ttlMs = SESSION_CACHE_TTL_MS;
    }
  });

  it('see a role change and a merchant change at once on this process', async () => {
    const a = await buildMerchantWithOwner(t);
    const { user: manager, token: managerToken } = await buildTeammate(t, a.merchant, 'merch.manager');
    const team = () =>
      t.app.inject({ url: `/c/v2/merchants/${a.merchant.tmk}/users`, headers: bearer(managerToken) });
    sessionCacheOf(t.ctx).ttlMs = 60_000;
    try {
      expect((await team()).statusCode).toBe(200);
      const demote = await t.app.inject({
        method: 'POST',
        url: `/a/v2/users/${manager.id}/roles`,
        headers: a.headers,
        payload: { roles: ['merch.user'] },
      });
      expect(demote.statusCode, demote.body).toBe(200);
      expect((await team()).statusCode).toBe(403);

      const get = () => t.app.inject({ url: `/c/v2/merchants/${a.merchant.tmk}`, headers: a.headers });
      expect((await get()).statusCode).toBe(200);
      const saved = await t.app.inject({
        method: 'POST',
        url: `/c/v2/merchants/${a.merchant.tmk}/data`,
        headers: a.headers,
        payload: { primary_contact_name: 'Cached Not' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await get()).json().aux_data.primary_contact_name).toBe('Cached Not');
    } finally {
      sessionCacheOf(t.ctx).ttlMs = SESSION_CACHE_TTL_MS;
    }
  });
});

describe.runIf(TEST_DB === 'pg')('across processes (LISTEN/NOTIFY)', () => {
  const t = useTestApp();
  let other: OtherApp;
  beforeAll(async () => {
    other = await startOtherApp(t);
    // Process B keeps its copies for a minute: only the notification can end them within 2 s.
    sessionCacheOf(other.ctx).ttlMs = 60_000;
  });
  // Runs before useTestApp's close (vitest runs after-hooks newest first).
  afterAll(async () => other?.close());
  const onB = (token: string, url: string) =>
    other.app.inject({ url, headers: bearer(token) }).then((r) => r.statusCode);

  it('a logout, a password change and a team revoke on A end the sessions cached on B within 2 s', async () => {
    const a = await buildMerchantWithOwner(t);
    const second = await login(t.app, a.user.email);
    const third = await login(t.app, a.user.email);
    const meUrl = `/a/v2/users/${a.user.id}`;
    for (const token of [a.token, second, third]) expect(await onB(token, meUrl)).toBe(200);

    await t.app.inject({ method: 'POST', url: '/a/v2/logout', headers: a.headers });
    await within(WITHIN_MS, async () => (await onB(a.token, meUrl)) === 401);
    expect(await onB(second, meUrl)).toBe(200);
    // Once heard, the revoked session is never served from the cache again.
    for (let i = 0; i < 5; i++) expect(await onB(a.token, meUrl)).toBe(401);

    const res = await t.app.inject({
      method: 'POST',
      url: meUrl,
      headers: bearer(third),
      payload: { password: TEST_PASSWORD, new_password: 'changed-across-processes' },
    });
    expect(res.statusCode).toBe(200);
    await within(WITHIN_MS, async () => (await onB(second, meUrl)) === 401);
    expect(await onB(third, meUrl)).toBe(200);

    const { user: member, token: memberToken } = await buildTeammate(t, a.merchant);
    const ordersUrl = `/m/v2/merchant/${a.merchant.tmk}/orders/count`;
    expect(await onB(memberToken, ordersUrl)).toBe(200);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${member.id}/data`,
      headers: bearer(third),
      payload: { authorized_merchant: null },
    });
    expect(revoke.statusCode).toBeLessThan(300);
    await within(WITHIN_MS, async () => (await onB(memberToken, ordersUrl)) !== 200);
  });

  it('a demoted member loses the rights on B within 2 s; a merchant change shows on B within 2 s', async () => {
    const a = await buildMerchantWithOwner(t);
    const { user: manager, token: managerToken } = await buildTeammate(t, a.merchant, 'merch.manager');
    const teamUrl = `/c/v2/merchants/${a.merchant.tmk}/users`;
    expect(await onB(managerToken, teamUrl)).toBe(200);
    const demote = await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${manager.id}/roles`,
      headers: a.headers,
      payload: { roles: ['merch.user'] },
    });
    expect(demote.statusCode).toBe(200);
    await within(WITHIN_MS, async () => (await onB(managerToken, teamUrl)) === 403);

    const merchantUrl = `/c/v2/merchants/${a.merchant.tmk}`;
    expect(await onB(a.token, merchantUrl)).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `${merchantUrl}/data`,
      headers: a.headers,
      payload: { primary_contact_name: 'Heard On B' },
    });
    await within(WITHIN_MS, async () => {
      const r = await other.app.inject({ url: merchantUrl, headers: a.headers });
      return r.json().aux_data?.primary_contact_name === 'Heard On B';
    });
  });

  it("forgets every cached session when B's LISTEN connection comes back", async () => {
    const a = await buildMerchantWithOwner(t);
    const meUrl = `/a/v2/users/${a.user.id}`;
    expect(await onB(a.token, meUrl)).toBe(200);
    expect(sessionCacheOf(other.ctx).size).toBeGreaterThan(0);
    // Drop every LISTEN connection of this database, then revoke without any announcement (as if the
    // notification had been sent while B was not listening).
    await t.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'merchant-console-listen' AND datname = current_database()`,
    );
    await t.database.db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(eq(sessions.user_id, a.user.id));
    // B reconnects within ~2 s of the drop (db/pg-listener.ts) and clears its cache.
    await within(4000, async () => (await onB(a.token, meUrl)) === 401);
  });
});
