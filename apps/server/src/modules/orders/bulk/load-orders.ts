/**
 * Reads a batch's orders for the bulk outputs: one SQL statement per chunk (orders joined with their
 * brand, items aggregated as JSON), always scoped to the merchant. Used by the reports renderer
 * (DocumentOrder) and the details CSV.
 */
import { centsToDollars } from '@mc/domain';
import type { Database } from '../../../db/client.ts';
import type {
  DeliveryMethod,
  DocumentItem,
  DocumentMerchant,
  DocumentOrder,
} from '../../../documents/types.ts';

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

export interface BulkOrderRow {
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
  subtotal_cents: number;
  tax_cents: number;
  delivery_fee_cents: number;
  shipping_cents: number;
  tip_cents: number;
  discount_cents: number;
  total_cents: number;
  tracking_provider: string | null;
  tracking_id: string | null;
  tracking_url: string | null;
  other_tracking_provider: string | null;
  courier_estimate_id: string | null;
  brand_name: string | null;
  items: BulkOrderItemRow[];
}

const ORDER_COLUMNS = `o.id, o.status, o.date_submitted, o.printed_timestamp, o.delivery_method, o.delivery_date::text AS delivery_date,
  o.delivery_window_start, o.delivery_window_end, o.gift_message, o.promo_code, o.recipient, o.customer,
  o.subtotal_cents, o.tax_cents, o.delivery_fee_cents, o.shipping_cents, o.tip_cents, o.discount_cents, o.total_cents,
  o.tracking_provider, o.tracking_id, o.tracking_url, o.other_tracking_provider, o.courier_estimate_id,
  (SELECT a.brand_name FROM applications a WHERE a.id = o.application_id) AS brand_name`;

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
 * Every order of a merchant (or those among `ids`), newest first, in keyset pages of `pageSize`: what
 * the details CSV streams through, so memory stays flat whatever the count. The next page is read while
 * the caller writes the current one.
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
      `SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${where} ORDER BY o.date_submitted DESC, o.id DESC LIMIT $2`,
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

export const toIso = (v: Date | string | null | undefined): string | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

export interface MerchantForDocuments {
  name: string;
  timezone: string;
  street_1: string;
  street_2: string;
  city: string;
  state: string;
  zipcode: string;
  primary_phone: string;
}

export function documentMerchant(m: MerchantForDocuments): DocumentMerchant {
  const cityLine = [m.city, [m.state, m.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    name: m.name,
    address_lines: [m.street_1, m.street_2, cityLine].filter(Boolean),
    phone: m.primary_phone || null,
  };
}

/** A stored order as the PDF renderers read it. */
export function toDocumentOrder(row: BulkOrderRow, merchant: MerchantForDocuments): DocumentOrder {
  const start = toIso(row.delivery_window_start);
  const end = toIso(row.delivery_window_end);
  const items: DocumentItem[] = row.items.map((i) => {
    const aux = i.aux_data ?? {};
    const engraving = Array.isArray(aux.engraving_message) ? aux.engraving_message.map(text) : null;
    return {
      id: i.id,
      name: i.name,
      description: i.description,
      quantity: i.quantity,
      price: centsToDollars(i.price_cents),
      subtotal: centsToDollars(i.subtotal_cents),
      sku: i.merchant_sku,
      container_size: i.container_size?.formatted ?? null,
      parent_line_item_id: i.parent_line_item_id,
      aux_data: {
        engraving_message: engraving,
        preorder_available_date:
          typeof aux.preorder_available_date === 'string' ? aux.preorder_available_date : null,
      },
    };
  });
  const r = row.recipient;
  const c = row.customer;
  return {
    id: row.id,
    status: row.status,
    date_submitted: toIso(row.date_submitted) ?? new Date(0).toISOString(),
    timezone: merchant.timezone,
    delivery: {
      method: row.delivery_method as DeliveryMethod,
      date: row.delivery_date,
      window: start && end ? [start, end] : null,
    },
    gift_message: row.gift_message ? { message: row.gift_message } : null,
    promo_code: row.promo_code,
    recipient: {
      first_name: text(r.first_name),
      last_name: text(r.last_name),
      street_1: text(r.street_1),
      street_2: r.street_2 ?? null,
      street_3: r.street_3 ?? null,
      city: text(r.city),
      state: text(r.state),
      zipcode: text(r.zipcode),
      country: r.country ?? null,
      phone_number: r.phone_number ?? null,
      delivery_instructions: r.delivery_instructions ?? null,
    },
    customer: {
      first_name: text(c.first_name),
      last_name: text(c.last_name),
      phone_number: c.phone_number ?? null,
      email: c.email ?? null,
    },
    transaction: {
      subtotal: centsToDollars(row.subtotal_cents),
      tax: centsToDollars(row.tax_cents),
      delivery_fee: centsToDollars(row.delivery_fee_cents),
      shipping: centsToDollars(row.shipping_cents),
      tip: centsToDollars(row.tip_cents),
      discount: centsToDollars(row.discount_cents),
      total: centsToDollars(row.total_cents),
    },
    items,
    tracking_provider: row.tracking_provider,
    tracking_id: row.tracking_id,
    merchant: documentMerchant(merchant),
    courier_estimate_id: row.courier_estimate_id,
    application_brand_name: row.brand_name,
  };
}
