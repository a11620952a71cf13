import { createHash } from 'node:crypto';
import { API_KEY_SCOPES, historyTitle } from '@mc/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, orderHistory } from '../../db/schema.ts';
import {
  bearer,
  buildMerchantWithOwner,
  buildOrder,
  buildTeammate,
  type OtherApp,
  startOtherApp,
  TEST_DB,
  useTestApp,
} from '../../test/harness.ts';
import { API_KEY_INVALID_MESSAGE } from '../auth/api-key-principal.ts';
import { API_KEY_ACCOUNT_MESSAGE, API_KEY_SCOPE_MESSAGE } from '../auth/require-caller.ts';
import { sessionCacheOf } from '../auth/session-cache.ts';
import { API_KEY_STREAM_MESSAGE } from '../orders/events/open-event-stream.ts';
import { base62, MAX_API_KEYS, newApiKey, TOO_MANY_KEYS_MESSAGE } from './api-keys.ts';

const t = useTestApp();

type Owner = Awaited<ReturnType<typeof buildMerchantWithOwner>>;

async function makeKey(owner: Owner, scopes: string[], name = 'POS') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/m/v2/merchant/${owner.merchant.tmk}/api_keys`,
    headers: owner.headers,
    payload: { name, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string; prefix: string; name: string; scopes: string[] };
}

const get = (url: string, key: string) => t.app.inject({ url, headers: bearer(key) });

describe('making, listing and revoking keys', () => {
  it('shows the key once, stores only its SHA-256, and lists keys without it', async () => {
    const owner = await buildMerchantWithOwner(t);
    const made = await makeKey(owner, ['orders.read', 'documents.read']);
    expect(made.key).toMatch(/^mck_[0-9A-Za-z]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 10));
    expect(made.scopes).toEqual(['orders.read', 'documents.read']);

    const [row] = await t.ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row!.key_hash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.key.slice(4));

    const list = await t.app.inject({
      url: `/m/v2/merchant/${owner.merchant.tmk}/api_keys`,
      headers: owner.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.key.slice(4));
    expect(list.json().items).toEqual([
      {
        id: made.id,
        name: 'POS',
        scopes: ['orders.read', 'documents.read'],
        prefix: made.prefix,
        created_at: expect.any(String),
        last_used_at: null,
        created_by: { id: owner.user.id, name: 'Test User' },
      },
    ]);
  });

  it('is the owner’s alone: managers, members and keys get 403; another store’s key is 404', async () => {
    const owner = await buildMerchantWithOwner(t);
    const url = `/m/v2/merchant/${owner.merchant.tmk}/api_keys`;
    for (const role of ['merch.manager', 'merch.user']) {
      const mate = await buildTeammate(t, owner.merchant, role);
      expect((await t.app.inject({ url, headers: mate.headers })).statusCode).toBe(403);
      const post = await t.app.inject({
        method: 'POST',
        url,
        headers: mate.headers,
        payload: { name: 'x', scopes: ['orders.read'] },
      });
      expect(post.statusCode).toBe(403);
    }
    const every = await makeKey(owner, ['orders.read', 'orders.write', 'webhooks.manage', 'events.read']);
    const byKey = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(every.key),
      payload: { name: 'child', scopes: ['orders.read'] },
    });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().message).toBe(API_KEY_SCOPE_MESSAGE);
    const stranger = await buildMerchantWithOwner(t);
    expect((await t.app.inject({ url, headers: stranger.headers })).statusCode).toBe(404);
  });

  it('refuses a scope that is not one, a scope twice, no scope and an empty name, naming the field', async () => {
    const owner = await buildMerchantWithOwner(t);
    const url = `/m/v2/merchant/${owner.merchant.tmk}/api_keys`;
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: owner.headers, payload: payload as object });
    const cases: [unknown, string][] = [
      [{ name: 'x', scopes: ['team.manage'] }, 'scopes.0'],
      [{ name: 'x', scopes: ['orders.read', 'orders.read'] }, 'scopes'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: '  ', scopes: ['orders.read'] }, 'name'],
      [{ name: "it's", scopes: ['orders.read'] }, 'name'],
    ];
    for (const [payload, path] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(
      await t.ctx.database.db.select().from(apiKeys).where(eq(apiKeys.merchant_id, owner.merchant.id)),
    ).toEqual([]);
  });

  it('revokes at once: the next request with the key is 401, and it leaves the list', async () => {
    const owner = await buildMerchantWithOwner(t);
    const made = await makeKey(owner, ['orders.read']);
    const listUrl = `/m/v2/merchant/${owner.merchant.tmk}/orders/count`;
    expect((await get(listUrl, made.key)).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/m/v2/merchant/${owner.merchant.tmk}/api_keys/${made.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(200);
    const after = await get(listUrl, made.key);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(API_KEY_INVALID_MESSAGE);
    const list = await t.app.inject({
      url: `/m/v2/merchant/${owner.merchant.tmk}/api_keys`,
      headers: owner.headers,
    });
    expect(list.json().items).toEqual([]);
    // Once revoked it is gone: a second revoke, or another store's owner, finds nothing.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/m/v2/merchant/${owner.merchant.tmk}/api_keys/${made.id}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('another store’s owner cannot revoke a key (404), and it keeps working', async () => {
    const owner = await buildMerchantWithOwner(t);
    const made = await makeKey(owner, ['orders.read']);
    const stranger = await buildMerchantWithOwner(t);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/m/v2/merchant/${stranger.merchant.tmk}/api_keys/${made.id}`,
      headers: stranger.headers,
    });
    expect(del.statusCode).toBe(404);
    expect((await get(`/m/v2/merchant/${owner.merchant.tmk}/orders/count`, made.key)).statusCode).toBe(200);
  });
});

