/**
 * Reads that tolerate a few seconds of lag, on a PostgreSQL streaming replica (DATABASE_REPLICA_URL,
 * docs/decisions/0145-read-replica.md): the reports summary, inventory, and the reads of bulk batches.
 *
 * - The lag guard: before a read goes to the replica, its lag is known — measured on the replica at most
 *   once a second (`checkEveryMs`), never per query. A replica that is fully caught up (everything it
 *   received is replayed, and it is streaming) has lag 0: on an idle primary `pg_last_xact_replay_timestamp()`
 *   grows old even though nothing is missing. Otherwise the lag is the age of the last replayed commit.
 *   Past `maxLagMs`, unreachable, or not a standby at all: the read goes to the primary.
 * - A read that fails on the replica runs again on the primary: the caller never sees the replica's failure.
 * - One calm line when reads leave the replica (warn: why, never the URL) and one when they come back (info).
 *
 * This module imports no other database module (client.ts builds it), so the two never import each other.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { databaseUnavailableReason } from './connection-errors.ts';
import * as schema from './schema.ts';

type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
type RawQuery = <R = Record<string, unknown>>(
  text: string,
  params?: unknown[],
  opts?: { prepare?: string },
) => Promise<R[]>;

/**
 * One raw query on a node-postgres pool; with `prepare`, under that name, so each connection parses and
 * plans the text once (docs/decisions/0149).
 */
export function poolQuery(pool: pg.Pool): RawQuery {
  return async (text, params, opts) =>
    (
      await (opts?.prepare
        ? pool.query({ name: opts.prepare, text, values: params })
        : pool.query(text, params))
    ).rows;
}

/** Where a read that may use the replica went. */
export type ReadTarget = 'replica' | 'primary_fallback';

export interface ReplicaStatus {
  /** Reads may go to the replica. */
  usable: boolean;
  /** The lag the last check saw (ms); null when it could not tell. */
  lagMs: number | null;
  /** Why reads do not go to the replica (`lagging`, `ECONNREFUSED`, `not a standby`, …); null when usable. */
  reason: string | null;
  checkedAt: number;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ReplicaOptions {
  /** REPLICA_MAX_LAG_MS: past this, reads go to the primary. */
  maxLagMs: number;
  /** How long one lag check is trusted (1 s). */
  checkEveryMs?: number;
  /** The lag check's own deadline, so a replica that stopped answering never holds a request for long. */
  checkTimeoutMs?: number;
  log?: Log;
}

/**
 * One statement: is it a standby, is it caught up with what it received while streaming, what it has
 * received, and how old is the last commit it replayed. `pg_stat_wal_receiver` has a row only while a WAL
 * receiver runs (its pid is visible to every role): a standby cut off from its primary has replayed all it
 * received, yet is behind.
 */
const LAG_SQL = `SELECT pg_is_in_recovery() AS standby,
  coalesce(pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn(), false)
    AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver) AS caught_up,
  pg_last_wal_receive_lsn()::text AS received,
  (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS lag_ms`;

/**
 * WAL that is not a commit (a checkpoint, vacuum, hint bits) arrives on an idle primary too: caught
 * between receiving and replaying it, the replica is "not caught up" while its last commit is old. So a
 * replica that is not caught up gets a second look this much later: if it has replayed what it had
 * received at the first, it keeps up (its lag is at most this wait); if not, the commit's age is the lag.
 */
const SECOND_LOOK_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A pool-shaped router for Drizzle: each query goes to the replica or the primary (ReplicaReads.route).
 * Its name says Pool so Drizzle's `transaction()` checks a client out with `connect()`: a transaction is
 * one connection, and goes to the primary whole.
 */
class ReadRoutingPool {
  constructor(
    private readonly reads: ReplicaReads,
    private readonly primary: pg.Pool,
  ) {}

  query(...args: unknown[]): Promise<unknown> {
    return this.reads.route((pool) => (pool.query as (...a: unknown[]) => Promise<unknown>)(...args));
  }

  connect(): Promise<pg.PoolClient> {
    return this.primary.connect();
  }
}

export class ReplicaReads {
  /** Per query: the replica while it is usable, else the primary (with the retry). */
  readonly db: Db;
  readonly query: RawQuery;
  /** Straight to the replica, no routing: for a read already routed as a whole (withReadDatabase). */
  readonly replicaDb: Db;
  readonly replicaQuery: RawQuery;
  private log: Log | undefined;
  private readonly maxLagMs: number;
  private readonly checkEveryMs: number;
  private readonly checkTimeoutMs: number;
  private current: ReplicaStatus = { usable: false, lagMs: null, reason: 'not checked yet', checkedAt: 0 };
  private checking: Promise<ReplicaStatus> | null = null;
  /** What the last line said, so only a change writes one. */
  private said: 'replica' | 'primary' | null = null;
  private readonly listeners = new Set<(target: ReadTarget) => void>();

  constructor(
    /** The replica's pool (DATABASE_REPLICA_URL). */
    readonly pool: pg.Pool,
    private readonly primary: pg.Pool,
    opts: ReplicaOptions,
  ) {
    this.maxLagMs = opts.maxLagMs;
    this.checkEveryMs = opts.checkEveryMs ?? 1000;
    this.checkTimeoutMs = opts.checkTimeoutMs ?? 2000;
    this.log = opts.log;
    this.db = drizzle({ client: new ReadRoutingPool(this, primary) as never, schema }) as unknown as Db;
    this.query = async (text, params, opts) => this.route((p) => poolQuery(p)(text, params, opts));
    this.replicaDb = drizzle({ client: pool, schema }) as unknown as Db;
    this.replicaQuery = poolQuery(pool);
  }

