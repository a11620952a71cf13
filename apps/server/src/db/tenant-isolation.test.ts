/**
 * The tenant proof (docs/scaling.md, "What the tenant test covers"). Two halves:
 * 1. Schema: every table of the Drizzle schema is a tenant table (it has `merchant_id`), the tenant root
 *    (`merchants`), a child reached through a foreign key to a tenant table, or on the commented list of
 *    global and reference tables below. A new table must pick one.
 * 2. Queries: the SQL the server sends during a representative run of the API (sign-in, the orders list,
 *    counts and filters, an order's detail and a command on it, reports, inventory, team, the store's
 *    settings, a details batch and a reports batch with its pick list) is captured — every Drizzle
 *    statement and every raw `database.query` — parsed with the real PostgreSQL parser (libpg-query), and
 *    every SELECT, UPDATE and DELETE that touches a tenant table must tie each such table to a merchant:
 *    a `merchant_id` (or the root's `id`/`tmk`) compared with a value, directly or through joins to a table
 *    that is. The statements that may not are listed with their reason (EXCEPTIONS).
 * What it does not see: statements sent on a client checked out of the pool (COPY, cursors, the job
 * queue's own SQL), code paths the run does not take, and whether the value compared is the caller's
 * merchant (that is the principal checks' and the role matrix's tests).
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { parse } from 'libpg-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import {
  bearer,
  buildMerchant,
  buildOrder,
  buildUser,
  createTestDatabase,
  login,
  testConfig,
  withQueryLog,
} from '../test/harness.ts';
import type { Database } from './client.ts';
import * as schema from './schema.ts';

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
const config = (t: PgTable) => getTableConfig(t);
const columns = new Map(tables.map((t) => [config(t).name, new Set(config(t).columns.map((c) => c.name))]));

/** The tenant root: a row per merchant, its key is `id` (and the unique `tmk`). */
const ROOT = 'merchants';

/**
 * Tables with no merchant of their own, on purpose. Global: shared by every merchant or by none.
 * Reference: the catalogue every merchant's offerings point into (a Citus reference table).
 */
const GLOBAL_TABLES: Record<string, string> = {
  // A person, not a store: signs in by email before any merchant is known; staff have none
  // (authorized_merchant_id says which store a merchant user belongs to).
  users: 'identity, found by email at sign-in',
  sessions: "a user's sign-in (checked by its id, then its user's merchant)",
  password_reset_tokens: "a user's reset link, found by its hash",
  user_identities: "a user's OpenID Connect identity, found by issuer and subject",
  email_tokens: "a user's verification and invitation links, found by their hash",
  login_failures: 'sign-in throttling by email and address, before any merchant is known',
  request_counters: 'rate-limit counters keyed by route and caller',
  applications: 'the marketplace brands (reference data every order names)',
  product_brands: 'catalogue (reference)',
  product_lines: 'catalogue (reference)',
  container_sizes: 'catalogue (reference)',
  products: 'catalogue (reference): offerings are per merchant, products are shared',
  webhook_cursor: "the webhook fan-out's single position in the event feed",
  alert_cursor: "the alert planner's single position in the event feed",
  // Like the user it belongs to: a person's own alert choices and mobile number, found by their id.
  user_alert_settings:
    "a user's alert choices and number (found by the user's id, or by the number a STOP came from)",
  outbox_messages: 'the outgoing email and text queue, drained for every merchant by the worker',
  order_event_outbox: 'the order-events relay, drained for every merchant by every process',
};

/** Tables whose merchant is their parent's: the foreign key column and the parent. */
const CHILD_TABLES: Record<string, { via: string; parent: string }> = {
  order_items: { via: 'order_id', parent: 'orders' },
  order_history: { via: 'order_id', parent: 'orders' },
  shipments: { via: 'order_id', parent: 'orders' },
  batch_items: { via: 'batch_id', parent: 'batches' },
  batch_files: { via: 'batch_id', parent: 'batches' },
  webhook_messages: { via: 'endpoint_id', parent: 'webhook_endpoints' },
  webhook_deliveries: { via: 'endpoint_id', parent: 'webhook_endpoints' },
};

const hasMerchant = (name: string) => columns.get(name)?.has('merchant_id') ?? false;
const TENANT = new Set([ROOT, ...[...columns.keys()].filter(hasMerchant), ...Object.keys(CHILD_TABLES)]);

