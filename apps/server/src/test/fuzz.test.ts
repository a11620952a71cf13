/**
 * The API under generated bad input (docs/security.md, "Fuzz and role tests"). For every route of /openapi.json, at least
 * FUZZ_PER_ROUTE requests built from the route's own schema, each with one thing wrong (a field of the
 * wrong type, NUL, a lone surrogate, a huge string or number, deep nesting, bad JSON, a wrong content
 * type, a bad path or query value), sent through app.inject as the owner, a member, another merchant's
 * owner and (marketplace routes) the marketplace key, in turn.
 *
 * Every answer must be < 500 and carry no stack trace or file path; a refused request (>= 400) must
 * change no row of any table (a fingerprint of every public table after each request).
 * Deterministic: fast-check values from a fixed seed (FUZZ_SEED to vary it).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../modules/auth/index.ts';
import { changedTables, type Fingerprint, fingerprint } from './db-fingerprint.ts';
import {
  bearer,
  buildMerchant,
  buildOrder,
  buildUser,
  createTestApp,
  TEST_DB,
  type TestApp,
} from './harness.ts';

/**
 * 200 per route on PostgreSQL (the full run). PGlite runs every route too, with fewer requests each: the
 * fingerprint taken after every request costs ~22 ms there against ~4 ms on PostgreSQL, and the suite
 * must stay within about three minutes.
 */
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? (TEST_DB === 'pg' ? 200 : 50));
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

type JsonSchema = {
  type?: string | string[];
  $ref?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, unknown>[];
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

// ---------------------------------------------------------------- generators

const HUGE = 'A'.repeat(200_000);
const nasty: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDC00',
  '\uDBFFz',
  HUGE,
  'é'.repeat(5000),
  '\u202E\u0000',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../../etc/passwd',
  'javascript:alert(1)',
  'NaN',
  '1e999',
  '-0',
  '2ABNPFR-3A0-9E',
  '00000000-0000-0000-0000-000000000000',
  [],
  [[[[[]]]]],
  {},
  { a: { b: { c: { d: {} } } } },
  Array.from({ length: 5000 }, (_, i) => i),
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
];
let deep: unknown = 'leaf';
for (let i = 0; i < 200; i++) deep = { d: [deep] };
nasty.push(deep);

/** A bad value: a hand-picked nasty one, or a generated one (binary strings include lone surrogates). */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nasty) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Bad text for a path or query value (a URL carries only text). */
const badText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%C0%AE%C0%AE',
    '%',
    '%zz',
    '..%2F..%2Fetc%2Fpasswd',
    'A'.repeat(5000),
    '%F0%9F%92%A9'.repeat(100),
    '-1',
    '1e999',
    '9'.repeat(40),
    "'%20OR%201=1--",
    '%3Cscript%3E',
    'null',
    '[]',
  ),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 30 })
    .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
);

/** Raw bodies: broken JSON, deep nesting, wrong shapes. */
const badRawBody: string[] = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '"\\u0000"',
  '{"a":"\\ud800"}',
  '{"__proto__":{"polluted":true}}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  '1e999999',
  '[]',
  'null',
  '"just a string"',
  '\u0000',
  '\uFEFF{}',
];

// ---------------------------------------------------------------- schema walking

function resolve(doc: OpenApiDoc, s: JsonSchema): JsonSchema {
  let cur = s;
  for (let i = 0; i < 10 && cur.$ref; i++)
    cur = doc.components?.schemas?.[cur.$ref.split('/').pop() ?? ''] ?? {};
  return cur;
}

/** A plausible value for a schema: required fields only, first enum value, minimal arrays. */
function sample(doc: OpenApiDoc, schema: JsonSchema, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (depth > 8) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.length) return sample(doc, alt[0] as JsonSchema, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = sample(doc, s.properties?.[k] ?? {}, depth + 1);
      return out;
    }
    case 'array': {
      const item = s.items ?? s.prefixItems?.[0] ?? {};
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sample(doc, item, depth + 1));
    }
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'date') return '2026-01-15';
      if (s.format === 'date-time') return '2026-01-15T10:00:00Z';
      if (s.format === 'email') return 'fuzz@fuzz.test';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return 'x';
  }
}

