/**
 * Orders as the PDF renderers read them (documents/types.ts), scoped to one merchant.
 * One order for a report download; many, in pages of two queries each, for a batch.
 */
import { centsToDollars, DomainError, isDeliveryMethod } from '@mc/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { MerchantRow } from '../../../db/rows.ts';
import { applications, orderItems, orders } from '../../../db/schema.ts';
import type {
  DeliveryMethod,
  DocumentItem,
  DocumentMerchant,
  DocumentOrder,
} from '../../../documents/types.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export function documentMerchant(m: MerchantRow): DocumentMerchant {
  const locality = [m.city, [m.state, m.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    name: m.name,
    address_lines: [m.street_1, m.street_2, m.street_3, locality].filter((l) => l?.trim()),
    phone: m.primary_phone || null,
  };
}

function documentItem(it: ItemRow): DocumentItem {
  const aux = (it.aux_data ?? {}) as Record<string, unknown>;
  const engraving = Array.isArray(aux.engraving_message) ? aux.engraving_message.map(String) : null;
  const preorder = typeof aux.preorder_available_date === 'string' ? aux.preorder_available_date : null;
  return {
    id: it.id,
    name: it.name,
    description: it.description || null,
    quantity: it.quantity,
    price: centsToDollars(it.price_cents),
    subtotal: centsToDollars(it.subtotal_cents),
    sku: it.merchant_sku,
    container_size: it.container_size?.formatted ?? null,
    parent_line_item_id: it.parent_line_item_id,
    aux_data: { engraving_message: engraving, preorder_available_date: preorder },
  };
}

export function documentOrder(
  o: OrderRow,
  items: readonly ItemRow[],
  merchant: MerchantRow,
  brandName: string | null,
): DocumentOrder {
  const method: DeliveryMethod = isDeliveryMethod(o.delivery_method) ? o.delivery_method : 'shipping';
  const window: [string, string] | null =
    o.delivery_window_start && o.delivery_window_end
      ? [o.delivery_window_start.toISOString(), o.delivery_window_end.toISOString()]
      : null;
  return {
    id: o.id,
    status: o.status,
    date_submitted: o.date_submitted.toISOString(),
    timezone: merchant.timezone,
    delivery: { method, date: o.delivery_date, window },
    gift_message: o.gift_message ? { message: o.gift_message } : null,
    promo_code: o.promo_code,
    recipient: o.recipient,
    customer: o.customer,
    transaction: {
      subtotal: centsToDollars(o.subtotal_cents),
      tax: centsToDollars(o.tax_cents),
      delivery_fee: centsToDollars(o.delivery_fee_cents),
      shipping: centsToDollars(o.shipping_cents),
      tip: centsToDollars(o.tip_cents),
      discount: centsToDollars(o.discount_cents),
      total: centsToDollars(o.total_cents),
    },
    items: items.map(documentItem),
    tracking_provider:
      o.tracking_provider === 'OTHER' ? (o.other_tracking_provider ?? 'other') : o.tracking_provider,
    tracking_id: o.tracking_id,
    merchant: documentMerchant(merchant),
    application_brand_name: brandName,
  };
}

/** One order of this merchant (404 otherwise), with its raw row. */
export async function loadDocumentOrder(
  db: Db,
  merchant: MerchantRow,
  orderId: string,
): Promise<{ row: OrderRow; order: DocumentOrder }> {
  const [found] = await db
    .select({ order: orders, brand: applications.brand_name })
    .from(orders)
    .leftJoin(applications, eq(applications.id, orders.application_id))
    .where(and(eq(orders.id, orderId), eq(orders.merchant_id, merchant.id)))
    .limit(1);
  if (!found) throw new DomainError('NOT_FOUND', 'Order not found');
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.position));
  return { row: found.order, order: documentOrder(found.order, items, merchant, found.brand) };
}

/**
 * Many orders of this merchant in the order given, read `pageSize` at a time (two queries a page), so a
 * 1,000-order batch never holds more than one page of rows. Ids of other merchants are skipped.
 */
export async function* loadDocumentOrders(
  db: Db,
  merchant: MerchantRow,
  ids: readonly string[],
  pageSize = 200,
): AsyncGenerator<DocumentOrder> {
  for (let start = 0; start < ids.length; start += pageSize) {
    const page = ids.slice(start, start + pageSize);
    const [rows, items] = await Promise.all([
      db
        .select({ order: orders, brand: applications.brand_name })
        .from(orders)
        .leftJoin(applications, eq(applications.id, orders.application_id))
        .where(and(inArray(orders.id, page), eq(orders.merchant_id, merchant.id))),
      db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.order_id, page))
        .orderBy(asc(orderItems.order_id), asc(orderItems.position)),
    ]);
    const byOrder = new Map<string, ItemRow[]>();
    for (const it of items) {
      const list = byOrder.get(it.order_id);
      if (list) list.push(it);
      else byOrder.set(it.order_id, [it]);
    }
    const byId = new Map(rows.map((r) => [r.order.id, r]));
    for (const id of page) {
      const r = byId.get(id);
      if (r) yield documentOrder(r.order, byOrder.get(id) ?? [], merchant, r.brand);
    }
  }
}
