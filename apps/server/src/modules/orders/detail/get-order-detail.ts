import { type OrderDetail, pathOf } from '@mc/api';
import {
  AgeCheckOutcomeSchema,
  centsToDollars,
  computeOnTrackStatus,
  DomainError,
  FAILED_DELIVERY_ACTION,
  historyFailedDelivery,
  historyItemProblems,
  latestPreorderDate,
  mapsDirectionsUrl,
  parseRejectionMessage,
  STATIC_MAP,
  suggestsCancel,
} from '@mc/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { MerchantRow } from '../../../db/rows.ts';
import {
  applications,
  merchantHours,
  orderHistory,
  orderItems,
  orders,
  shipments,
} from '../../../db/schema.ts';

/** An order row (as transition-order.ts names it; not imported, which would make a circle with the events). */
type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

type AppNames = { name: string; brand_name: string };

/** The order as the detail view and the Review Order modal read it (scoped to the merchant, else 404). */
export async function getOrderDetail(
  ctx: AppContext,
  merchant: MerchantRow,
  orderId: string,
  now = new Date(),
): Promise<OrderDetail> {
  const [row] = await ctx.database.db
    .select({ order: orders, name: applications.name, brand_name: applications.brand_name })
    .from(orders)
    .innerJoin(applications, eq(applications.id, orders.application_id))
    .where(and(eq(orders.id, orderId), eq(orders.merchant_id, merchant.id)))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND', 'Order not found');
  return detailOf(ctx, merchant, row.order, Promise.resolve(row), now);
}

/**
 * The detail of an order row a command has just written (the row its write returned): the answer of every
 * order change, built without reading the order again (docs/decisions/0128). The row is the caller's
 * merchant's: the command checked that when it wrote it.
 */
export function orderDetailOf(
  ctx: AppContext,
  merchant: MerchantRow,
  order: OrderRow,
  now = new Date(),
): Promise<OrderDetail> {
  const names = ctx.database.db
    .select({ name: applications.name, brand_name: applications.brand_name })
    .from(applications)
    .where(eq(applications.id, order.application_id))
    .limit(1)
    .then(([app]) => {
      if (!app) throw new DomainError('NOT_FOUND', 'Order not found');
      return app;
    });
  return detailOf(ctx, merchant, order, names, now);
}

/**
 * The detail of an order read in a transaction that has just changed it: the `data.order` of its outgoing
 * event (docs/decisions/0138). The directions link is the one every maps adapter gives.
 */
export async function orderDetailInTransaction(
  tx: AppContext['database']['db'],
  merchant: MerchantRow,
  order: OrderRow,
  now = new Date(),
): Promise<OrderDetail> {
  const view = {
    database: { db: tx },
    adapters: { maps: { directionsUrl: mapsDirectionsUrl } },
  } as unknown as Pick<AppContext, 'database' | 'adapters'>;
  const [app] = await tx
    .select({ name: applications.name, brand_name: applications.brand_name })
    .from(applications)
    .where(eq(applications.id, order.application_id))
    .limit(1);
  return detailOf(view, merchant, order, Promise.resolve(app ?? { name: '', brand_name: '' }), now, true);
}

