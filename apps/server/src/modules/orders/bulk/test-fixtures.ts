/**
 * Test fixtures of the bulk tools, not used by production code: batches as a test starts them, and many
 * orders fast (crash test, benchmark) by cloning one placed order with SQL.
 */
import type { BatchKind } from '@mc/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/client.ts';
import { batches } from '../../../db/schema.ts';
import { insertBatch } from './batch-store.ts';

/** A batch of `kind` over `orderIds`, started by the merchant's owner, stored but not queued. */
export function insertOwnerBatch(
  ctx: AppContext,
  owner: { merchant: { id: string }; user: { id: string } },
  kind: BatchKind,
  orderIds: string[],
): Promise<string> {
  return insertBatch(ctx, { merchantId: owner.merchant.id, userId: owner.user.id, kind, orderIds });
}

/** Dates a batch a minute back: old enough for the sweeper to take it for one no worker holds. */
export async function backdateBatch(ctx: AppContext, batchId: string): Promise<void> {
  await ctx.database.db
    .update(batches)
    .set({ created_at: new Date(Date.now() - 60_000) })
    .where(eq(batches.id, batchId));
}

async function columns(database: Database, table: string): Promise<string[]> {
  const rows = await database.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/**
 * Clones one placed order `count` times with SQL, with new ids, item ids (engraving children re-pointed to
 * their cloned parents) and spread submission times. Returns the new order ids: `${prefix}-000001` …
 */
export async function cloneOrders(
  database: Database,
  templateId: string,
  count: number,
  opts: { prefix?: string; status?: string; chunk?: number } = {},
): Promise<string[]> {
  const prefix = opts.prefix ?? 'CLONE';
  const chunk = opts.chunk ?? 5000;
  const orderCols = (await columns(database, 'orders')).filter((c) => c !== 'tab');
  const itemCols = await columns(database, 'order_items');
  const q = (c: string) => `"${c}"`;
  const orderSelect = orderCols.map((c) => {
    if (c === 'id') return `$2 || '-' || lpad(g::text, 6, '0')`;
    if (c === 'status' && opts.status) return `$4::text`;
    if (c === 'date_submitted') return `o.date_submitted - (g * interval '37 seconds')`;
    if (c === 'version') return '1';
    return `o.${q(c)}`;
  });
  const itemSelect = itemCols.map((c) => {
    if (c === 'id') return `md5(i.id::text || ':' || g)::uuid`;
    if (c === 'order_id') return `$2 || '-' || lpad(g::text, 6, '0')`;
    if (c === 'parent_line_item_id')
      return `CASE WHEN i.parent_line_item_id IS NULL THEN NULL ELSE md5(i.parent_line_item_id::text || ':' || g)::uuid END`;
    return `i.${q(c)}`;
  });
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    const params = opts.status
      ? [templateId, prefix, `${from},${to}`, opts.status]
      : [templateId, prefix, `${from},${to}`];
    const range = `generate_series(split_part($3, ',', 1)::int, split_part($3, ',', 2)::int) g`;
    await database.query(
      `INSERT INTO orders (${orderCols.map(q).join(', ')}) SELECT ${orderSelect.join(', ')} FROM orders o, ${range} WHERE o.id = $1`,
      params,
    );
    await database.query(
      `INSERT INTO order_items (${itemCols.map(q).join(', ')}) SELECT ${itemSelect.join(', ')} FROM order_items i, ${range} WHERE i.order_id = $1`,
      params.slice(0, 3),
    );
  }
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(6, '0')}`);
}
