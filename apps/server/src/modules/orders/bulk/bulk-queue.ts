/**
 * The bulk-batch queue: pg-boss on the project's own database (PGlite through pg-boss's `db` option,
 * PostgreSQL through its connection string), so a batch is as durable as the orders it touches.
 *
 * A job carries only a batch id; the batch's items are the durable record of progress and every step is
 * idempotent (see modules/orders/bulk/run-batch.ts). A batch whose worker died (SIGKILL, power loss) is
 * found by the sweeper — unfinished, no live lock (batch-lock.ts), no waiting job — and queued again,
 * at start-up and then every few seconds.
 *
 * Roles (ROLE, docs/operations.md): a `work` queue (ROLE=all or worker) runs jobs, the sweeper and pg-boss's
 * maintenance; an `enqueue` queue (ROLE=api) only sends jobs — no worker, no sweeper, no maintenance.
 * On PostgreSQL pg-boss runs over a pool of ours (db/client.ts createPool), so a dropped connection never
 * ends the process; its workers keep polling and pick up again once the database is back. Stopping aborts
 * the running batches between two orders: their jobs fail and are retried by another worker.
 *
 * pg-boss 11 rewrote its schema and migrates nothing older (docs/decisions/0118): a `pgboss` schema left by
 * pg-boss 10 is renamed `pgboss_v10` before pg-boss starts, which installs a new one; the sweeper then
 * queues again every batch that was still waiting, since the batch rows, not the jobs, are the record.
 */