async function detailOf(
  ctx: Pick<AppContext, 'database' | 'adapters'>,
  merchant: MerchantRow,
  o: OrderRow,
  appNames: Promise<AppNames>,
  now: Date,
  inTransaction = false,
): Promise<OrderDetail> {
  const { db } = ctx.database;
  const itemsRead = db
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, o.id))
    .orderBy(asc(orderItems.position));
  const historyRead = db
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.order_id, o.id))
    .orderBy(asc(orderHistory.id));
  const shipsRead = db
    .select({
      id: shipments.id,
      carrier: shipments.carrier,
      tracking_code: shipments.tracking_code,
      tracking_url: shipments.tracking_url,
      has_label: sql<boolean>`${shipments.label_pdf} is not null`,
    })
    .from(shipments)
    .where(eq(shipments.order_id, o.id))
    .orderBy(asc(shipments.box_index));
  const hoursRead = db.select().from(merchantHours).where(eq(merchantHours.merchant_id, merchant.id));
  // In a transaction the reads take turns: one connection runs one query at a time.
  const [app, items, history, ships, hours] = inTransaction
    ? ([await appNames, await itemsRead, await historyRead, await shipsRead, await hoursRead] as const)
    : await Promise.all([appNames, itemsRead, historyRead, shipsRead, hoursRead]);

  const detailItems = items.map((it) => ({
    id: it.id,
    name: it.name,
    description: it.description,
    quantity: it.quantity,
    price: centsToDollars(it.price_cents),
    subtotal: centsToDollars(it.subtotal_cents),
    discount: centsToDollars(it.discount_cents),
    image_spec: it.image_spec,
    parent_line_item_id: it.parent_line_item_id,
    product: { id: it.product_id, container_size: it.container_size ?? null },
    offering: { id: it.offering_id, merchant_sku: it.merchant_sku, stock_behavior: it.stock_behavior },
    aux_data: it.aux_data ?? {},
    status_list: it.status_list ?? [],
  }));

  const failedAttempts = history.filter((h) => h.action === FAILED_DELIVERY_ACTION).length;
  const aux = o.aux_data ?? {};
  const centsField = (key: string) => (typeof aux[key] === 'number' ? (aux[key] as number) : null);
  const restockingFeeCents = centsField('restocking_fee_cents');
  const refundedCents = centsField('refunded_cents');

  const orderPath = { tmk: merchant.tmk, id: o.id };
  const window: [string, string] | null =
    o.delivery_window_start && o.delivery_window_end
      ? [o.delivery_window_start.toISOString(), o.delivery_window_end.toISOString()]
      : null;

  return {
    id: o.id,
    logistic_order_ref: o.logistic_order_ref,
    status: o.status as OrderDetail['status'],
    version: o.version,
    date_submitted: o.date_submitted.toISOString(),
    printed_timestamp: iso(o.printed_timestamp),
    application_name: app.name,
    application_brand_name: app.brand_name,
    timezone: merchant.timezone,
    gift_message: o.gift_message ? { message: o.gift_message } : null,
    promo_code: o.promo_code,
    status_recent_comment: o.status_recent_comment,
    on_track_status: computeOnTrackStatus({
      status: o.status,
      now,
      deliveryMethod: o.delivery_method,
      submittedAt: o.date_submitted,
      timezone: merchant.timezone,
      hours,
      deliveryWindowEnd: o.delivery_window_end,
      preorderAvailableDate: latestPreorderDate(detailItems),
    }),
    delivery: { method: o.delivery_method, date: o.delivery_date, window },
    courier_estimate_id: o.courier_estimate_id,
    courier_info: o.courier_info ?? null,
    aux_data: o.aux_data ?? {},
    tracking_provider: o.tracking_provider,
    tracking_id: o.tracking_id,
    tracking_url: o.tracking_url,
    other_tracking_provider: o.other_tracking_provider,
    recipient: o.recipient,
    customer: {
      first_name: o.customer.first_name,
      last_name: o.customer.last_name,
      phone_number: o.customer.phone_number ?? '',
      email: o.customer.email ?? '',
      last_order: o.customer.last_order ?? null,
    },
    transaction: {
      subtotal: centsToDollars(o.subtotal_cents),
      tax: centsToDollars(o.tax_cents),
      delivery_fee: centsToDollars(o.delivery_fee_cents),
      shipping: centsToDollars(o.shipping_cents),
      tip: centsToDollars(o.tip_cents),
      discount: centsToDollars(o.discount_cents),
      total: centsToDollars(o.total_cents),
      ...(restockingFeeCents !== null ? { restocking_fee: centsToDollars(restockingFeeCents) } : {}),
      ...(refundedCents !== null ? { refunded: centsToDollars(refundedCents) } : {}),
    },
    failed_delivery: { attempts: failedAttempts, suggest_cancel: suggestsCancel(failedAttempts) },
    items: detailItems,
    order_weight: o.order_weight,
    shipment_info: ships.map((s) => ({
      carrier: s.carrier,
      tracking_code: s.tracking_code,
      tracking_url: s.tracking_url,
      label_url: s.has_label ? pathOf('getLabelFile', { ...orderPath, file: s.id }) : null,
    })),
    maps: {
      static_map_url: pathOf('getOrderMap', orderPath),
      directions_url: ctx.adapters.maps.directionsUrl(o.recipient),
      ...STATIC_MAP,
    },
    rejection_message: parseRejectionMessage(o.rejection_message) as Record<string, unknown>,
    delivery_details: o.delivery_details ?? null,
    history: history.map((h) => ({
      id: Number(h.id),
      actor_type: h.actor_type,
      actor_name: h.actor_name,
      action: h.action,
      from_status: h.from_status,
      to_status: h.to_status,
      comment: h.comment,
      ...(h.action === 'reject_items' ? { item_problems: historyItemProblems(h.data) } : {}),
      ...historyAgeCheck(h.data),
      ...failedDeliveryField(h.action, h.data),
      created_at: h.created_at.toISOString(),
    })),
  };
}

/** A delivered entry's recorded age check (the outcome only), when it has one. */
function historyAgeCheck(data: unknown) {
  const parsed = AgeCheckOutcomeSchema.safeParse((data as { age_check?: unknown } | null)?.age_check);
  return parsed.success ? { age_check: parsed.data } : {};
}

function failedDeliveryField(action: string, data: unknown) {
  const fd = action === FAILED_DELIVERY_ACTION ? historyFailedDelivery(data) : null;
  return fd ? { failed_delivery: fd } : {};
}

/** GET …/orders/{id}/map: the static map image of the caller's order's delivery address (404 otherwise). */
export async function getOrderMapImage(ctx: AppContext, merchant: MerchantRow, orderId: string) {
  const [o] = await ctx.database.db
    .select({ recipient: orders.recipient })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.merchant_id, merchant.id)))
    .limit(1);
  if (!o) throw new DomainError('NOT_FOUND', 'Order not found');
  return ctx.adapters.maps.staticMap(o.recipient);
}