describe('key limits and format', () => {
  it('writes 32 bytes as 43 base62 characters, whatever the bytes', () => {
    expect(base62(new Uint8Array(32))).toBe('0'.repeat(43));
    const max = base62(new Uint8Array(32).fill(255));
    expect(max).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(max).not.toMatch(/^0/);
    expect(new Set(Array.from({ length: 20 }, () => newApiKey())).size).toBe(20);
  });

  it('refuses a 51st live key with 409; a revoked key frees its place', async () => {
    const owner = await buildMerchantWithOwner(t);
    await t.ctx.database.db.insert(apiKeys).values(
      Array.from({ length: MAX_API_KEYS }, (_, i) => ({
        merchant_id: owner.merchant.id,
        name: `Key ${i}`,
        scopes: ['orders.read'],
        prefix: 'mck_filler',
        key_hash: `filler-${owner.merchant.id}-${i}`,
      })),
    );
    const url = `/m/v2/merchant/${owner.merchant.tmk}/api_keys`;
    const post = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: owner.headers,
        payload: { name: 'One more', scopes: ['orders.read'] },
      });
    const refused = await post();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TOO_MANY_KEYS_MESSAGE);
    const [first] = (await t.app.inject({ url, headers: owner.headers })).json().items as { id: string }[];
    await t.app.inject({ method: 'DELETE', url: `${url}/${first!.id}`, headers: owner.headers });
    expect((await post()).statusCode).toBe(201);
  });
});

