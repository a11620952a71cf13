/**
 * One server process, started and stopped (main.ts is only the entry point):
 * - the database is prepared under the start-up lock (migrations, the demo seed when empty), so any
 *   number of processes may start together on an empty database;
 * - ROLE decides what runs: `api` serves HTTP and only enqueues jobs, `worker` runs the job queue and
 *   serves /healthz and /readyz, `all` does both;
 * - stop(): /readyz turns 503, the queue stops taking jobs and interrupts running batches (resumed by
 *   another worker), open event streams end, requests in flight finish (up to DRAIN_MS), then the
 *   database closes.
 */
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Adapters, AppContext } from '../context.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { loggerOptions } from '../lib/logging.ts';
import { startAlertJobs, stopAlertJobs } from '../modules/alerts/index.ts';
import { type BulkJobs, startBulkJobs, stopBulkJobs, stopBulkWork } from '../modules/orders/index.ts';
import { startWebhookWorker, stopWebhookWorker } from '../modules/webhooks/index.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import type { Readiness } from './health.ts';
import { withStartupLock } from './startup-lock.ts';

/** How long a stop waits for requests in flight before closing their connections. */
export const DRAIN_MS = 8000;
/** How long a stop lets running batches reach a safe point. */
export const QUEUE_STOP_MS = 7000;

export interface RunningServer {
  config: Config;
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  readiness: Readiness;
  /** The job queue this process works (null for ROLE=api). */
  jobs: BulkJobs | null;
  /** Graceful stop (idempotent). Resolves once everything is closed. */
  stop(reason?: string): Promise<void>;
}

type Log = Pick<pino.Logger, 'info' | 'warn' | 'error'>;

/**
 * The start-up line: what this process serves in its role, where, and on which database, so an operator
 * reading one container's log knows what it is (a worker does not serve the console).
 */
export function startupLine(
  config: Pick<Config, 'role' | 'publicUrl' | 'host' | 'port'>,
  driver: string,
): string {
  const where = `port ${config.port} on ${config.host}`;
  const db = `database: ${driver}`;
  if (config.role === 'worker')
    return `Merchant console worker (role: worker): runs the job queue; serves only /healthz and /readyz (${where}; ${db})`;
  const serves = `console, merchant API and marketplace intake at ${config.publicUrl} (${where})`;
  if (config.role === 'api')
    return `Merchant console API (role: api): serves the ${serves}; takes no jobs, only enqueues them (${db})`;
  return `Merchant console (role: all): serves the ${serves} and runs the job queue (${db})`;
}

/** Migrations and the demo seed, once per database (see startup-lock.ts). */
export async function prepareDatabase(database: Database, config: Config, log?: Log): Promise<void> {
  const work = async () => {
    await database.migrate();
    if (config.seedDemo && (await seedIfEmpty(database))) log?.info({}, 'seeded the demo data');
  };
  if (database.driver === 'pg' && database.connectionString)
    await withStartupLock(database.connectionString, work, { log });
  else await work();
}

export async function startServer(
  config: Config,
  opts: { adapters?: Partial<Adapters>; listen?: boolean } = {},
): Promise<RunningServer> {
  // The app's logger options (lib/logging.ts): an error logged before the app exists is scrubbed the same way.
  const bootLog = pino(loggerOptions(config));
  const readiness: Readiness = { migrated: false, draining: false };
  const database = await openDatabase(config);
  let app: FastifyInstance | null = null;
  try {
    await prepareDatabase(database, config, bootLog);
    readiness.migrated = true;
    const built = await buildApp({ config, database, readiness, adapters: opts.adapters });
    app = built.app;
    const { ctx } = built;
    app.addHook('onClose', async () => stopBulkJobs(ctx));
    app.addHook('onClose', async () => stopWebhookWorker(ctx));
    app.addHook('onClose', async () => stopAlertJobs(ctx));
    // Jobs start before we listen, so a batch interrupted by a crash is picked up again at once.
    const jobs = config.role === 'api' ? null : await startBulkJobs(ctx, { log: app.log });
    // Staff alerts share the worker's pg-boss (docs/decisions/0147).
    if (jobs) await startAlertJobs(ctx, jobs.boss, { log: app.log });
    // Webhook delivery is a worker's too (docs/decisions/0139); it stops with the app, before the database.
    if (config.role !== 'api') startWebhookWorker(ctx, { log: app.log });
    if (opts.listen !== false) await app.listen({ port: config.port, host: config.host });
    else await app.ready();

    const started = app;
    let stopping: Promise<void> | null = null;
    const stop = (reason = 'stop') => {
      stopping ??= (async () => {
        readiness.draining = true;
        started.log.info({ reason, role: config.role }, 'shutting down');
        // In parallel with the HTTP drain: running batches stop at a safe point and their jobs go back
        // to the queue for another worker.
        const queue = stopBulkWork(ctx, QUEUE_STOP_MS).catch((err) =>
          started.log.warn({ err }, 'job queue did not stop cleanly'),
        );
        const force = setTimeout(() => {
          started.log.warn({ afterMs: DRAIN_MS }, 'requests still in flight: closing their connections');
          started.server.closeAllConnections();
        }, DRAIN_MS);
        force.unref();
        try {
          await started.close(); // ends event streams (preClose), waits for requests, then the queue and LISTEN
        } finally {
          clearTimeout(force);
        }
        await queue;
        await database.close();
        started.log.info({ reason }, 'stopped');
      })();
      return stopping;
    };
    return { config, app, ctx, database, readiness, jobs, stop };
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}