/** Every property path of a body schema (optional ones too), to pick one to break. */
function fieldPaths(
  doc: OpenApiDoc,
  schema: JsonSchema,
  prefix: (string | number)[] = [],
  depth = 0,
): (string | number)[][] {
  const s = resolve(doc, schema);
  if (depth > 6) return [];
  const out: (string | number)[][] = [];
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.length) for (const a of alt) out.push(...fieldPaths(doc, a, prefix, depth + 1));
  for (const [k, child] of Object.entries(s.properties ?? {})) {
    out.push([...prefix, k]);
    out.push(...fieldPaths(doc, child, [...prefix, k], depth + 1));
  }
  if (s.items) {
    out.push([...prefix, 0]);
    out.push(...fieldPaths(doc, s.items, [...prefix, 0], depth + 1));
  }
  return out;
}

function setPath(target: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const base = (
    typeof head === 'number'
      ? Array.isArray(target)
        ? [...target]
        : []
      : target && typeof target === 'object' && !Array.isArray(target)
        ? { ...(target as object) }
        : {}
  ) as Record<string | number, unknown>;
  base[head] = setPath(base[head], rest, value);
  return base;
}

// ---------------------------------------------------------------- the run

let t: TestApp;
let doc: OpenApiDoc;
const ids = { tmk: '', orderId: '', teammateId: '', ownerId: '', memberId: '', otherOwnerId: '' };
const tokens: Record<'owner' | 'member' | 'otherOwner', string> = { owner: '', member: '', otherOwner: '' };

beforeAll(async () => {
  t = await createTestApp();
  const mine = await buildMerchant(t.ctx);
  const other = await buildMerchant(t.ctx);
  const owner = await buildUser(t.ctx, { merchantId: mine.id, role: 'merch.owner' });
  const member = await buildUser(t.ctx, { merchantId: mine.id, role: 'merch.user' });
  const teammate = await buildUser(t.ctx, { merchantId: mine.id, role: 'merch.user' });
  const otherOwner = await buildUser(t.ctx, { merchantId: other.id, role: 'merch.owner' });
  ids.tmk = mine.tmk;
  ids.teammateId = teammate.id;
  ids.ownerId = owner.id;
  ids.memberId = member.id;
  ids.otherOwnerId = otherOwner.id;
  ids.orderId = await buildOrder(t.ctx, { merchantTmk: mine.tmk, status: 'SUBMITTED' });
  await buildOrder(t.ctx, { merchantTmk: mine.tmk, status: 'MERCHANT_ACCEPTED' });
  await buildOrder(t.ctx, { merchantTmk: other.tmk, status: 'SUBMITTED' });
  await refreshTokens();
  doc = (await t.app.inject({ url: '/openapi.json' })).json() as OpenApiDoc;
}, 120_000);
afterAll(async () => t?.close());

/** Sessions made directly (the login route itself is fuzzed and rate-limited); renewed after a logout. */
async function refreshTokens(): Promise<void> {
  tokens.owner = await createSession(t.ctx, ids.ownerId);
  tokens.member = await createSession(t.ctx, ids.memberId);
  tokens.otherOwner = await createSession(t.ctx, ids.otherOwnerId);
}

function pathValue(route: string, name: string): string {
  switch (name) {
    case 'tmk':
      return ids.tmk;
    case 'id':
      return route.startsWith('/a/v2/users') ? ids.teammateId : ids.orderId;
    case 'batch_id':
      return randomUUID();
    case 'kind':
      return 'csv';
    case 'type':
      return 'packingslip';
    case 'file':
      return 'label-1.pdf';
    default:
      return 'x';
  }
}

interface Built {
  opts: InjectOptions;
  what: string;
}

type Mutation = 'field' | 'body-value' | 'raw-body' | 'content-type' | 'path' | 'query' | 'header';

