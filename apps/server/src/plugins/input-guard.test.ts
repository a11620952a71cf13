/**
 * The input limits (packages/domain limits.ts; docs/security.md, "Input limits"): every string is bounded and clean. The API document proves every request string has a
 * maximum; requests with NUL, lone surrogates, oversized text, bad URLs or a body over 1 MB are refused
 * with a 4xx naming the field, and change nothing.
 */
import { MAX_LENGTH } from '@mc/domain';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { changedTables, fingerprint } from '../test/db-fingerprint.ts';
import { bearer, buildMerchantWithOwner, buildOrder, useTestApp } from '../test/harness.ts';
import { findUnsafeInput, MAX_BODY_DEPTH } from './input-guard.ts';

const t = useTestApp();
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
let orderId: string;

beforeAll(async () => {
  owner = await buildMerchantWithOwner(t);
  orderId = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'MERCHANT_SHIPPED' });
});

type JsonSchema = {
  type?: string | string[];
  $ref?: string;
  maxLength?: number;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

const FIXED_FORMATS = new Set(['uuid', 'date', 'date-time', 'time']);

/** Every string node of a JSON schema without a maximum length (or a closed set of values). */
function unboundedStrings(
  doc: OpenApiDoc,
  schema: JsonSchema,
  path: string,
  seen = new Set<string>(),
): string[] {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    if (seen.has(name)) return [];
    seen.add(name);
    const target = doc.components?.schemas?.[name];
    return target ? unboundedStrings(doc, target, path, seen) : [`${path} ($ref ${schema.$ref} missing)`];
  }
  const out: string[] = [];
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const bounded =
    schema.maxLength !== undefined ||
    schema.enum !== undefined ||
    schema.const !== undefined ||
    // zod's uuid and ISO date/time formats come with a fixed-shape pattern.
    FIXED_FORMATS.has(schema.format ?? '');
  if (types.includes('string') && !bounded) out.push(path);
  for (const [k, s] of Object.entries(schema.properties ?? {}))
    out.push(...unboundedStrings(doc, s, `${path}.${k}`, seen));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    out.push(...unboundedStrings(doc, schema.additionalProperties, `${path}.*`, seen));
  if (schema.propertyNames) out.push(...unboundedStrings(doc, schema.propertyNames, `${path}.<key>`, seen));
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  for (const s of [...items, ...(schema.prefixItems ?? [])])
    out.push(...unboundedStrings(doc, s, `${path}[]`, seen));
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    out.push(...unboundedStrings(doc, s, path, seen));
  return out;
}

describe('every request string has a maximum length', () => {
  it('in the path, query, headers and body of every route of /openapi.json', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as OpenApiDoc;
    const unbounded: string[] = [];
    let strings = 0;
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(methods)) {
        const where = `${m.toUpperCase()} ${p}`;
        for (const param of op.parameters ?? []) {
          strings++;
          unbounded.push(...unboundedStrings(doc, param.schema, `${where} ${param.in}:${param.name}`));
        }
        for (const [type, c] of Object.entries(op.requestBody?.content ?? {})) {
          strings++;
          unbounded.push(...unboundedStrings(doc, c.schema, `${where} body(${type})`));
        }
      }
    }
    expect(strings).toBeGreaterThan(50);
    expect(unbounded).toEqual([]);
  });
});

