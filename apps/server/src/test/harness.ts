import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PlaceOrderBody } from '@mc/api';
import { canTransition, type OrderStatus } from '@mc/domain';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { type Database, type Db, openPglite, openPostgres, wrapPglite } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { merchants, orderHistory, orders, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { placeOrder } from '../marketplace/place-order.ts';
import { buildOrderBody } from '../seed/order-factory.ts';
import { createRandom } from '../seed/random.ts';
import { checkResponsesAgainstContract } from './response-contract.ts';

/** Which database the suite runs on: PGlite always; PostgreSQL when the pg project sets TEST_DB=pg. */
export const TEST_DB: 'pglite' | 'pg' = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on TEST_DATABASE_URL. Both are copies of
 * the database the run's global setup migrated once (global-setup.ts); without that setup (a file run on
 * its own config) each one is migrated here.
 */
export async function createTestDatabase(): Promise<Database> {
  if (TEST_DB === 'pglite') {
    const snapshot = inject('pgliteSnapshot');
    if (!snapshot) {
      const database = await openPglite(null);
      await database.migrate();
      return database;
    }
    snapshotBlob ??= readFile(snapshot).then((bytes) => new Blob([bytes]));
    const client = await PGlite.create({
      loadDataDir: await snapshotBlob,
      extensions: { pg_trgm, btree_gin },
    });
    return wrapPglite(client);
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const template = inject('pgTemplate');
  const name = `mc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = openPostgres(u.toString(), 20);
  if (!template) await database.migrate();
  const close = database.close;
  database.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return database;
}

let snapshotBlob: Promise<Blob> | undefined;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret',
      DATA_DIR: '/tmp/mc-test-unused',
      SEED_DEMO: 'false',
    }),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  close(): Promise<void>;
}

/**
 * The same database, with every statement the app sends through drizzle pushed onto `log` (a test counts
 * what one request reads). Raw queries (`database.query`) are not logged.
 */
export function withQueryLog(database: Database, log: string[]): Database {
  const logger = { logQuery: (query: string) => void log.push(query) };
  const db = database.pglite
    ? drizzlePglite({ client: database.pglite, schema, logger })
    : drizzlePg({ client: database.pool!, schema, logger });
  return { ...database, db: db as unknown as Db };
}

export async function createTestApp(
  opts: { config?: Partial<Config>; queryLog?: string[] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const { app, ctx } = await buildApp({
    config: testConfig(opts.config),
    database: opts.queryLog ? withQueryLog(database, opts.queryLog) : database,
  });
  checkResponsesAgainstContract(app);
  await app.ready();
  return {
    app,
    ctx,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * One app for the enclosing file or describe block: made in a beforeAll, closed in an afterAll. The object
 * returned reads that app, so it may be taken at collection time and used once the hooks have run. `config`
 * may be a function, read in that beforeAll: for settings known only once an earlier hook has run (the URL
 * of a stand-in from `useStandIn` taken before it).
 */
export function useTestApp(opts: { config?: Partial<Config> | (() => Partial<Config>) } = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp({
      config: typeof opts.config === 'function' ? opts.config() : opts.config,
    });
  });
  afterAll(async () => current?.close());
  const made = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app is made in beforeAll; use it in a hook or a test');
    return current;
  };
  return {
    get app() {
      return made().app;
    },
    get ctx() {
      return made().ctx;
    },
    get database() {
      return made().database;
    },
    close: () => made().close(),
  };
}

/** Listens on a free port of 127.0.0.1 (for a real HTTP client: a stream, a browser's fetch); its base URL. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A second API process's app: its own pool on the PostgreSQL database of `t`, listening at `base`. */
export interface OtherApp {
  app: FastifyInstance;
  ctx: AppContext;
  base: string;
  close(): Promise<void>;
}

/**
 * Another app on the test app's PostgreSQL database (a pg-only test), as a second process would run it:
 * what crosses processes (LISTEN/NOTIFY, shared limits) must reach it. The caller closes it.
 */
export async function startOtherApp(t: TestApp, poolSize = 2): Promise<OtherApp> {
  const database = openPostgres(t.database.connectionString!, poolSize);
  const { app, ctx } = await buildApp({ config: testConfig(), database });
  const close = async () => {
    await app.close();
    await database.close();
  };
  try {
    return { app, ctx, base: await listenLocal(app), close };
  } catch (err) {
    await close();
    throw err;
  }
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
export const TEST_PASSWORD = 'test-password-1';

let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

export async function buildMerchant(
  ctx: Pick<AppContext, 'database'>,
  overrides: Partial<typeof merchants.$inferInsert> = {},
) {
  const [m] = await ctx.database.db
    .insert(merchants)
    .values({ tmk: `t-${uniq()}`, name: 'Test Store', timezone: 'America/New_York', ...overrides })
    .returning();
  return m!;
}

export async function buildUser(
  ctx: Pick<AppContext, 'database'>,
  opts: { merchantId?: string | null; role?: string; email?: string } = {},
) {
  const [u] = await ctx.database.db
    .insert(users)
    .values({
      first_name: 'Test',
      last_name: 'User',
      email: opts.email ?? `user-${uniq()}@test.test`,
      password_hash: await passwordHash(),
      roles: [opts.role ?? 'merch.owner'],
      authorized_merchant_id: opts.merchantId ?? null,
    })
    .returning();
  return u!;
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/a/v2/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A merchant with an owner, logged in. */
/** A user of `merchant` with `role` (a Member unless said), signed in: the user, its token and headers. */
export async function buildTeammate(t: TestApp, merchant: { id: string }, role = 'merch.user') {
  const user = await buildUser(t.ctx, { merchantId: merchant.id, role });
  const token = await login(t.app, user.email);
  return { user, token, headers: bearer(token) };
}

export async function buildMerchantWithOwner(t: TestApp, role = 'merch.owner') {
  const merchant = await buildMerchant(t.ctx);
  return { merchant, ...(await buildTeammate(t, merchant, role)) };
}

const PATHS: Partial<Record<OrderStatus, OrderStatus[]>> = {
  MERCHANT_ACCEPTED: ['MERCHANT_ACCEPTED'],
  MERCHANT_SHIPPED: ['MERCHANT_ACCEPTED', 'MERCHANT_SHIPPED'],
  CLOSED: ['MERCHANT_ACCEPTED', 'MERCHANT_SHIPPED', 'CLOSED'],
  MERCHANT_REJECTED: ['MERCHANT_REJECTED'],
  REJECTED_PARTIAL: ['REJECTED_PARTIAL'],
  CANCELLED: ['CANCELLED'],
  PAYMENT_DECLINED: ['PAYMENT_DECLINED'],
  DISPUTED: ['MERCHANT_ACCEPTED', 'MERCHANT_SHIPPED', 'CLOSED', 'DISPUTED'],
  REFUNDED: ['MERCHANT_ACCEPTED', 'MERCHANT_SHIPPED', 'CLOSED', 'DISPUTED', 'REFUNDED'],
};

/**
 * An order placed through the real intake, then moved to `status` along a legal path
 * (with one history row per step, as the real flow writes).
 */
export async function buildOrder(
  ctx: Pick<AppContext, 'database' | 'orderEvents'>,
  opts: {
    merchantTmk: string;
    status?: OrderStatus;
    seed?: number;
    submittedAt?: Date;
    overrides?: Partial<PlaceOrderBody>;
  },
) {
  const r = createRandom(opts.seed ?? seq++);
  const body = buildOrderBody(r, {
    merchant: opts.merchantTmk,
    offerings: [],
    submittedAt: opts.submittedAt ?? new Date(),
    overrides: {
      items: [
        {
          name: 'Old Harbor Small Batch Bourbon',
          quantity: 2,
          price: 39.99,
          discount: 0,
          engraving_price: 15,
        },
        { name: 'Maison Duclair Brut Champagne', quantity: 1, price: 59, discount: 0, engraving_price: 15 },
      ],
      ...opts.overrides,
    },
  });
  const initial = (['SUBMITTED', 'PAYMENT_SUBMITTED', 'PAYMENT_APPROVED', 'ACTIVE'] as const).find(
    (s) => s === opts.status,
  );
  if (initial) body.status = initial;
  const { id } = await placeOrder(ctx, body);
  const path = opts.status && !initial ? (PATHS[opts.status] ?? []) : [];
  let from: OrderStatus = body.status;
  for (const to of path) {
    const actor = canTransition('merchant', from, to) ? 'merchant' : 'marketplace';
    await ctx.database.db
      .insert(orderHistory)
      .values({ order_id: id, actor_type: actor, action: 'test', from_status: from, to_status: to });
    from = to;
  }
  if (path.length) {
    await ctx.database.db.update(orders).set({ status: from }).where(eq(orders.id, id));
  }
  return id;
}
