/**
 * Every settings/inventory route × every merchant role against the one permission table
 * (packages/domain PERMISSIONS): allowed roles get a 2xx, the others 403; another merchant's owner 404.
 */
import { type Capability, can, MERCHANT_ROLES, type MerchantRole } from '@mc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildMerchant, buildUser, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { auxDataBody, billingBody, carrierBody, hoursBody, storeDetailsBody } from './settings-fixtures.ts';

interface Ctx {
  tmk: string;
  /** A fresh teammate (member) of the merchant, created per call. */
  teammate: string;
  n: number;
}
interface RouteCase {
  method: 'GET' | 'POST' | 'PUT';
  /** The path as the OpenAPI document names it. */
  path: string;
  capability: Capability;
  url: (c: Ctx) => string;
  body?: (c: Ctx) => unknown;
}

export const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}',
    capability: 'merchant.read',
    url: (c) => `/c/v2/merchants/${c.tmk}`,
  },
  {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}',
    capability: 'merchant.write',
    url: (c) => `/c/v2/merchants/${c.tmk}`,
    body: storeDetailsBody,
  },
  {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/data',
    capability: 'merchant.write',
    url: (c) => `/c/v2/merchants/${c.tmk}/data`,
    body: auxDataBody,
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/hours',
    capability: 'merchant.read',
    url: (c) => `/c/v2/merchants/${c.tmk}/hours`,
  },
  {
    method: 'PUT',
    path: '/c/v2/merchants/{tmk}/hours',
    capability: 'hours.write',
    url: (c) => `/c/v2/merchants/${c.tmk}/hours`,
    body: hoursBody,
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/carrier',
    capability: 'merchant.read',
    url: (c) => `/c/v2/merchants/${c.tmk}/carrier`,
  },
  {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/carrier',
    capability: 'carrier.write',
    url: (c) => `/c/v2/merchants/${c.tmk}/carrier`,
    body: carrierBody,
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/payments/stripe',
    capability: 'orders.read',
    url: (c) => `/c/v2/merchants/${c.tmk}/payments/stripe`,
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/payments',
    capability: 'billing.read',
    url: (c) => `/c/v2/merchants/${c.tmk}/payments`,
  },
  {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/payments',
    capability: 'billing.write',
    url: (c) => `/c/v2/merchants/${c.tmk}/payments`,
    body: () => billingBody(),
  },
  {
    method: 'GET',
    path: '/v1/merchant/{tmk}/stripe',
    capability: 'billing.read',
    url: (c) => `/v1/merchant/${c.tmk}/stripe`,
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/offerings',
    capability: 'inventory.read',
    url: (c) => `/c/v2/merchants/${c.tmk}/offerings`,
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/users',
    capability: 'team.read',
    url: (c) => `/c/v2/merchants/${c.tmk}/users`,
  },
  {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/users',
    capability: 'team.manage',
    url: (c) => `/c/v2/merchants/${c.tmk}/users`,
    body: (c) => ({
      first_name: 'New',
      last_name: 'Hire',
      email: `hire-${c.n}-${c.tmk}@matrix.test`,
      role: 'merch.user',
    }),
  },
  {
    method: 'POST',
    path: '/a/v2/users/{id}/roles',
    capability: 'team.manage',
    url: (c) => `/a/v2/users/${c.teammate}/roles`,
    body: () => ({ roles: ['merch.manager'] }),
  },
  {
    method: 'POST',
    path: '/a/v2/users/{id}/data',
    capability: 'team.manage',
    url: (c) => `/a/v2/users/${c.teammate}/data`,
    body: () => ({ authorized_merchant: null }),
  },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('role matrix', () => {
  it('covers every merchant-data route of the API document', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(
        ([p]) =>
          p.startsWith('/c/v2/') ||
          p.startsWith('/v1/merchant/') ||
          /^\/a\/v2\/users\/\{id\}\/(roles|data)$/.test(p),
      )
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`))
      .filter((r) => !r.startsWith('GET /a/v2/users/{id}/roles'));
    const covered = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    expect(documented.filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const role of MERCHANT_ROLES) {
    it(`${role}: each route answers as the permission table says`, async () => {
      const merchant = await buildMerchant(t.ctx);
      const user = await buildUser(t.ctx, { merchantId: merchant.id, role });
      const headers = bearer(await login(t.app, user.email));
      const outcome: string[] = [];
      const expected: string[] = [];
      let n = 0;
      for (const r of ROUTES) {
        const teammate = await buildUser(t.ctx, { merchantId: merchant.id, role: 'merch.user' });
        const c: Ctx = { tmk: merchant.tmk, teammate: teammate.id, n: n++ };
        const res = await t.app.inject({
          method: r.method,
          url: r.url(c),
          headers,
          ...(r.body ? { payload: r.body(c) as object } : {}),
        });
        const allowed = can([role as MerchantRole], r.capability);
        outcome.push(
          `${r.method} ${r.path}: ${res.statusCode >= 200 && res.statusCode < 300 ? 'ok' : res.statusCode}`,
        );
        expected.push(`${r.method} ${r.path}: ${allowed ? 'ok' : 403}`);
      }
      expect(outcome).toEqual(expected);
    });
  }

  it('another merchant’s owner gets 404 on every route', async () => {
    const mine = await buildMerchant(t.ctx);
    const other = await buildMerchant(t.ctx);
    const intruder = await buildUser(t.ctx, { merchantId: other.id, role: 'merch.owner' });
    const headers = bearer(await login(t.app, intruder.email));
    let n = 100;
    for (const r of ROUTES) {
      const teammate = await buildUser(t.ctx, { merchantId: mine.id, role: 'merch.user' });
      const res = await t.app.inject({
        method: r.method,
        url: r.url({ tmk: mine.tmk, teammate: teammate.id, n: n++ }),
        headers,
        ...(r.body ? { payload: r.body({ tmk: mine.tmk, teammate: teammate.id, n }) as object } : {}),
      });
      expect(res.statusCode, `${r.method} ${r.path}`).toBe(404);
    }
    const team = await t.ctx.database.query<{ n: number }>(
      'select count(*)::int as n from users where authorized_merchant_id = $1',
      [mine.id],
    );
    expect(team[0]?.n).toBe(ROUTES.length);
  });
});