function buildRequest(
  route: string,
  method: string,
  op: Operation,
  identity: string,
  mutation: Mutation,
  rnd: Rng,
  value: unknown,
  text: string,
): Built {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path');
  const queries = (op.parameters ?? []).filter((p) => p.in === 'query');
  const values: Record<string, string> = Object.fromEntries(
    params.map((p) => [p.name, encodeURIComponent(pathValue(route, p.name))]),
  );
  const query: string[] = [];
  const headers: Record<string, string> = {};
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  let payload: string | undefined;
  let what = mutation as string;

  if (identity === 'marketplace') headers.authorization = `Bearer ${t.ctx.config.marketplaceKey}`;
  else if (identity !== 'none') Object.assign(headers, bearer(tokens[identity as keyof typeof tokens]));

  // Label purchases need an Idempotency-Key to get as far as the body.
  if (route.endsWith('/labels') && method === 'post')
    headers['idempotency-key'] = `fuzz-${rnd.nextInt(0, 1e9)}`;

  let body: unknown = bodySchema ? sample(doc, bodySchema) : undefined;
  const effective: Mutation =
    (mutation === 'path' && !params.length) || (mutation === 'field' && !bodySchema) ? 'query' : mutation;
  switch (effective) {
    case 'field': {
      const paths = fieldPaths(doc, bodySchema as JsonSchema);
      const path = paths.length ? (paths[rnd.nextInt(0, paths.length - 1)] ?? []) : [];
      body = setPath(body, path, value);
      what = `field ${path.join('.') || '(root)'}`;
      break;
    }
    case 'body-value':
      body = value;
      what = 'body value';
      break;
    case 'raw-body':
      payload = badRawBody[rnd.nextInt(0, badRawBody.length - 1)];
      what = `raw body ${JSON.stringify((payload ?? '').slice(0, 20))}`;
      break;
    case 'content-type': {
      const types = [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
        'application/octet-stream',
      ];
      headers['content-type'] = types[rnd.nextInt(0, types.length - 1)] ?? 'text/plain';
      payload = rnd.nextInt(0, 1) ? 'a=1&b=%00' : JSON.stringify(body ?? { a: 1 });
      what = `content-type ${headers['content-type']}`;
      break;
    }
    case 'path': {
      const p = params[rnd.nextInt(0, params.length - 1)];
      if (p) {
        values[p.name] = text;
        what = `path ${p.name}=${text.slice(0, 30)}`;
      }
      break;
    }
    case 'query': {
      const known = queries.length && rnd.nextInt(0, 2) > 0;
      const name = known
        ? encodeURIComponent(queries[rnd.nextInt(0, queries.length - 1)]?.name ?? 'q')
        : (['filter%5Bx%5D%5By%5D', 'a%00', 'sort%5Bdate%5D', 'limit', '__proto__', 'constructor'][
            rnd.nextInt(0, 5)
          ] ?? 'q');
      query.push(`${name}=${text}`);
      if (rnd.nextInt(0, 3) === 0) query.push(`${name}=${text}`); // repeated key: an array
      what = `query ${decodeURIComponentSafe(name)}=${text.slice(0, 30)}`;
      break;
    }
    case 'header': {
      const choices: [string, string][] = [
        ['authorization', `Bearer ${'x'.repeat(5000)}`],
        ['authorization', 'Bearer a.b.c'],
        ['authorization', 'Basic Og=='],
        ['authorization', `Bearer ${tokens.owner}x`],
        ['idempotency-key', 'k'.repeat(5000)],
        ['content-length', '5'],
        ['accept', '*/*; q=nonsense'],
      ];
      const [h, v] = choices[rnd.nextInt(0, choices.length - 1)] ?? ['accept', 'x'];
      headers[h] = v;
      what = `header ${h}`;
      break;
    }
  }
  let url = route.replace(/\{(\w+)\}/g, (_, n: string) => values[n] ?? 'x');
  if (query.length) url += `?${query.join('&')}`;
  const hasBody = method !== 'get' && method !== 'head';
  if (hasBody && payload === undefined && body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  } else if (hasBody && payload !== undefined) headers['content-type'] ??= 'application/json';
  return {
    opts: {
      method: method.toUpperCase() as InjectOptions['method'],
      url,
      headers,
      ...(hasBody && payload !== undefined ? { payload } : {}),
    },
    what,
  };
}

