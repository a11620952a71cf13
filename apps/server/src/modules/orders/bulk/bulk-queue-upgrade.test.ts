/**
 * A database from the previous release: its job queue schema is pg-boss 10's (schema version 24), which
 * pg-boss 12 cannot migrate (docs/decisions/0118). Starting the queue renames it `pgboss_v10`, pg-boss
 * installs its own, and a batch whose pg-boss 10 job was still waiting is queued again and finishes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildMerchantWithOwner, buildOrder, useTestApp } from '../../../test/harness.ts';
import { BULK_QUEUE, PGBOSS_V10_SCHEMA, retirePgBoss10Schema, startBulkJobs } from './bulk-queue.ts';
import { backdateBatch, insertOwnerBatch } from './test-fixtures.ts';

const t = useTestApp();

/** Runs a script (no parameters) on either engine. */
async function script(text: string): Promise<void> {
  const { database } = t.ctx;
  if (database.pglite) await database.pglite.exec(text);
  else await database.pool!.query(text);
}

describe('a pg-boss 10 job queue schema', () => {
  it('is renamed pgboss_v10; pg-boss 12 installs its own and the waiting batch runs', async () => {
    const owner = await buildMerchantWithOwner(t);
    const orderId = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'SUBMITTED' });
    const batchId = await insertOwnerBatch(t.ctx, owner, 'accept', [orderId]);
    await backdateBatch(t.ctx, batchId);
    // The schema and the queue as the previous release left them, with the batch's job still waiting.
    await script(readFileSync(new URL('./pgboss-10-schema.sql', import.meta.url), 'utf8'));
    await script(
      `SELECT pgboss.create_queue('${BULK_QUEUE}', '{"policy":"standard","retryLimit":5,"retryDelay":1}'::json);
       INSERT INTO pgboss.job (name, data) VALUES ('${BULK_QUEUE}', '{"batchId":"${batchId}"}'::jsonb);`,
    );
    const q = t.ctx.database.query;
    expect(await q('SELECT version FROM pgboss.version')).toEqual([{ version: 24 }]);

    const jobs = await startBulkJobs(t.ctx, { sweepIntervalMs: 200 });
    expect(jobs.mode).toBe('work');
    // The old schema is kept under its new name, with its job; the new one is pg-boss 12's.
    expect(await q(`SELECT count(*)::int AS n FROM ${PGBOSS_V10_SCHEMA}.job`)).toEqual([{ n: 1 }]);
    const [{ version }] = (await q<{ version: number }>('SELECT version FROM pgboss.version')) as [
      { version: number },
    ];
    expect(version).toBeGreaterThanOrEqual(26);
    expect(await jobs.waitForBatch(batchId, 20_000)).toBe(true);
    const [row] = await q<{ state: string }>('SELECT state FROM batches WHERE id = $1', [batchId]);
    expect(row?.state).toBe('done');
    const [order] = await q<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
    expect(order?.status).toBe('MERCHANT_ACCEPTED');

    // Idempotent: a second start (another process, a restart) leaves both schemas alone.
    const exec = async (text: string) => ({ rows: await q(text) });
    expect(await retirePgBoss10Schema(exec)).toBe(false);
  });
});