  /** Where the fallback and recovery lines go (the app's logger, once it exists). */
  useLog(log: Log): void {
    this.log = log;
  }

  /** The last check's answer (metrics). */
  get status(): ReplicaStatus {
    return this.current;
  }

  /** Calls `listener` with the target of every read routed here; returns the unsubscribe. */
  onRead(listener: (target: ReadTarget) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  counted(target: ReadTarget): void {
    for (const listener of this.listeners) listener(target);
  }

  /** Runs `run` on the replica when it is usable, else on the primary; a failure on the replica runs it again on the primary. */
  async route<T>(run: (pool: pg.Pool) => Promise<T>): Promise<T> {
    if (await this.usable()) {
      try {
        const out = await run(this.pool);
        this.counted('replica');
        return out;
      } catch (error) {
        this.failed(error);
      }
    }
    this.counted('primary_fallback');
    return run(this.primary);
  }

  /**
   * Whether reads may go to the replica now. A fresh answer (under `checkEveryMs`) is used as it is; an
   * older one is checked again — waited for while the replica was usable (a check takes a millisecond),
   * not while it was not (the read goes to the primary at once and the check runs beside it, so a replica
   * that does not answer never slows a request down more than once).
   */
  async usable(): Promise<boolean> {
    const s = this.current;
    if (Date.now() - s.checkedAt < this.checkEveryMs) return s.usable;
    const check = this.check();
    if (!s.usable && s.checkedAt !== 0) return false;
    return (await check).usable;
  }

  /**
   * Whether the replica has replayed everything the primary had written when this was called, waiting up
   * to `waitMs` for it: a job reads on the replica only what it was queued after (read-your-writes).
   */
  async caughtUpWithPrimary(waitMs = 1000): Promise<boolean> {
    if (!(await this.usable())) return false;
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      const lsn = rows[0]?.lsn;
      const deadline = Date.now() + waitMs;
      for (;;) {
        const { rows: r } = await this.pool.query<{ ok: boolean }>({
          text: 'SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) AS ok',
          values: [lsn],
          query_timeout: this.checkTimeoutMs,
        } as pg.QueryConfig);
        if (r[0]?.ok) return true;
        if (Date.now() >= deadline) return false;
        await sleep(20);
      }
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  /** A read failed on the replica: one that could not reach it stops its reads until the next check. */
  failed(error: unknown): void {
    const reason = databaseUnavailableReason(error);
    if (reason) this.settle({ usable: false, lagMs: null, reason, checkedAt: Date.now() });
  }

  /** Measures now (coalesced: one check at a time). */
  check(): Promise<ReplicaStatus> {
    this.checking ??= this.measure()
      .then((status) => {
        this.settle(status);
        return status;
      })
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  private async measure(): Promise<ReplicaStatus> {
    const checkedAt = Date.now();
    const no = (reason: string, lagMs: number | null = null): ReplicaStatus => ({
      usable: false,
      lagMs,
      reason,
      checkedAt,
    });
    try {
      const started = Date.now();
      const { rows } = await this.pool.query<{
        standby: boolean;
        caught_up: boolean;
        received: string | null;
        lag_ms: number | null;
      }>({ text: LAG_SQL, query_timeout: this.checkTimeoutMs } as pg.QueryConfig);
      const row = rows[0];
      // A server that is not in recovery is not a copy of the primary this guard can measure: never read it.
      if (!row?.standby) return no('not a standby');
      let lagMs = row.caught_up ? 0 : row.lag_ms === null ? null : Math.max(0, Number(row.lag_ms));
      if (!row.caught_up && row.received !== null && (lagMs === null || lagMs > SECOND_LOOK_MS)) {
        await sleep(SECOND_LOOK_MS);
        const { rows: again } = await this.pool.query<{ replayed: boolean; streaming: boolean }>({
          text: `SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) AS replayed,
                   EXISTS (SELECT 1 FROM pg_stat_wal_receiver) AS streaming`,
          values: [row.received],
          query_timeout: this.checkTimeoutMs,
        } as pg.QueryConfig);
        if (again[0]?.replayed && again[0].streaming) lagMs = Date.now() - started;
      }
      if (lagMs === null) return no('lag unknown');
      if (lagMs > this.maxLagMs) return no('lagging', lagMs);
      return { usable: true, lagMs, reason: null, checkedAt };
    } catch (error) {
      return no(databaseUnavailableReason(error) ?? 'check failed');
    }
  }

  private settle(status: ReplicaStatus): void {
    this.current = status;
    const now = status.usable ? 'replica' : 'primary';
    if (now === this.said) return;
    const before = this.said;
    this.said = now;
    const lag = status.lagMs === null ? {} : { lagMs: Math.round(status.lagMs) };
    if (status.usable)
      this.log?.info(
        { replica: { ...lag, maxLagMs: this.maxLagMs } },
        before === null ? 'read replica in use' : 'read replica back in use: its reads leave the primary',
      );
    else
      this.log?.warn(
        { replica: { reason: status.reason, ...lag, maxLagMs: this.maxLagMs } },
        'read replica not used: its reads go to the primary',
      );
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.checking?.catch(() => undefined);
    await this.pool.end();
  }
}