describe('a key as a caller', () => {
  it('reaches what its scopes allow, 403 elsewhere, 404 for another store, 401 when unknown', async () => {
    const owner = await buildMerchantWithOwner(t);
    const made = await makeKey(owner, ['orders.read']);
    const tmk = owner.merchant.tmk;
    expect((await get(`/m/v2/merchant/${tmk}/orders/optimized`, made.key)).statusCode).toBe(200);
    const summary = await get(
      `/m/v2/merchant/${tmk}/reports/summary?from=2026-01-01&to=2026-01-31`,
      made.key,
    );
    expect(summary.statusCode).toBe(403);
    expect(summary.json().message).toBe(API_KEY_SCOPE_MESSAGE);
    expect((await get(`/c/v2/merchants/${tmk}`, made.key)).statusCode).toBe(403);
    expect((await get(`/c/v2/merchants/${tmk}/offerings`, made.key)).statusCode).toBe(403);
    const stranger = await buildMerchantWithOwner(t);
    expect((await get(`/m/v2/merchant/${stranger.merchant.tmk}/orders/optimized`, made.key)).statusCode).toBe(
      404,
    );
    const forged = `mck_${'A'.repeat(43)}`;
    expect((await get(`/m/v2/merchant/${tmk}/orders/optimized`, forged)).statusCode).toBe(401);
    expect((await get(`/m/v2/merchant/${tmk}/orders/optimized`, 'mck_short')).statusCode).toBe(401);
  });

  it('with reports.read reads the summary with its revenue figures, as the owner who made it does', async () => {
    const owner = await buildMerchantWithOwner(t);
    const made = await makeKey(owner, ['reports.read']);
    const url = `/m/v2/merchant/${owner.merchant.tmk}/reports/summary?from=2026-01-01&to=2026-01-31`;
    const res = await get(url, made.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('"revenue"');
    // A member's summary has none: the test can tell the two apart.
    const member = await buildTeammate(t, owner.merchant);
    expect((await t.app.inject({ url, headers: member.headers })).body).not.toContain('"revenue"');
  });

  it('never reaches an account route: profile, sign-out, a person’s roles or access (401)', async () => {
    const owner = await buildMerchantWithOwner(t);
    const made = await makeKey(owner, [...API_KEY_SCOPES]);
    const calls = [
      { method: 'GET', url: `/a/v2/users/${owner.user.id}` },
      { method: 'POST', url: `/a/v2/users/${owner.user.id}`, payload: { first_name: 'Key' } },
      { method: 'POST', url: '/a/v2/logout' },
      { method: 'GET', url: `/a/v2/users/${owner.user.id}/roles` },
      { method: 'POST', url: `/a/v2/users/${owner.user.id}/roles`, payload: { roles: ['merch.user'] } },
      { method: 'POST', url: `/a/v2/users/${owner.user.id}/data`, payload: { authorized_merchant: null } },
    ] as const;
    for (const c of calls) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: bearer(made.key),
        ...('payload' in c ? { payload: c.payload } : {}),
      });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
      expect(res.json().message).toBe(API_KEY_ACCOUNT_MESSAGE);
    }
    // The owner's own session is untouched by all that.
    expect(
      (await t.app.inject({ url: `/a/v2/users/${owner.user.id}`, headers: owner.headers })).statusCode,
    ).toBe(200);
  });

  it('cannot open the console’s live stream: the ticket is refused with a reason', async () => {
    const owner = await buildMerchantWithOwner(t);
    const made = await makeKey(owner, ['orders.read']);
    const res = await t.app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/events/ticket`,
      headers: bearer(made.key),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_KEY_STREAM_MESSAGE);
  });

  it('writes "by API key \'<name>\'" in the order’s history', async () => {
    const owner = await buildMerchantWithOwner(t);
    const made = await makeKey(owner, ['orders.read', 'orders.write'], 'Front till');
    const id = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'SUBMITTED' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/m/v2/orders/${id}`,
      headers: bearer(made.key),
      payload: { status: 'MERCHANT_ACCEPTED' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.ctx.database.db
      .select()
      .from(orderHistory)
      .where(and(eq(orderHistory.order_id, id), eq(orderHistory.to_status, 'MERCHANT_ACCEPTED')));
    expect(rows.map((r) => r.actor_name)).toEqual(["API key 'Front till'"]);
    const detail = await get(`/m/v2/orders/${id}`, made.key);
    const accepted = detail.json().history.find((h: { action: string }) => h.action === 'accept');
    expect(historyTitle(accepted)).toBe("Accepted by API key 'Front till'");
  });

  it('accepts in bulk: the background job acts as the key, and history names it', async () => {
    const owner = await buildMerchantWithOwner(t);
    const made = await makeKey(owner, ['orders.read', 'orders.write'], 'ERP');
    const ids = [
      await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'SUBMITTED' }),
      await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'SUBMITTED' }),
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/bulk/accept`,
      headers: bearer(made.key),
      payload: { orders: ids.map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })) },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const batchId = res.json().batch_id as string;
    const url = `/m/v2/merchant/${owner.merchant.tmk}/batches/${batchId}`;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      if ((await get(url, made.key)).json().state === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = await t.ctx.database.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.to_status, 'MERCHANT_ACCEPTED'));
    expect(rows.filter((r) => ids.includes(r.order_id)).map((r) => r.actor_name)).toEqual([
      "API key 'ERP'",
      "API key 'ERP'",
    ]);
  });

  it('keeps last_used_at, written at most once a minute', async () => {
    const owner = await buildMerchantWithOwner(t);
    const made = await makeKey(owner, ['orders.read']);
    const url = `/m/v2/merchant/${owner.merchant.tmk}/orders/count`;
    const lastUsed = async () =>
      (await t.ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.id)))[0]!.last_used_at;
    expect(await lastUsed()).toBeNull();
    expect((await get(url, made.key)).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    for (let i = 0; i < 3; i++) expect((await get(url, made.key)).statusCode).toBe(200);
    expect((await lastUsed())?.getTime()).toBe(first!.getTime());
    const list = await t.app.inject({
      url: `/m/v2/merchant/${owner.merchant.tmk}/api_keys`,
      headers: owner.headers,
    });
    expect(list.json().items[0].last_used_at).toBe(first!.toISOString());
  });
});

// A second API process on the same PostgreSQL database: the revoke must reach its session cache.
const acrossProcesses = TEST_DB === 'pg' ? describe : describe.skip;
acrossProcesses('revoking on one process (PostgreSQL)', () => {
  let other: OtherApp;
  beforeAll(async () => {
    other = await startOtherApp(t);
    // B keeps its copies for a minute: only the notification can end the key within 2 s.
    sessionCacheOf(other.ctx).ttlMs = 60_000;
  });
  afterAll(async () => other?.close());

  it('ends the key on the other process within 2 s', async () => {
    const owner = await buildMerchantWithOwner(t);
    const made = await makeKey(owner, ['orders.read']);
    const url = `/m/v2/merchant/${owner.merchant.tmk}/orders/count`;
    const onB = async () => (await other.app.inject({ url, headers: bearer(made.key) })).statusCode;
    expect(await onB()).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `/m/v2/merchant/${owner.merchant.tmk}/api_keys/${made.id}`,
      headers: owner.headers,
    });
    const start = Date.now();
    while ((await onB()) !== 401) {
      if (Date.now() - start > 2000) throw new Error('the key still works on the other process after 2 s');
      await new Promise((r) => setTimeout(r, 25));
    }
    for (let i = 0; i < 3; i++) expect(await onB()).toBe(401);
  });
});