import { EventEmitter, once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { type JobWithMetadata, PgBoss } from 'pg-boss';
import type { AppContext } from '../../../context.ts';
import { createPool, type Database } from '../../../db/client.ts';
import { isDatabaseUnavailable } from '../../../db/connection-errors.ts';
import type { QueueStats } from '../../../lib/metrics.ts';
import { type OutageSource, outageLogOf } from '../../../lib/outage-log.ts';
import { currentTraceparent, inSpan } from '../../../lib/tracing.ts';
import { type BatchLocks, createBatchLocks } from './batch-lock.ts';
import { stopRenderPool } from './render-pool.ts';
import { failBatch, type RunBatchOptions, runBatch } from './run-batch.ts';

export const BULK_QUEUE = 'bulk-batch';
const RETRY_LIMIT = 5;

export interface BulkJobsOptions extends RunBatchOptions {
  /** How often the sweeper looks for orphaned batches (default 5 s). */
  sweepIntervalMs?: number;
  /** Jobs worked at once by this process (default 2). */
  workers?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** `work` runs jobs; `enqueue` only sends them. Default: from ROLE (api → enqueue). */
  mode?: 'work' | 'enqueue';
  /** How long stop() lets running batches wind down before failing their jobs (default 7 s). */
  stopTimeoutMs?: number;
}

export interface BulkJobs {
  readonly mode: 'work' | 'enqueue';
  /** The process's pg-boss, which other queues (staff alerts) share rather than start their own. */
  readonly boss: PgBoss;
  enqueue(batchId: string): Promise<void>;
  /** Resolves when the batch is done or failed, or after `timeoutMs` (whichever first). */
  waitForBatch(batchId: string, timeoutMs: number): Promise<boolean>;
  /** One sweep now (tests, start-up). */
  sweep(): Promise<number>;
  /**
   * Stops taking jobs and interrupts the running batches (they stop between two orders and their jobs
   * fail, to be retried by another worker); waits for them up to `timeoutMs`. Enqueueing still works,
   * so requests in flight during a shutdown can finish.
   */
  stopWorking(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss's `db` option over the PGlite instance: one connection, so multi-statement scripts run exclusively.
 * Not pg-boss's own `fromPglite`: after a failed script that adapter sends ROLLBACK as a separate call, and
 * on an instance the app shares, another caller's query can run in the aborted transaction between the two;
 * here the script runs inside PGlite's transaction(), which holds the lock until it is rolled back.
 */
function pgliteExecutor(database: Database) {
  const client = database.pglite;
  if (!client) throw new Error('PGlite instance missing');
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return client.query(text, values);
      if (!text.includes(';')) return client.query(text);
      // Scripts (migrations, locked maintenance) carry their own BEGIN/COMMIT; the wrapping transaction
      // holds PGlite's lock for the whole script and rolls back if a statement fails.
      // The rows of every statement, in order, as pg-boss reads node-postgres' multi-statement results (a
      // RETURNING before the closing COMMIT is what its locked commands answer with).
      const results = await client.transaction(async (tx) => tx.exec(text));
      return { rows: results.flatMap((r) => r.rows) };
    },
  };
}

/** The schema a pg-boss 10 install left (its version table says 24 or less), renamed out of pg-boss 12's way. */
export const PGBOSS_V10_SCHEMA = 'pgboss_v10';

/**
 * pg-boss 12 refuses a schema older than pg-boss 11's (version 25): there is no migration from pg-boss 10.
 * Rename such a schema to `pgboss_v10` (kept for the operator to inspect or drop), once, under an advisory
 * lock so that processes starting together agree; pg-boss then installs its own schema as on a new database.
 */
export async function retirePgBoss10Schema(
  executeSql: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<boolean> {
  const { rows } = await executeSql(
    `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'pgboss' AND c.relname = 'version' AND c.relkind = 'r'`,
  );
  if (rows.length === 0) return false;
  const [found] = (await executeSql('SELECT max(version) AS version FROM pgboss.version')).rows as {
    version: number | null;
  }[];
  if (found?.version == null || found.version >= 25) return false;
  await executeSql(`DO $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('merchant-console:pg-boss-10-schema'));
  IF to_regclass('pgboss.version') IS NULL THEN RETURN; END IF;
  IF (SELECT max(version) FROM pgboss.version) >= 25 THEN RETURN; END IF;
  IF to_regnamespace('${PGBOSS_V10_SCHEMA}') IS NOT NULL THEN
    RAISE EXCEPTION 'the job queue schema "pgboss" is from pg-boss 10 and "${PGBOSS_V10_SCHEMA}" exists already: drop one of them (docs/operations.md)';
  END IF;
  ALTER SCHEMA pgboss RENAME TO ${PGBOSS_V10_SCHEMA};
END $$`);
  return true;
}

/**
 * The queue's depth for `/metrics`, read from pg-boss's job table by any process (an API process that only
 * enqueues reports it too); null before pg-boss made its schema.
 */
export async function bulkQueueStats(database: Database): Promise<QueueStats | null> {
  const [exists] = await database.query<{ ok: boolean }>(
    "SELECT to_regclass('pgboss.job') IS NOT NULL AS ok",
  );
  if (!exists?.ok) return null;
  const [row] = await database.query<{ queued: number; active: number; oldest: number | null }>(
    `SELECT count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS queued,
            count(*) FILTER (WHERE state = 'active')::int AS active,
            extract(epoch FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry')))::float8 AS oldest
       FROM pgboss.job WHERE name = $1`,
    [BULK_QUEUE],
  );
  return { queued: row?.queued ?? 0, active: row?.active ?? 0, oldestQueuedSeconds: row?.oldest ?? null };
}

const registry = new WeakMap<AppContext, Promise<BulkJobs>>();

/** The context's queue, started on first use (idempotent). */
export function startBulkJobs(ctx: AppContext, opts: BulkJobsOptions = {}): Promise<BulkJobs> {
  let started = registry.get(ctx);
  if (!started) {
    started = createBulkJobs(ctx, opts);
    registry.set(ctx, started);
    started.catch(() => registry.delete(ctx));
  }
  return started;
}

/** Stops taking jobs and interrupts running batches (shutdown, first step); enqueueing still works. */
export async function stopBulkWork(ctx: AppContext, timeoutMs?: number): Promise<void> {
  const jobs = await registry.get(ctx)?.catch(() => null);
  await jobs?.stopWorking(timeoutMs);
}

const managed = new WeakMap<AppContext, BulkJobsOptions>();

/**
 * The app owns the queue's life (app.ts): its options (the app's logger) are recorded here and the queue is
 * stopped when the app closes. The queue itself starts on first use (`bulkJobs`), or at start-up for a
 * worker (runtime/server.ts).
 */
export function manageBulkJobs(
  app: { addHook(name: 'onClose', hook: () => Promise<void>): unknown },
  ctx: AppContext,
  opts: BulkJobsOptions,
): void {
  managed.set(ctx, opts);
  app.addHook('onClose', async () => stopBulkJobs(ctx));
}

/** The context's queue (started now if it is not yet), with the options the app gave. */
export function bulkJobs(ctx: AppContext): Promise<BulkJobs> {
  return startBulkJobs(ctx, managed.get(ctx) ?? {});
}

export async function stopBulkJobs(ctx: AppContext): Promise<void> {
  const started = registry.get(ctx);
  if (!started) return;
  registry.delete(ctx);
  const jobs = await started.catch(() => null);
  await jobs?.stop();
}

/**
 * The fields of a job's start and end lines (info): queue, job id, batch id, attempt, and at the end the
 * duration and outcome, so an operator can follow each job in the worker's log (docs/operations.md, Logs).
 */
/** The outcome's first words as a metrics label: done, failed, interrupted, database_unavailable. */
const outcomeClass = (outcome: string) => (outcome.split(':')[0] ?? outcome).trim().replace(/\s+/g, '_');

function jobLine(
  job: JobWithMetadata<{ batchId: string; traceparent?: string }>,
  durationMs?: number,
  outcome?: string,
) {
  return {
    job: job.name,
    jobId: job.id,
    batchId: job.data.batchId,
    attempt: job.retryCount + 1,
    ...(durationMs === undefined ? {} : { durationMs: Math.round(durationMs) }),
    ...(outcome === undefined ? {} : { outcome }),
  };
}

async function createBulkJobs(ctx: AppContext, opts: BulkJobsOptions): Promise<BulkJobs> {
  const { database } = ctx;
  const log = opts.log;
  const mode = opts.mode ?? (ctx.config.role === 'api' ? 'enqueue' : 'work');
  const working = mode === 'work';
  const pool =
    database.driver === 'pg' && database.connectionString
      ? createPool(database.connectionString, { max: working ? 4 : 2, applicationName: 'bulk-jobs' })
      : null;
  const executor = pool
    ? { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) }
    : pgliteExecutor(database);
  if (pool) ctx.metrics?.watchPool('bulk-jobs', pool);
  const boss = new PgBoss({
    db: executor,
    ...(pool ? {} : { backend: 'pglite' as const }),
    schedule: false,
    supervise: working,
    // Named in pg-boss's instance registry (pgboss.instance) after the process's role.
    instanceName: `merchant-console-${mode}`,
    // No spans per poll into the error reporter's tracing; the queue is watched through the batches.
    openTelemetry: { enabled: false },
  });
  // pg-boss polls every second during an outage: one line per reason every 10 s (lib/outage-log.ts).
  const outage = log ? outageLogOf(log) : null;
  const unavailable = (source: OutageSource, error: unknown, msg: string) =>
    isDatabaseUnavailable(error) && (outage?.report(source, error, msg) ?? true);
  boss.on('error', (error) => {
    if (!unavailable('job queue', error, 'job queue: database unavailable; retrying'))
      log?.error({ err: error }, 'job queue error');
  });
  try {
    if (await retirePgBoss10Schema((text) => executor.executeSql(text)))
      log?.warn(
        { schema: PGBOSS_V10_SCHEMA },
        'job queue: the pg-boss 10 schema was renamed; unfinished batches are queued again',
      );
    await boss.start();
    await boss.createQueue(BULK_QUEUE, {
      retryLimit: RETRY_LIMIT,
      retryDelay: 1,
      expireInSeconds: 1800,
    });
  } catch (error) {
    await pool?.end().catch(() => {});
    throw error;
  }

  const locks: BatchLocks = createBatchLocks(database);
  const settled = new EventEmitter();
  settled.setMaxListeners(0);
  let stopping = false;
  const abort = new AbortController();

  let running = 0;
  const handle = async (jobs: JobWithMetadata<{ batchId: string; traceparent?: string }>[]) => {
    running += 1;
    try {
      await handleJobs(jobs);
    } finally {
      running -= 1;
      settled.emit('idle');
    }
  };
  const handleJobs = async (jobs: JobWithMetadata<{ batchId: string; traceparent?: string }>[]) => {
    for (const job of jobs) {
      const { batchId } = job.data;
      if (abort.signal.aborted) throw new Error('the job queue is stopping');
      const release = await locks.acquire(batchId);
      if (!release) {
        log?.info(jobLine(job, 0, 'skipped: another worker holds the batch'), 'job skipped');
        continue; // a live worker is on it already
      }
      const started = performance.now();
      let outcome = 'done';
      log?.info(jobLine(job), 'job started');
      try {
        await inSpan(`job ${BULK_QUEUE}`, { 'mc.batch_id': batchId }, job.data.traceparent, () =>
          runBatch(ctx, batchId, { ...opts, signal: abort.signal }),
        );
      } catch (error) {
        outcome = abort.signal.aborted
          ? 'interrupted: back to the queue'
          : isDatabaseUnavailable(error)
            ? 'database unavailable: resumed later'
            : job.retryCount >= job.retryLimit
              ? 'failed: batch marked failed'
              : 'failed: will be retried';
        // Stopping, or the database went away: nothing is wrong with the batch. The job fails (pg-boss
        // retries it) or, if the database could not even record that, the sweeper queues the batch again.
        if (abort.signal.aborted) {
          log?.info({ batchId }, 'bulk batch interrupted by shutdown; it resumes on another worker');
          throw error;
        }
        if (unavailable('bulk batch', error, 'bulk batch: database unavailable; it will be resumed'))
          throw error;
        log?.error({ err: error, batchId, attempt: job.retryCount }, 'bulk batch failed');
        if (job.retryCount >= job.retryLimit)
          await failBatch(ctx, batchId, 'Something went wrong, please try again');
        else throw error;
      } finally {
        const ms = performance.now() - started;
        log?.info(jobLine(job, ms, outcome), 'job finished');
        ctx.metrics?.jobFinished(BULK_QUEUE, outcomeClass(outcome), ms / 1000);
        await release();
        settled.emit(batchId);
      }
    }
  };
  const workerIds: string[] = [];
  const enqueue = async (batchId: string) => {
    // The request's trace continues in the job (lib/tracing.ts): its traceparent rides in the job's data.
    const traceparent = currentTraceparent();
    await boss.send(
      BULK_QUEUE,
      { batchId, ...(traceparent ? { traceparent } : {}) },
      { retryLimit: RETRY_LIMIT, retryDelay: 1 },
    );
    for (const id of workerIds) boss.notifyWorker(id);
  };

  /**
   * Unfinished batches nobody is working on and no job is waiting for: queue them again. An active job
   * counts as orphaned once started over 5 s ago (another process may have just fetched it) — except at
   * start-up on PGlite, where no other process can exist and no local worker runs yet.
   */
  const sweep = async (opts: { anyAge?: boolean } = {}): Promise<number> => {
    const candidates = await database.query<{ id: string }>(
      `SELECT id FROM batches WHERE state IN ('queued', 'running') AND created_at < now() - $1::interval ORDER BY created_at LIMIT 100`,
      [opts.anyAge ? '0 seconds' : '2 seconds'],
    );
    let requeued = 0;
    for (const { id } of candidates) {
      if (stopping) break;
      if (!(await locks.isFree(id))) continue;
      // Through pg-boss's API, not its tables: their layout changes between majors.
      const staleBefore = Date.now() - (opts.anyAge ? 0 : 5000);
      const jobs = await boss.findJobs<{ batchId: string }>(BULK_QUEUE, { data: { batchId: id } });
      const stale = (j: (typeof jobs)[number]) => !j.startedOn || j.startedOn.getTime() < staleBefore;
      if (
        jobs.some((j) => j.state === 'created' || j.state === 'retry' || (j.state === 'active' && !stale(j)))
      )
        continue;
      const orphans = jobs.filter((j) => j.state === 'active').map((j) => j.id);
      if (orphans.length) await boss.cancel(BULK_QUEUE, orphans);
      await enqueue(id);
      requeued += 1;
      log?.warn({ batchId: id, orphans }, 'bulk batch without a live worker: queued again');
    }
    return requeued;
  };

  const sweepSafely = () =>
    sweep().catch((error) => {
      if (stopping) return 0;
      if (!unavailable('bulk sweep', error, 'bulk sweep: database unavailable'))
        log?.error({ err: error }, 'bulk sweep failed');
      return 0;
    });
  let timer: NodeJS.Timeout | undefined;
  if (working) {
    await sweep({ anyAge: database.driver === 'pglite' }).catch((error) =>
      log?.error({ err: error }, 'bulk sweep failed'),
    );
    for (let i = 0; i < (opts.workers ?? 2); i++) {
      workerIds.push(
        // No type arguments: pg-boss infers the handler's shape (jobs with metadata) from the options.
        await boss.work(
          BULK_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
          handle,
        ),
      );
    }
    timer = setInterval(() => void sweepSafely(), opts.sweepIntervalMs ?? 5000);
    timer.unref();
  }

  let stoppedWorking: Promise<void> | null = null;
  const stopWorking = (timeoutMs = opts.stopTimeoutMs ?? 7000) => {
    stoppedWorking ??= (async () => {
      stopping = true;
      clearInterval(timer);
      abort.abort(new Error('the job queue is stopping'));
      if (!working) return;
      // Without waiting: the running batches were just aborted and get the wait below, bounded by timeoutMs.
      await boss.offWork(BULK_QUEUE, { wait: false }).catch(() => {});
      const deadline = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < deadline) {
        const ac = new AbortController();
        const t = setTimeout(() => ac.abort(), Math.min(250, deadline - Date.now()));
        await once(settled, 'idle', { signal: ac.signal }).catch(() => undefined);
        clearTimeout(t);
      }
    })();
    return stoppedWorking;
  };
  let stopped: Promise<void> | null = null;
  return {
    mode,
    boss,
    enqueue,
    sweep: () => sweep(),
    async waitForBatch(batchId, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await database.query<{ state: string }>('SELECT state FROM batches WHERE id = $1', [
          batchId,
        ]);
        if (!row || row.state === 'done' || row.state === 'failed') return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        const ac = new AbortController();
        const timer = setTimeout(() => ac.abort(), Math.min(left, 250));
        await once(settled, batchId, { signal: ac.signal }).catch(() => undefined);
        clearTimeout(timer);
      }
    },
    stopWorking,
    stop() {
      stopped ??= (async () => {
        await stopWorking();
        // What still runs after stopWorking's wait (a long PDF render) has its job failed by pg-boss,
        // so another worker retries it; the batch lock goes with this process's connections.
        await boss
          .stop({ graceful: true, timeout: 1000 })
          .catch((error) => log?.warn({ err: error }, 'job queue did not stop cleanly'));
        await locks.close().catch(() => {});
        ctx.metrics?.unwatchPool('bulk-jobs');
        await pool?.end().catch(() => {});
        await stopRenderPool();
      })();
      return stopped;
    },
  };
}
