import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import { pgliteQuery } from './pglite-query.ts';
import { timeQueries } from './query-timing.ts';
import { poolQuery, ReplicaReads } from './replica.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export { MIGRATIONS_DIR };

/**
 * Plain SQL with $1 parameters, on either driver (raw reads, benchmarks, pg-boss). `prepare`: on
 * PostgreSQL, the name under which each connection keeps the statement parsed and planned (one name for
 * one text, always; docs/decisions/0149); PGlite keeps every statement prepared already.
 */
export type RawQuery = <R = Record<string, unknown>>(
  text: string,
  params?: unknown[],
  opts?: { prepare?: string },
) => Promise<R[]>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  query: RawQuery;
  /** The PGlite instance (embedded) — for pg-boss's db adapter and cloning in tests. */
  pglite?: PGlite;
  /** The node-postgres pool (server) — for LISTEN/NOTIFY and pg-boss. */
  pool?: pg.Pool;
  connectionString?: string;
  /**
   * The read replica (DATABASE_REPLICA_URL, PostgreSQL only): reads that tolerate its lag go there through
   * `readDb`, `readQuery` and `withReadDatabase`, which are this database itself when it is absent.
   */
  replica?: ReplicaReads;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

// numeric → number, bigint counts → number, for node-postgres (PGlite parses these itself).
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * The embedded database belongs to one process: a second server opening the same directory would
 * corrupt it. A lock file holds the owner's pid; a stale one (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  // Beside the directory, not in it: PostgreSQL initialises only an empty data directory.
  const file = `${dataDir.replace(/[/\\]+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      let alive = false;
      try {
        if (pid && pid !== process.pid) {
          process.kill(pid, 0);
          alive = true;
        }
      } catch {
        alive = false;
      }
      if (alive) {
        throw new Error(
          `Another server (pid ${pid}) is using the embedded database in ${dataDir}. Stop it, or give this one another DATA_DIR.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/** The PostgreSQL major PGlite embeds (0.5: 18; 0.3, the previous release's, was 17). raw-query.test.ts checks it. */
export const PGLITE_PG_MAJOR = '18';

/**
 * A data directory another PostgreSQL major made cannot be opened (PGlite then fails with only "PGlite
 * failed to initialize properly"): say which and what to do instead (docs/decisions/0118).
 */
export function checkPgliteDataDir(dataDir: string): void {
  const file = path.join(dataDir, 'PG_VERSION');
  if (!existsSync(file)) return;
  const major = readFileSync(file, 'utf8').trim();
  if (major === PGLITE_PG_MAJOR) return;
  throw new Error(
    `The embedded database in ${dataDir} was made by PostgreSQL ${major} (an earlier release's PGlite); this release embeds PostgreSQL ${PGLITE_PG_MAJOR} and cannot open it. Nothing was changed. To keep its data, convert it as docs/operations.md ("Upgrading the embedded database") says; to start afresh, move the directory away.`,
  );
}

/**
 * PGlite's own start parameters plus a smaller buffer cache. Its data directory's postgresql.conf says
 * 128 MB of shared buffers, which the engine allocates and touches inside its WASM memory at open: about
 * 140 MB of the process's resident memory, for a cache the operating system's page cache duplicates (the
 * engine reads its files through Node's fs). 16 MB holds the demo stores' working set
 * (docs/decisions/0151-embedded-database-at-rest.md).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * V8 compiles PGlite's WASM engine with its baseline compiler only. With tiering on, the first queries
 * send the engine's largest functions (the SQL parser, the executor) to the optimising compiler, which
 * takes the process to ~850 MB for a moment and leaves ~90 MB more resident for good (memory freed in
 * its compiler threads' malloc arenas stays with the process); the baseline code costs 10–20 % more
 * CPU per query. Set before the engine's module is compiled (PGlite.create), process-wide: no other
 * WASM runs in the server (docs/decisions/0151-embedded-database-at-rest.md).
 */