/** One request and the proof that it changed nothing. */
async function refused(req: InjectOptions) {
  const before = await fingerprint(t.database);
  const res = await t.app.inject(req);
  const after = await fingerprint(t.database);
  expect(changedTables(before, after), `${req.method} ${req.url}`).toEqual([]);
  expect(res.statusCode, `${req.method} ${req.url}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${req.method} ${req.url}: ${res.body}`).toBeLessThan(500);
  expect(res.body).not.toMatch(/\bat .*\(|\/src\/|node_modules/);
  return res;
}

const NUL = 'a\u0000b';
const LONE = 'x\uD800y';

describe('NUL and lone surrogates: 400 naming the field, nothing changed', () => {
  const cases: {
    name: string;
    field: string;
    req: () => InjectOptions;
  }[] = [
    {
      name: 'order id in the path',
      field: 'id',
      req: () => ({ method: 'GET', url: `/m/v2/orders/${encodeURIComponent(NUL)}`, headers: owner.headers }),
    },
    {
      name: 'order id in the path (update)',
      field: 'id',
      req: () => ({
        method: 'PUT',
        url: `/m/v2/orders/x%00y`,
        headers: owner.headers,
        payload: { status: 'CLOSED' },
      }),
    },
    {
      name: 'search filter',
      field: 'filter[search]',
      req: () => ({
        method: 'GET',
        url: `/m/v2/merchant/${owner.merchant.tmk}/orders/optimized?filter%5Bsearch%5D=${encodeURIComponent(NUL)}`,
        headers: owner.headers,
      }),
    },
    {
      // A URL cannot carry a lone surrogate (invalid UTF-8 stays percent-encoded); bodies can.
      name: 'customer email filter',
      field: 'filter[customer_email]',
      req: () => ({
        method: 'GET',
        url: `/m/v2/merchant/${owner.merchant.tmk}/orders/optimize?filter%5Bcustomer_email%5D=a%00b`,
        headers: owner.headers,
      }),
    },
    {
      name: 'profile first name',
      field: 'first_name',
      req: () => ({
        method: 'POST',
        url: `/a/v2/users/${owner.user.id}`,
        headers: owner.headers,
        payload: { first_name: NUL },
      }),
    },
    {
      name: 'profile last name (lone surrogate)',
      field: 'last_name',
      req: () => ({
        method: 'POST',
        url: `/a/v2/users/${owner.user.id}`,
        headers: owner.headers,
        payload: { last_name: LONE },
      }),
    },
    {
      name: 'team invite email',
      field: 'email',
      req: () => ({
        method: 'POST',
        url: `/c/v2/merchants/${owner.merchant.tmk}/users`,
        headers: owner.headers,
        payload: { first_name: 'Nul', last_name: 'Byte', email: `x${NUL}@y.test`, role: 'merch.user' },
      }),
    },
    {
      name: 'store name',
      field: 'name',
      req: () => ({
        method: 'POST',
        url: `/c/v2/merchants/${owner.merchant.tmk}`,
        headers: owner.headers,
        payload: { name: NUL },
      }),
    },
    {
      name: 'a rejection message given as a JSON string (NUL inside the inner JSON)',
      field: 'rejection_message.outOfStock.i1.message',
      req: () => ({
        method: 'POST',
        url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${orderId}/data`,
        headers: owner.headers,
        payload: { rejection_message: JSON.stringify({ outOfStock: { i1: { message: NUL } } }) },
      }),
    },
    {
      name: 'a field name',
      field: 'aux',
      req: () => ({
        method: 'POST',
        url: `/c/v2/merchants/${owner.merchant.tmk}/data`,
        headers: owner.headers,
        payload: { aux: { [NUL]: 1 } },
      }),
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const res = await refused(c.req());
      expect(res.statusCode).toBe(400);
      const body = res.json() as { message: string; errors: { path: string; message: string }[] };
      expect(body.errors.map((e) => e.path)).toContain(c.field);
      expect(body.message).toBeTruthy();
    });
  }

  it('the guard walks deep bodies without recursion and bounds their depth', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput(deep, 'body')?.message).toMatch(/nested too deeply/);
    let ok: unknown = 'leaf';
    for (let i = 0; i < MAX_BODY_DEPTH - 1; i++) ok = { a: ok };
    expect(findUnsafeInput(ok, 'body')).toBeNull();
    expect(findUnsafeInput({ a: [{ b: NUL }] }, 'body')).toEqual({
      path: 'a[0].b',
      message: expect.stringContaining('a[0].b'),
    });
    expect(findUnsafeInput(NUL, 'body')?.path).toBe('body');
  });
});

describe('lengths', () => {
  it('a 900,000-character name is refused and not stored', async () => {
    const res = await refused({
      method: 'POST',
      url: `/a/v2/users/${owner.user.id}`,
      headers: owner.headers,
      payload: { first_name: 'N'.repeat(900_000) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      path: 'first_name',
      message: `Must be at most ${MAX_LENGTH.name} characters`,
    });
  });

  it('names over 100, emails over 254 and notes over 1,000 characters are refused', async () => {
    const invite = await refused({
      method: 'POST',
      url: `/c/v2/merchants/${owner.merchant.tmk}/users`,
      headers: owner.headers,
      payload: {
        first_name: 'F'.repeat(101),
        last_name: 'Ok',
        email: `${'e'.repeat(250)}@x.test`,
        role: 'merch.user',
      },
    });
    expect(invite.statusCode).toBe(400);
    expect(invite.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['first_name', 'email']),
    );
    const note = await refused({
      method: 'POST',
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${orderId}/data`,
      headers: owner.headers,
      payload: { delivery_instructions: 'n'.repeat(1001) },
    });
    expect(note.json().errors[0].path).toBe('delivery_instructions');
  });

  it('a megabyte-sized password never reaches the password hash (400, quickly)', async () => {
    const started = Date.now();
    const res = await refused({
      method: 'POST',
      url: '/a/v2/login',
      payload: { email: owner.user.email, password: 'p'.repeat(1_000_000) },
    });
    expect([400, 413]).toContain(res.statusCode);
    const small = await refused({
      method: 'POST',
      url: '/a/v2/login',
      payload: { email: owner.user.email, password: 'p'.repeat(MAX_LENGTH.password + 1) },
    });
    expect(small.statusCode).toBe(400);
    expect(small.json().errors[0].path).toBe('password');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a body over 1 MB is 413 with a JSON error', async () => {
    const res = await refused({
      method: 'POST',
      url: `/c/v2/merchants/${owner.merchant.tmk}/data`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ primary_contact_name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe('URL fields accept only absolute http(s) URLs', () => {
  for (const bad of [
    'javascript:alert(1)',
    'not a url',
    '//evil.test/x',
    'data:text/html,hi',
    'ftp://x.test/a',
  ]) {
    it(`tracking_url ${JSON.stringify(bad)} is refused`, async () => {
      const res = await refused({
        method: 'POST',
        url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${orderId}/data`,
        headers: owner.headers,
        payload: {
          tracking_provider: 'OTHER',
          tracking_id: 'TRK123',
          other_tracking_provider: 'Local Courier',
          tracking_url: bad,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('tracking_url');
    });
  }

  it('an https tracking URL is stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${orderId}/data`,
      headers: owner.headers,
      payload: {
        tracking_provider: 'OTHER',
        tracking_id: 'TRK123',
        other_tracking_provider: 'Local Courier',
        tracking_url: 'https://track.local-courier.test/TRK123',
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const detail = await t.app.inject({ url: `/m/v2/orders/${orderId}`, headers: bearer(owner.token) });
    expect(detail.json().tracking_url).toBe('https://track.local-courier.test/TRK123');
  });

  it('the ship action refuses a javascript: tracking URL too', async () => {
    const res = await refused({
      method: 'POST',
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${orderId}/ship`,
      headers: owner.headers,
      payload: {
        tracking_info: {
          tracking_provider: 'OTHER',
          tracking_id: 'TRK9',
          other_tracking_provider: 'X',
          tracking_url: 'javascript:alert(1)',
        },
      },
    });
    expect(res.statusCode).toBe(400);
  });
});