/** A small seeded generator (mulberry32) for the choices between fast-check's values. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** An integer in [min, max]. */
  nextInt(min: number, max: number): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let x = this.state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    const r = ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    return min + Math.floor(r * (max - min + 1));
  }
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const STACK = /\n\s+at |\bat [\w.<>]+ \(|\/src\/|node_modules|\.ts:\d+|\.js:\d+/;

describe(`fuzz (${TEST_DB})`, () => {
  it('every route of /openapi.json: no 5xx, no stack trace, nothing changed by a refused request', async () => {
    const started = Date.now();
    const routes = Object.entries(doc.paths)
      .flatMap(([p, ms]) => Object.entries(ms).map(([m, op]) => ({ path: p, method: m, op })))
      // Logging out ends the owner's session: last.
      .sort((a, b) => Number(a.path === '/a/v2/logout') - Number(b.path === '/a/v2/logout'));
    const mutations: Mutation[] = [
      'field',
      'field',
      'field',
      'body-value',
      'raw-body',
      'content-type',
      'path',
      'path',
      'query',
      'query',
      'header',
    ];
    const failures: string[] = [];
    /**
     * After an accepted write: wait until no bulk batch it may have started is queued or running (a job
     * writes its files and items seconds later on a loaded machine), then 100 ms for whatever else it set off.
     */
    const settle = async (database: typeof t.database): Promise<void> => {
      const until = Date.now() + 20_000;
      for (;;) {
        const [row] = await database.query<{ n: number }>(
          "select count(*)::int as n from batches where state in ('queued', 'running')",
        );
        if (!row?.n || Date.now() > until) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    };
    const statuses: Record<string, number> = {};
    let sent = 0;
    let fiveXx = 0;
    let refusedChecked = 0;
    let before: Fingerprint = await fingerprint(t.database);
    const mrng = new Rng(SEED);
    const values = fc.sample(badValue, { seed: SEED, numRuns: 997 });
    const texts = fc.sample(badText, { seed: SEED + 1, numRuns: 499 });

    for (const [ri, r] of routes.entries()) {
      const isMarketplace = r.path.startsWith('/m/v2/marketplace');
      const identities = isMarketplace
        ? ['marketplace', 'owner', 'member', 'otherOwner']
        : ['owner', 'member', 'otherOwner'];
      for (let i = 0; i < PER_ROUTE; i++) {
        const identity = identities[i % identities.length] ?? 'owner';
        const mutation = mutations[mrng.nextInt(0, mutations.length - 1)] ?? 'field';
        const value = values[(ri * PER_ROUTE + i) % values.length];
        const text = texts[(ri * 7 + i) % texts.length] ?? '%00';
        const { opts, what } = buildRequest(r.path, r.method, r.op, identity, mutation, mrng, value, text);
        const label = `${r.method.toUpperCase()} ${r.path} as ${identity}, ${what}`;
        const isStream = r.path.endsWith('/orders/events');
        let status: number;
        let bodyText = '';
        if (isStream) {
          // An accepted event stream never ends: read the head, then drop it.
          const res = await t.app.inject({ ...opts, payloadAsStream: true });
          status = res.statusCode;
          const stream = res.stream();
          if (status >= 400) bodyText = await new Response(stream as unknown as ReadableStream).text();
          else stream.destroy();
        } else {
          const res = await t.app.inject(opts);
          status = res.statusCode;
          const type = String(res.headers['content-type'] ?? '');
          if (/json|text|html/.test(type) || !type) bodyText = res.body;
        }
        sent++;
        statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
        if (status >= 500) {
          fiveXx++;
          failures.push(`${label}: ${status} ${bodyText.slice(0, 200)}`);
        }
        if (STACK.test(bodyText))
          failures.push(`${label}: stack trace or path in body: ${bodyText.slice(0, 200)}`);
        if (status < 400) {
          // An accepted request may write (and start jobs): let them settle, then take a new baseline.
          if (r.method !== 'get') await settle(t.database);
          before = await fingerprint(t.database);
          continue;
        }
        const after = await fingerprint(t.database);
        refusedChecked++;
        const changed = changedTables(before, after);
        if (changed.length) failures.push(`${label}: ${status} but changed ${changed.join(', ')}`);
        before = after;
      }
      // A fuzzed logout or password change may end sessions: new ones for the next route.
      if (r.path === '/a/v2/logout' || r.path.startsWith('/a/v2/users/')) {
        await refreshTokens();
        before = await fingerprint(t.database);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz ${TEST_DB}: routes fuzzed ${routes.length}, requests sent ${sent}, 5xx seen ${fiveXx}, ` +
        `refused requests checked for changes ${refusedChecked}, ${seconds} s; statuses ${JSON.stringify(statuses)}`,
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(sent).toBeGreaterThanOrEqual(routes.length * PER_ROUTE);
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);
});
