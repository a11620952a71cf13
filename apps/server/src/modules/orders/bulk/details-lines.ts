/**
 * The lines of a details batch, read straight from SQL already flattened: one row per item line (an order
 * without items gives one row with empty item columns), in the batch's selection order, then the items'
 * order. On PostgreSQL one query is read through a server-side cursor (pg-cursor) on a client of its own;
 * PGlite has no cursor outside a transaction (and a transaction would hold its only connection for the
 * whole file), so there the same SELECT is read in keyset pages of batch positions — never OFFSET. Both
 * are served by batch_items_batch_position_idx (migration 0010) and give the same rows in the same order;
 * details-csv.ts turns them into bytes. Decision 0105. The job on PostgreSQL has the database write the
 * text instead (details-copy.ts, decision 0108) and comes here only when that declines.
 */
import Cursor from 'pg-cursor';
import type { Database } from '../../../db/client.ts';
import type { OrderMoneyCents } from '../../../db/rows.ts';

/** One CSV line as read: the order's columns and one of its items (item columns null when it has none). */
export interface DetailsLine extends OrderMoneyCents {
  order_id: string;
  /** Milliseconds since the epoch (float8): cheaper to read than a timestamptz, formatted in the store's zone. */
  created_ms: number;
  printed_ms: number | null;
  status: string;
  delivery_method: string;
  courier_estimate_id: string | null;
  delivery_date: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  street_1: string | null;
  street_2: string | null;
  street_3: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string | null;
  has_item: boolean;
  item_name: string | null;
  merchant_sku: string | null;
  quantity: number | null;
  price_cents: number | null;
  item_subtotal_cents: number | null;
  tracking_provider: string | null;
  other_tracking_provider: string | null;
  tracking_id: string | null;
  tracking_url: string | null;
}

/** The SELECT list of a DetailsLine (orders o, order_items i). */
export const DETAILS_LINE_COLUMNS = `o.id AS order_id,
  (extract(epoch FROM o.date_submitted) * 1000)::float8 AS created_ms,
  (extract(epoch FROM o.printed_timestamp) * 1000)::float8 AS printed_ms,
  o.status, o.delivery_method, o.courier_estimate_id, o.delivery_date::text AS delivery_date,
  o.recipient->>'first_name' AS first_name, o.recipient->>'last_name' AS last_name,
  o.recipient->>'phone_number' AS phone_number, o.recipient->>'street_1' AS street_1,
  o.recipient->>'street_2' AS street_2, o.recipient->>'street_3' AS street_3, o.recipient->>'city' AS city,
  o.recipient->>'state' AS state, o.recipient->>'zipcode' AS zipcode, o.recipient->>'country' AS country,
  i.id IS NOT NULL AS has_item, i.name AS item_name, i.merchant_sku, i.quantity, i.price_cents,
  i.subtotal_cents AS item_subtotal_cents,
  o.subtotal_cents, o.tax_cents, o.delivery_fee_cents, o.shipping_cents, o.tip_cents, o.discount_cents, o.total_cents,
  o.tracking_provider, o.other_tracking_provider, o.tracking_id, o.tracking_url`;

/**
 * The batch's pending items that still name an order of its merchant, with their item lines, in selection
 * order. $1 batch, $2 merchant; with `range`, only positions in ($3, $4].
 */
export function batchLinesSql(range: boolean): string {
  return `SELECT ${DETAILS_LINE_COLUMNS}
  FROM batch_items b
  JOIN orders o ON o.id = b.order_id AND o.merchant_id = $2
  LEFT JOIN order_items i ON i.order_id = o.id
  WHERE b.batch_id = $1 AND b.state = 'pending'${range ? ' AND b.position > $3 AND b.position <= $4' : ''}
  ORDER BY b.position, i.position, i.id`;
}

export interface BatchLinesOptions {
  /** 'cursor' (PostgreSQL only) or 'pages'; the default is the cursor wherever there is a pool. */
  mode?: 'cursor' | 'pages';
  /** Rows per cursor read, or batch items per keyset page. */
  pageSize?: number;
}

/** The lines of a details batch, a page at a time (see the file's comment). */
export async function* batchDetailsLines(
  database: Database,
  batch: { id: string; merchant_id: string },
  { mode = database.pool ? 'cursor' : 'pages', pageSize }: BatchLinesOptions = {},
): AsyncGenerator<DetailsLine[]> {
  if (mode === 'cursor') {
    if (!database.pool) throw new Error('a cursor needs PostgreSQL');
    yield* cursorLines(database.pool, batchLinesSql(false), [batch.id, batch.merchant_id], pageSize ?? 2000);
    return;
  }
  const size = pageSize ?? 2000;
  let after = -1;
  for (;;) {
    // The next page of positions: an index range scan of at most `size` entries.
    const [page] = await database.query<{ upto: number | null; n: number }>(
      `SELECT max(position) AS upto, count(*)::int AS n FROM (
         SELECT position FROM batch_items WHERE batch_id = $1 AND state = 'pending' AND position > $2
         ORDER BY position LIMIT $3) p`,
      [batch.id, after, size],
    );
    if (!page || page.upto === null || page.n === 0) return;
    const lines = await database.query<DetailsLine>(batchLinesSql(true), [
      batch.id,
      batch.merchant_id,
      after,
      page.upto,
    ]);
    if (lines.length > 0) yield lines;
    if (page.n < size) return;
    after = page.upto;
  }
}

/** Reads `text` through a server-side cursor on a client of its own, `rows` at a time; always releases it. */
async function* cursorLines(
  pool: NonNullable<Database['pool']>,
  text: string,
  values: unknown[],
  rows: number,
): AsyncGenerator<DetailsLine[]> {
  const client = await pool.connect();
  let drained = false;
  let cursor: Cursor<DetailsLine> | undefined;
  try {
    // A streaming plan, in selection order from batch_items_batch_position_idx through nested loops (an
    // incremental sort of each order's items): the first rows arrive at once and are written while the
    // database reads on. Left to itself the planner hashes the join and sorts all of it before the first
    // row (a cursor's portal gets no parallel workers), and the two costs add up (decision 0105).
    await client.query('BEGIN READ ONLY');
    await client.query('SET LOCAL enable_hashjoin = off');
    await client.query('SET LOCAL enable_mergejoin = off');
    await client.query('SET LOCAL enable_sort = off');
    cursor = client.query(new Cursor<DetailsLine>(text, values));
    // The next read is in flight while the caller formats and writes the current rows.
    let next = cursor.read(rows);
    for (;;) {
      const current = await next;
      if (current.length === 0) {
        drained = true;
        return;
      }
      next = current.length < rows ? Promise.resolve([]) : cursor.read(rows);
      next.catch(() => undefined);
      yield current;
    }
  } finally {
    if (drained && cursor) {
      await cursor.close();
      await client.query('COMMIT');
      client.release();
    } else {
      // Failed, or abandoned mid-read (the file's writer failed): the connection is closed, not reused.
      client.release(true);
    }
  }
}