describe('every table is a tenant table, a child of one, or a listed global table', () => {
  it('classifies every table of the schema exactly once', () => {
    const unclassified = [...columns.keys()].filter(
      (name) => name !== ROOT && !hasMerchant(name) && !(name in GLOBAL_TABLES) && !(name in CHILD_TABLES),
    );
    expect(unclassified, 'a new table needs merchant_id, a parent, or a reason to be global').toEqual([]);
    const both = Object.keys(GLOBAL_TABLES).filter((n) => hasMerchant(n) || n in CHILD_TABLES);
    expect(both).toEqual([]);
    for (const name of [...Object.keys(GLOBAL_TABLES), ...Object.keys(CHILD_TABLES)])
      expect(columns.has(name), `${name} is listed but not in the schema`).toBe(true);
  });

  it("a child's foreign key points at a tenant table", () => {
    for (const [name, { via, parent }] of Object.entries(CHILD_TABLES)) {
      const table = tables.find((t) => config(t).name === name)!;
      const fk = config(table).foreignKeys.find((k) => k.reference().columns.some((c) => c.name === via));
      expect(fk, `${name}.${via} has a foreign key`).toBeDefined();
      expect(getTableConfig(fk!.reference().foreignTable).name).toBe(parent);
      expect(hasMerchant(parent), `${parent} has merchant_id`).toBe(true);
    }
  });
});

// ---- the queries ----

type Node = Record<string, unknown>;
interface Range {
  table: string;
  alias: string;
}
interface Col {
  qualifier?: string;
  column: string;
}

/** `a.b` or `b` from a ColumnRef; null for `*` or anything else. */
function columnOf(node: unknown): Col | null {
  let n = node as Node | undefined;
  while (n && 'TypeCast' in n) n = (n.TypeCast as Node).arg as Node;
  const ref = n?.ColumnRef as { fields?: Node[] } | undefined;
  if (!ref?.fields) return null;
  const names = ref.fields.map((f) => (f.String as { sval?: string } | undefined)?.sval);
  if (names.some((x) => x === undefined)) return null;
  const column = names.at(-1) as string;
  return names.length >= 2 ? { qualifier: names.at(-2), column } : { column };
}

/** Every node of the tree, with the key it was found under. */
function* nodes(node: unknown, key = ''): Generator<[string, Node]> {
  if (Array.isArray(node)) {
    for (const n of node) yield* nodes(n, key);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [k, v] of Object.entries(node as Node)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) yield [k, v as Node];
    yield* nodes(v, k);
  }
}

/**
 * The tenant tables of one statement that no merchant value reaches. A range is rooted when one of its
 * tenant-key columns (merchant_id; the root's id or tmk) is compared with something that is not a column
 * (a parameter, a constant, a sub-select, an ANY of a parameter); rootedness then spreads along every
 * column equality between two ranges (a join through a rooted table).
 */
function unscoped(stmt: Node): string[] {
  const ranges: Range[] = [];
  const ctes = new Set<string>();
  for (const [k, n] of nodes(stmt)) {
    // UPDATE's and DELETE's target is a bare RangeVar under `relation`; elsewhere it is wrapped.
    if (k === 'RangeVar' || (k === 'relation' && typeof n.relname === 'string')) {
      const table = n.relname as string;
      const alias = ((n.alias as Node | undefined)?.aliasname as string | undefined) ?? table;
      ranges.push({ table, alias });
    }
    if (k === 'CommonTableExpr') ctes.add(n.ctename as string);
  }
  const inScope = ranges.filter((r) => !ctes.has(r.table) && columns.has(r.table));
  const resolve = (c: Col): Range[] =>
    c.qualifier
      ? inScope.filter((r) => r.alias === c.qualifier || r.table === c.qualifier)
      : inScope.filter((r) => columns.get(r.table)?.has(c.column));
  const isKey = (r: Range, column: string) =>
    column === 'merchant_id' || (r.table === ROOT && (column === 'id' || column === 'tmk'));
  const rooted = new Set<Range>();
  const edges: [Range, Range][] = [];
  for (const [k, n] of nodes(stmt)) {
    if (k !== 'A_Expr') continue;
    const op = ((n.name as Node[] | undefined)?.[0]?.String as { sval?: string } | undefined)?.sval;
    if (op !== '=' || !['AEXPR_OP', 'AEXPR_OP_ANY', 'AEXPR_IN'].includes(n.kind as string)) continue;
    const left = columnOf(n.lexpr);
    const right = n.kind === 'AEXPR_OP' ? columnOf(n.rexpr) : null;
    const sides: [Col | null, Col | null][] = [
      [left, right],
      [right, left],
    ];
    for (const [a, b] of sides) {
      if (!a) continue;
      for (const r of resolve(a)) {
        if (b) {
          for (const other of resolve(b)) if (other !== r) edges.push([r, other]);
        } else if (isKey(r, a.column)) rooted.add(r);
      }
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [a, b] of edges)
      if (rooted.has(a) && !rooted.has(b)) {
        rooted.add(b);
        changed = true;
      }
  }
  return [...new Set(inScope.filter((r) => TENANT.has(r.table) && !rooted.has(r)).map((r) => r.table))];
}

