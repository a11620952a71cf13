/**
 * Concurrent order writers for the reports benchmark (docs/decisions/0146): N connections, each changing the
 * status of its own orders back and forth (submitted ↔ accepted, so every change moves the day's accepted
 * count and revenue, the brand's and the method's revenue and the accept histogram), each change one
 * transaction with its history row, as transitionOrder writes it. All the orders are of one store and one
 * local day: every writer adds its deltas to the same store-day, the worst case for the kept figures. Both
 * statuses are on the orders list's active tab, so merchant_tab_counts (migration 0001) is not written: its
 * trigger updates the two tabs' rows one after the other, and opposite moves between tabs (accepted ↔
 * rejected) from 20 connections wait on those rows (docs/benchmarks.md, Reports summary).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './common.ts';

export interface WriteRun {
  writes: number;
  perSecond: number;
  errors: Record<string, number>;
}

/** Up to `limit` orders of the store's local `day`, all set to SUBMITTED to start from. */
export async function writerOrders(
  url: string,
  merchantId: string,
  timezone: string,
  day: string,
  limit = 120,
): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ id: string }>(
    `SELECT id FROM orders WHERE merchant_id = $1 AND date_submitted >= ($2::date::timestamp AT TIME ZONE $3)
       AND date_submitted < (($2::date + 1)::timestamp AT TIME ZONE $3) ORDER BY id LIMIT $4`,
    [merchantId, day, timezone, limit],
  );
  const ids = r.rows.map((x) => x.id);
  await c.query(`UPDATE orders SET status = 'SUBMITTED' WHERE id = ANY($1::text[])`, [ids]);
  await c.end();
  return ids;
}

/** `writers` connections change statuses for `seconds`; returns the committed changes per second. */
export async function runWriters(
  url: string,
  ids: string[],
  writers: number,
  seconds: number,
): Promise<WriteRun> {
  const pool = new pg.Pool({ connectionString: url, max: writers });
  const status = new Map(ids.map((id) => [id, 'SUBMITTED']));
  const errors: Record<string, number> = {};
  let writes = 0;
  const t0 = Date.now();
  const stopAt = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const mine = ids.filter((_, i) => i % writers === w);
      if (mine.length === 0) return;
      const c = await pool.connect();
      try {
        for (let k = 0; Date.now() < stopAt; k++) {
          const id = mine[k % mine.length]!;
          const from = status.get(id)!;
          const to = from === 'SUBMITTED' ? 'MERCHANT_ACCEPTED' : 'SUBMITTED';
          try {
            await c.query('BEGIN');
            await c.query(
              'UPDATE orders SET status = $2, version = version + 1, updated_at = now() WHERE id = $1 AND status = $3',
              [id, to, from],
            );
            await c.query(
              `INSERT INTO order_history (order_id, actor_type, action, from_status, to_status)
               VALUES ($1, 'merchant', 'bench', $2, $3)`,
              [id, from, to],
            );
            await c.query('COMMIT');
            status.set(id, to);
            writes++;
          } catch (e) {
            await c.query('ROLLBACK').catch(() => {});
            const code = (e as { code?: string }).code ?? 'other';
            errors[code] = (errors[code] ?? 0) + 1;
          }
        }
      } finally {
        c.release();
      }
    }),
  );
  const elapsed = (Date.now() - t0) / 1000;
  await pool.end();
  return { writes, perSecond: writes / elapsed, errors };
}

/** Migration 0016's statements, for the benchmark's with/without runs (the same text, not a copy). */
function migration0016(): string[] {
  return readFileSync(path.join(ROOT, 'apps/server/drizzle/0016_reports_kept_day_figures.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim());
}

/** The kept figures' trigger and indexes off (the write path as it was before migration 0016). */
export async function keptOff(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const t of ['ins', 'upd', 'del'])
    await c.query(`ALTER TABLE orders DISABLE TRIGGER orders_keep_report_days_${t}`);
  await c.query('DROP INDEX IF EXISTS orders_merchant_open_accepted_idx');
  await c.query('DROP INDEX IF EXISTS orders_merchant_accept_bucket_idx');
  await c.end();
}

/**
 * The kept figures back on: the migration's indexes and trigger function with `slots` write slots (the
 * migration's is 4), the trigger enabled, and the store's figures rebuilt (the writes made while off
 * were not counted). Returns the rebuild's milliseconds.
 */
export async function keptOn(url: string, merchantId: string, slots: number): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const stmts = migration0016();
  for (const s of stmts.filter((x) => x.includes('CREATE INDEX IF NOT EXISTS'))) await c.query(s);
  const fn = stmts.find((x) => x.includes('FUNCTION orders_keep_report_days()'));
  if (!fn?.includes('pg_backend_pid() % 4')) throw new Error('migration 0016 trigger function not found');
  await c.query(fn.replace('pg_backend_pid() % 4', `pg_backend_pid() % ${slots}`));
  for (const t of ['ins', 'upd', 'del'])
    await c.query(`ALTER TABLE orders ENABLE TRIGGER orders_keep_report_days_${t}`);
  const t0 = process.hrtime.bigint();
  await c.query('SELECT report_days_rebuild($1)', [merchantId]);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  await c.query('VACUUM (ANALYZE) report_day_figures');
  await c.end();
  return ms;
}