function useBaselineWasmOnly(): void {
  setFlagsFromString('--no-wasm-tier-up');
  setFlagsFromString('--no-wasm-dynamic-tiering');
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  useBaselineWasmOnly();
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    checkPgliteDataDir(dataDir);
    unlock = lockDataDir(dataDir);
  }
  try {
    const client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      extensions: { pg_trgm, btree_gin },
      startParams: PGLITE_START_PARAMS,
    });
    const database = wrapPglite(client);
    const close = database.close;
    database.close = async () => {
      await close();
      unlock();
    };
    return database;
  } catch (e) {
    unlock();
    throw e;
  }
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    // One engine call per query, statements kept prepared (pglite-query.ts, docs/decisions/0110).
    query: pgliteQuery(client),
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/**
 * A node-postgres pool that survives the server going away (pg_terminate_backend, a restart, a failover):
 * - every client gets an `error` listener for its whole life. pg-pool listens only while a client is idle;
 *   a client checked out for a transaction (or held for an advisory lock) that loses its connection would
 *   otherwise emit an unhandled `error` and end the process;
 * - a connection attempt gives up after `connectTimeoutMs`, so a request never hangs on an unreachable host.
 * The broken client is discarded; the next checkout opens a fresh connection (pg-pool does that itself).
 */
export function createPool(
  connectionString: string,
  opts: { max: number; applicationName?: string; connectTimeoutMs?: number },
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: opts.max,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
    ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
  });
  const ignore = () => {
    /* the query in flight (if any) fails on its own; the client is replaced on the next checkout */
  };
  pool.on('error', ignore);
  pool.on('connect', (client) => {
    client.on('error', ignore);
    timeQueries(client);
  });
  return pool;
}

export function openPostgres(
  connectionString: string,
  max = 10,
  replica?: { url: string; maxLagMs: number },
): Database {
  const pool = createPool(connectionString, { max, applicationName: 'merchant-console' });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  // The replica's connect time-out is short: a read waits for it at most once before going to the primary.
  const reads = replica
    ? new ReplicaReads(
        createPool(replica.url, { max, applicationName: 'merchant-console-reads', connectTimeoutMs: 2000 }),
        pool,
        { maxLagMs: replica.maxLagMs },
      )
    : undefined;
  return {
    db,
    driver: 'pg',
    pool,
    connectionString,
    ...(reads ? { replica: reads } : {}),
    query: poolQuery(pool),
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await reads?.close();
      await pool.end();
    },
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  databasePoolSize?: number;
  databaseReplicaUrl?: string;
  replicaMaxLagMs?: number;
}): Promise<Database> {
  if (opts.databaseUrl)
    return openPostgres(
      opts.databaseUrl,
      opts.databasePoolSize,
      opts.databaseReplicaUrl
        ? { url: opts.databaseReplicaUrl, maxLagMs: opts.replicaMaxLagMs ?? 5000 }
        : undefined,
    );
  return openPglite(path.join(opts.dataDir, 'pglite'));
}

/** The handle for reads that tolerate the replica's lag: routed per query to the replica, else the primary's. */
export function readDb(database: Database): Db {
  return database.replica?.db ?? database.db;
}

/** Raw SQL that tolerates the replica's lag (as readDb). */
export function readQuery(database: Database): RawQuery {
  return database.replica?.query ?? database.query;
}

/**
 * Runs `read` on the replica as a whole — its db, query and pool (cursors, COPY) are the replica's — when
 * it is usable and has replayed everything the primary had committed when this was called, so a job reads
 * at least what it was queued after; else on `database`. A read that fails on the replica runs again, whole,
 * on the primary: `read` must start from nothing each time (no output kept from a failed attempt).
 */
export async function withReadDatabase<T>(
  database: Database,
  read: (database: Database) => Promise<T>,
): Promise<T> {
  const replica = database.replica;
  if (!replica) return read(database);
  if (await replica.caughtUpWithPrimary()) {
    try {
      const out = await read(replicaView(replica));
      replica.counted('replica');
      return out;
    } catch (error) {
      replica.failed(error);
    }
  }
  replica.counted('primary_fallback');
  return read(database);
}

function replicaView(replica: ReplicaReads): Database {
  const refuse = () => Promise.reject(new Error('the read replica is read-only and closed with its primary'));
  return {
    db: replica.replicaDb,
    driver: 'pg',
    pool: replica.pool,
    query: replica.replicaQuery,
    migrate: refuse,
    close: refuse,
  };
}