/**
 * Statements that may touch a tenant table without a merchant, each with why. Matched on the statement's
 * text (whitespace collapsed).
 */
const EXCEPTIONS: { match: RegExp; why: string }[] = [
  // Who is calling: the merchant every later statement filters by comes from these rows.
  {
    match:
      /from "users" left join "merchants" on "merchants"\."id" = "users"\."authorized_merchant_id" where/,
    why: 'sign-in: the user found by email, with the merchant it is authorized for',
  },
  {
    match:
      /from "sessions" inner join "users" on .* left join "merchants" on "merchants"\."id" = "users"\."authorized_merchant_id" where \("sessions"\."id" = \$1/,
    why: "the caller's session, user and merchant, found by the signed token's session id",
  },
  // A child read by its parent's id, once the parent was read with the merchant (or written by it).
  {
    match: /^select .* from "(order_items|order_history|shipments)" where "\1"\."order_id" = \$1 order by/,
    why: "an order's items, history and shipments (orderDetailInTransaction), after the order row was read with the merchant or inside the command's transaction",
  },
  {
    match: /^SELECT i\.order_id, .* FROM order_items i WHERE i\.order_id = ANY\(\$1::text\[\]\)/,
    why: "a bulk document's items: the ids come from the orders query just before it, which filters merchant_id (printouts/load-orders.ts)",
  },
  {
    match:
      /^select .* from "orders" inner join "merchants" on "merchants"\."id" = "orders"\."merchant_id" inner join "applications" .* where "orders"\."id" = \$1 limit/,
    why: 'the outgoing event of a change (recordOrderEvent), inside the transaction of a command that already scoped the order',
  },
  {
    match:
      /from "batch_(items|files)" where \(?"batch_\1"\."batch_id" = \$1|FROM batch_items WHERE batch_id = \$1|FROM batch_items WHERE batch_id = \$1 AND state = 'pending'/,
    why: "a batch's items and files, after getBatch read the batch with the merchant, or inside the batch's own job",
  },
  // The job queue's worker: a job names its batch; the batch row carries the merchant its reads then use.
  {
    match:
      /^select .* from "batches"( inner join "merchants" on "merchants"\."id" = "batches"\."merchant_id")? where "batches"\."id" = \$1 limit \$2$/,
    why: "a bulk job loads the batch it was queued for by id (the job's payload); its merchant_id scopes the rest",
  },
  {
    match:
      /^select .* from "batches" inner join "merchants" on "merchants"\."id" = "batches"\."merchant_id" left join "users" on "users"\."id" = "batches"\."created_by" where \("batches"\."id" = \$1 and "batches"\."emailed_at" is null\)/,
    why: "the finished batch's email (email-batch.ts): its job names the batch; the store and its creator come with it",
  },
  {
    match:
      /^update "batches" set .* where \(?"batches"\."id" = \$\d+( and "batches"\."state" NOT IN \('done', 'failed'\)\))?( returning "id")?$|^update "batch_items" set "state" = \$1 where \("batch_items"\."batch_id" = \$2 and "batch_items"\."state" = \$3\)$/,
    why: "a bulk job's own state, written by the id of the batch it runs (settle, finish, emailed)",
  },
  {
    match: /^SELECT id FROM batches WHERE state IN \('queued', 'running'\) AND created_at < now\(\)/,
    why: "the worker's sweep of stuck batches, across every merchant by design",
  },
];

const statements: string[] = [];
let app: FastifyInstance;
let ctx: AppContext;
let database: Database;

function logged(db: Database, log: string[]): Database {
  const withDrizzle = withQueryLog(db, log);
  return {
    ...withDrizzle,
    query: (text, params) => {
      log.push(text);
      return db.query(text, params);
    },
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const built = await buildApp({ config: testConfig(), database: logged(database, statements) });
  app = built.app;
  ctx = built.ctx;
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function representativeRun(): Promise<void> {
  const merchant = await buildMerchant(ctx);
  const other = await buildMerchant(ctx);
  const owner = await buildUser(ctx, { merchantId: merchant.id });
  const orders = [];
  for (let i = 0; i < 3; i++)
    orders.push(
      await buildOrder(ctx, { merchantTmk: merchant.tmk, status: 'MERCHANT_ACCEPTED', seed: 500 + i }),
    );
  const fresh = await buildOrder(ctx, { merchantTmk: merchant.tmk, seed: 600 });
  await buildOrder(ctx, { merchantTmk: other.tmk, seed: 700 });
  statements.length = 0; // the fixtures' own SQL is not the server's
  const headers = bearer(await login(app, owner.email));
  const tmk = merchant.tmk;
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(400);
    return res;
  };
  const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(400);
    return res;
  };
  await get(`/m/v2/merchant/${tmk}/orders/optimized?limit=20&offset=0`);
  await get(`/m/v2/merchant/${tmk}/orders/count`);
  await get(`/m/v2/merchant/${tmk}/orders/filters`);
  await get(`/m/v2/orders/${orders[0]}`);
  await send('PUT', `/m/v2/orders/${fresh}`, { status: 'MERCHANT_ACCEPTED' });
  await get(`/m/v2/merchant/${tmk}/reports/summary?from=2026-01-01&to=2026-12-31`);
  await get(`/c/v2/merchants/${tmk}/offerings`);
  await get(`/c/v2/merchants/${tmk}`);
  await get(`/c/v2/merchants/${tmk}/hours`);
  await get(`/c/v2/merchants/${tmk}/users`);
  await get(`/m/v2/merchant/${tmk}/batches`);
  for (const [path, payload] of [
    ['orders/batch/details', { items: orders }],
    ['orders/batch/reports', { order_keys: orders, report_types: ['picklist', 'packingslip'] }],
  ] as const) {
    const started = await send('POST', `/m/v2/merchant/${tmk}/${path}`, payload);
    const batchId = started.json().batch_id as string;
    let state = '';
    for (let i = 0; i < 300 && state !== 'done' && state !== 'failed'; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      state = (await get(`/m/v2/merchant/${tmk}/batches/${batchId}`)).json().state;
    }
    // The job's own reads are part of the run only once it has finished.
    expect(state, path).toBe('done');
  }
}

describe('every query on a tenant table is tied to a merchant', () => {
  it('the check itself: flags an unscoped read, accepts one scoped directly or through a join', async () => {
    const check = async (sql: string) =>
      unscoped(((await parse(sql)) as { stmts: { stmt: Node }[] }).stmts[0]!.stmt);
    expect(await check('SELECT * FROM orders WHERE id = $1')).toEqual(['orders']);
    expect(await check('UPDATE offerings SET quantity = 0 WHERE merchant_sku = $1')).toEqual(['offerings']);
    expect(await check('DELETE FROM order_items WHERE order_id = $1')).toEqual(['order_items']);
    expect(await check('SELECT * FROM orders WHERE merchant_id = $1 AND id = $2')).toEqual([]);
    expect(
      await check(
        'SELECT i.* FROM order_items i JOIN orders o ON o.id = i.order_id JOIN merchants m ON m.id = o.merchant_id WHERE m.tmk = $1',
      ),
    ).toEqual([]);
    expect(await check('SELECT * FROM products WHERE id = $1')).toEqual([]);
    expect(
      await check(
        'SELECT count(*) FROM orders WHERE merchant_id = ANY($1::uuid[]) AND id IN (SELECT order_id FROM order_items)',
      ),
    ).toEqual(['order_items']);
  });

  it('holds for the SQL of a representative API run', async () => {
    await representativeRun();
    expect(statements.length).toBeGreaterThan(30);
    const problems: string[] = [];
    const checked = { statements: 0, reads: 0 };
    const used = new Set<number>();
    for (const text of new Set(statements)) {
      const tree = (await parse(text)) as { stmts: { stmt: Node }[] };
      checked.statements++;
      for (const { stmt } of tree.stmts) {
        const kind = Object.keys(stmt)[0] ?? '';
        if (!['SelectStmt', 'UpdateStmt', 'DeleteStmt'].includes(kind)) continue;
        checked.reads++;
        const missing = unscoped(stmt);
        if (missing.length === 0) continue;
        const flat = text.replace(/\s+/g, ' ').trim();
        const exception = EXCEPTIONS.findIndex((e) => e.match.test(flat));
        if (exception >= 0) {
          used.add(exception);
          continue;
        }
        problems.push(
          `${missing.join(', ')}: ${flat.length > 400 ? `${flat.slice(0, 120)} … ${flat.slice(-260)}` : flat}`,
        );
      }
    }
    console.log(
      `tenant proof: ${checked.statements} distinct statements parsed, ${checked.reads} SELECT/UPDATE/DELETE checked, ${used.size} listed exceptions used`,
    );
    expect(problems).toEqual([]);
  }, 60_000);
});
