/**
 * Reads stored orders for the documents and the details CSV: one SQL statement per chunk (orders with
 * their brand), then the chunk's items in one query, always scoped to the merchant. The single report
 * download, the bulk reports and details, and the packing-slip benchmark all read through here; the
 * documents' mapper is document-order.ts beside it. It lives in printouts/ so that bulk/ depends on printouts/
 * and never the other way round.
 */
import type { Database } from '../../../db/client.ts';
import type { OrderMoneyCents } from '../../../db/rows.ts';

export interface BulkOrderItemRow {
  id: string;
  name: string;
  description: string | null;
  quantity: number;
  price_cents: number;
  subtotal_cents: number;
  discount_cents: number;
  merchant_sku: string | null;
  container_size: { formatted?: string } | null;
  parent_line_item_id: string | null;
  aux_data: Record<string, unknown> | null;
}

export interface BulkOrderRow extends OrderMoneyCents {
  id: string;
  status: string;
  date_submitted: Date | string;
  printed_timestamp: Date | string | null;
  delivery_method: string;
  delivery_date: string | null;
  delivery_window_start: Date | string | null;
  delivery_window_end: Date | string | null;
  gift_message: string | null;
  promo_code: string | null;
  recipient: Record<string, string | null>;
  customer: Record<string, string | null>;
  /** A failed delivery cancelled for the age check (docs/decisions/0102): the fee kept and the refund. */
  restocking_fee_cents?: number | null;
  refunded_cents?: number | null;
  tracking_provider: string | null;
  tracking_id: string | null;
  tracking_url: string | null;
  other_tracking_provider: string | null;
  courier_estimate_id: string | null;
  brand_name: string | null;
  /** delivery_details.age_check: the outcome of the ID check at the close (never a birth date). */
  age_check?: unknown;
  items: BulkOrderItemRow[];
}

const ORDER_COLUMNS = `o.id, o.status, o.date_submitted, o.printed_timestamp, o.delivery_method, o.delivery_date::text AS delivery_date,
  o.delivery_window_start, o.delivery_window_end, o.gift_message, o.promo_code, o.recipient, o.customer,
  o.subtotal_cents, o.tax_cents, o.delivery_fee_cents, o.shipping_cents, o.tip_cents, o.discount_cents, o.total_cents,
  (o.aux_data->>'restocking_fee_cents')::int AS restocking_fee_cents, (o.aux_data->>'refunded_cents')::int AS refunded_cents,
  o.tracking_provider, o.tracking_id, o.tracking_url, o.other_tracking_provider, o.courier_estimate_id,
  (SELECT a.brand_name FROM applications a WHERE a.id = o.application_id) AS brand_name,
  o.delivery_details->'age_check' AS age_check`;

const ITEM_COLUMNS = `i.order_id, i.id::text AS id, i.name, i.description, i.quantity, i.price_cents, i.subtotal_cents, i.discount_cents,
  i.merchant_sku, i.container_size, i.parent_line_item_id::text AS parent_line_item_id, i.aux_data`;

/** Attaches the items of `orders` (one indexed query for the page, no per-order JSON aggregation). */
async function withItems(database: Database, orders: Omit<BulkOrderRow, 'items'>[]): Promise<BulkOrderRow[]> {
  if (orders.length === 0) return [];
  const items = await database.query<BulkOrderItemRow & { order_id: string }>(
    `SELECT ${ITEM_COLUMNS} FROM order_items i WHERE i.order_id = ANY($1::text[]) ORDER BY i.order_id, i.position, i.id`,
    [orders.map((o) => o.id)],
  );
  const byOrder = new Map<string, BulkOrderItemRow[]>();
  for (const { order_id, ...item } of items) {
    const list = byOrder.get(order_id);
    if (list) list.push(item);
    else byOrder.set(order_id, [item]);
  }
  return orders.map((o) => ({ ...o, items: byOrder.get(o.id) ?? [] }));
}

/** The merchant's orders among `ids`, in the order of `ids` (unknown or foreign ids are skipped). */
export async function loadBulkOrders(
  database: Database,
  merchantId: string,
  ids: readonly string[],
): Promise<BulkOrderRow[]> {
  if (ids.length === 0) return [];
  const rows = await database.query<Omit<BulkOrderRow, 'items'>>(
    `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.merchant_id = $1 AND o.id = ANY($2::text[])`,
    [merchantId, ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return withItems(
    database,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/**
 * Every order of a merchant (or those among `ids`), newest first, in keyset pages of `pageSize`, so memory
 * stays flat whatever the count. The next page is read while the caller uses the current one. The ORDER BY
 * is orders_merchant_date_idx's own (DESC NULLS LAST): a plain index range scan per page, no sort. (The
 * details batch reads its lines through details-lines.ts.)
 */
export async function* iterateBulkOrders(
  database: Database,
  merchantId: string,
  opts: { ids?: readonly string[]; pageSize?: number } = {},
): AsyncGenerator<BulkOrderRow[]> {
  const pageSize = opts.pageSize ?? 1000;
  if (opts.ids) {
    for (let i = 0; i < opts.ids.length; i += pageSize) {
      yield await loadBulkOrders(database, merchantId, opts.ids.slice(i, i + pageSize));
    }
    return;
  }
  const page = async (cursor: { date: Date | string; id: string } | null) => {
    const params: unknown[] = [merchantId, pageSize];
    let where = 'o.merchant_id = $1';
    if (cursor) {
      params.push(cursor.date, cursor.id);
      where += ' AND (o.date_submitted, o.id) < ($3::timestamptz, $4::text)';
    }
    const rows = await database.query<Omit<BulkOrderRow, 'items'>>(
      `SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${where} ORDER BY o.date_submitted DESC NULLS LAST, o.id DESC NULLS LAST LIMIT $2`,
      params,
    );
    return withItems(database, rows);
  };
  let current = await page(null);
  while (current.length > 0) {
    const last = current[current.length - 1];
    const next =
      last && current.length === pageSize ? page({ date: last.date_submitted, id: last.id }) : null;
    // A rejected prefetch is reported when awaited below, not as an unhandled rejection.
    next?.catch(() => undefined);
    yield current;
    if (!next) return;
    current = await next;
  }
}
