/**
 * "Is someone running this batch right now?" — the liveness check that lets a restarted server pick up
 * a batch whose worker died.
 * - PostgreSQL: a session advisory lock held on a dedicated connection for as long as the batch runs;
 *   when the process dies, its connection closes and the lock is released, so any process can tell.
 * - PGlite: only one process can open the data directory, so an in-process set is the whole truth.
 */
import { createPool, type Database } from '../../../db/client.ts';

export interface BatchLocks {
  /** Takes the batch's lock; null if another worker holds it. */
  acquire(batchId: string): Promise<(() => Promise<void>) | null>;
  /** True when no live worker (here or in another process) holds the batch's lock. */
  isFree(batchId: string): Promise<boolean>;
  close(): Promise<void>;
}

const key = (batchId: string) => `bulk-batch:${batchId}`;

export function createBatchLocks(database: Database): BatchLocks {
  const local = new Set<string>();
  if (database.driver !== 'pg' || !database.connectionString) {
    return {
      async acquire(batchId) {
        if (local.has(batchId)) return null;
        local.add(batchId);
        return async () => {
          local.delete(batchId);
        };
      },
      async isFree(batchId) {
        return !local.has(batchId);
      },
      async close() {
        local.clear();
      },
    };
  }
  // createPool: a held lock's client that loses its connection (the lock goes with it) must not end the
  // process; the batch's steps are idempotent, so another worker resuming it meanwhile does no harm.
  const pool = createPool(database.connectionString, { max: 4, applicationName: 'bulk-locks' });
  return {
    async acquire(batchId) {
      if (local.has(batchId)) return null;
      local.add(batchId);
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok',
          [key(batchId)],
        );
        if (!rows[0]?.ok) {
          client.release();
          local.delete(batchId);
          return null;
        }
      } catch (error) {
        client.release(true);
        local.delete(batchId);
        throw error;
      }
      return async () => {
        local.delete(batchId);
        try {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key(batchId)]);
          client.release();
        } catch {
          client.release(true);
        }
      };
    },
    async isFree(batchId) {
      if (local.has(batchId)) return false;
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok',
          [key(batchId)],
        );
        if (rows[0]?.ok)
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key(batchId)]);
        return Boolean(rows[0]?.ok);
      } finally {
        client.release();
      }
    },
    async close() {
      local.clear();
      await pool.end();
    },
  };
}
