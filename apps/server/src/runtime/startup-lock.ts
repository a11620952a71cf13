/**
 * Start-up work that must happen once per database, whatever the number of processes starting at the
 * same moment (migrations, the demo seed): it runs under a PostgreSQL session advisory lock held on a
 * dedicated connection. The first process migrates and seeds; the others wait, then find nothing to do.
 * The lock is released when the work ends — or when the process dies, with its connection.
 *
 * A server that is not up yet (compose starting both, a restart) is waited for: connection attempts
 * are retried with back-off for up to `waitMs`.
 */
import pg from 'pg';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';

/** The lock's name; pg_advisory_lock takes its 64-bit hash. */
export const STARTUP_LOCK = 'merchant-console:startup';

export interface StartupLockLog {
  info: (obj: unknown, msg: string) => void;
  warn: (obj: unknown, msg: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A connected client, retrying while the server is unavailable (not on bad credentials or a bad name). */
export async function connectWithRetry(
  connectionString: string,
  opts: { waitMs: number; log?: StartupLockLog; applicationName?: string },
): Promise<pg.Client> {
  const deadline = Date.now() + opts.waitMs;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5000,
      application_name: opts.applicationName ?? 'merchant-console-startup',
    });
    client.on('error', () => {
      /* a query in flight fails on its own */
    });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      if (!isDatabaseUnavailable(error) || Date.now() + delay > deadline) throw error;
      if (attempt === 1) opts.log?.warn({ err: error }, 'waiting for the database');
      await sleep(delay);
      delay = Math.min(delay * 2, 2000);
    }
  }
}

/** Runs `fn` while holding the start-up lock of the database at `connectionString`. */
export async function withStartupLock<T>(
  connectionString: string,
  fn: () => Promise<T>,
  opts: { waitMs?: number; log?: StartupLockLog } = {},
): Promise<T> {
  const client = await connectWithRetry(connectionString, { waitMs: opts.waitMs ?? 60_000, log: opts.log });
  try {
    const started = Date.now();
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [STARTUP_LOCK]);
    const waited = Date.now() - started;
    if (waited > 500) opts.log?.info({ waitedMs: waited }, 'start-up lock taken after another process');
    return await fn();
  } finally {
    // Ending the session releases the lock, even if the unlock query cannot run.
    await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [STARTUP_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}
