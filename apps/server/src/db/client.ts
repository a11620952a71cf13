import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Plain SQL with $1 parameters, on either driver (raw reads, benchmarks, pg-boss). */
export type RawQuery = <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  query: RawQuery;
  /** The PGlite instance (embedded) — for pg-boss's db adapter and cloning in tests. */
  pglite?: PGlite;
  /** The node-postgres pool (server) — for LISTEN/NOTIFY and pg-boss. */
  pool?: pg.Pool;
  connectionString?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

// numeric → number, bigint counts → number, for node-postgres (PGlite parses these itself).
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm, btree_gin } });
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    query: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => {
    /* a dropped idle client is replaced on the next checkout */
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: 'pg',
    pool,
    connectionString,
    query: async (text, params) => (await pool.query(text, params)).rows,
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  databasePoolSize?: number;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.databasePoolSize);
  return openPglite(path.join(opts.dataDir, 'pglite'));
}
