import type { MarketplaceEventBody, MarketplaceOfferings, PlaceOrderBody } from '@mc/api';
import {
  DomainError,
  dollarsToCents,
  isAtDistributor,
  MARKETPLACE_EVENT_TARGET,
  newOrderId,
} from '@mc/domain';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  applications,
  containerSizes,
  merchants,
  offerings,
  orderItems,
  orders,
  productBrands,
  productLines,
  products,
} from '../db/schema.ts';
import { orderTransaction, transitionOrder, writeHistory, writeOrderEvent } from '../modules/orders/index.ts';

async function findOrCreateApplication(tx: Tx, ref: string, name?: string) {
  const [app] = await tx.select().from(applications).where(eq(applications.ref, ref)).limit(1);
  if (app) return app;
  const label = name ?? ref;
  const [created] = await tx
    .insert(applications)
    .values({ ref, name: label, brand_name: label })
    .onConflictDoUpdate({ target: applications.ref, set: { ref } })
    .returning();
  return created!;
}

/**
 * Offerings with what names them: their product, its line and brand (an offering without them is not
 * sold), and the container size when the product has one.
 */
function selectNamedOfferings(db: Db) {
  return db
    .select({
      offering: offerings,
      product: products,
      line: productLines.name,
      brand: productBrands.name,
      size: containerSizes,
    })
    .from(offerings)
    .innerJoin(products, eq(products.id, offerings.product_id))
    .innerJoin(productLines, eq(productLines.id, products.product_line_id))
    .innerJoin(productBrands, eq(productBrands.id, productLines.brand_id))
    .leftJoin(containerSizes, eq(containerSizes.id, products.container_size_id));
}

/** Intake: the marketplace places an order for a merchant (server credential). */
export type IntakeContext = Pick<AppContext, 'database' | 'orderEvents'>;

export async function placeOrder(
  ctx: IntakeContext,
  body: PlaceOrderBody,
): Promise<{ id: string; status: string; merchant: string }> {
  const { db } = ctx.database;
  const [merchant] = await db.select().from(merchants).where(eq(merchants.tmk, body.merchant)).limit(1);
  if (!merchant)
    throw new DomainError('NOT_FOUND', 'Merchant not found', {
      errors: [{ path: 'merchant', message: 'Unknown merchant' }],
    });

  const ids = body.items.flatMap((i) => (i.offering_id ? [i.offering_id] : []));
  const skus = body.items.flatMap((i) => (i.merchant_sku ? [i.merchant_sku] : []));
  const all =
    ids.length || skus.length
      ? await selectNamedOfferings(db).where(
          and(
            eq(offerings.merchant_id, merchant.id),
            or(
              ids.length ? inArray(offerings.id, ids) : undefined,
              skus.length ? inArray(offerings.merchant_sku, skus) : undefined,
            ),
          ),
        )
      : [];

  const lines: (typeof orderItems.$inferInsert & { _children?: (typeof orderItems.$inferInsert)[] })[] = [];
  const errors: { path: string; message: string }[] = [];
  body.items.forEach((item, i) => {
    const found = all.find(
      (r) =>
        (item.offering_id && r.offering.id === item.offering_id) ||
        (item.merchant_sku && r.offering.merchant_sku === item.merchant_sku),
    );
    if ((item.offering_id || item.merchant_sku) && !found)
      errors.push({ path: `items.${i}`, message: 'Unknown offering for this merchant' });
    const name = item.name ?? (found ? `${found.brand} ${found.line}` : undefined);
    const price = item.price ?? (found ? found.offering.price_cents / 100 : undefined);
    if (!name) errors.push({ path: `items.${i}.name`, message: 'Item name is required' });
    if (price === undefined) errors.push({ path: `items.${i}.price`, message: 'Item price is required' });
    if (!name || price === undefined) return;
    const priceCents = dollarsToCents(price);
    const discountCents = dollarsToCents(item.discount);
    const aux: Record<string, unknown> = {};
    if (item.engraving_message?.length) aux.engraving_message = item.engraving_message;
    if (item.preorder_type) aux.preorder_type = item.preorder_type;
    if (item.preorder_available_date) aux.preorder_available_date = item.preorder_available_date;
    if (item.preorder_balance_due_excl_taxes_fees !== undefined)
      aux.preorder_balance_due_excl_taxes_fees = item.preorder_balance_due_excl_taxes_fees;
    // Pick list (docs/decisions/0103): the category it is grouped under and the gift-wrap call-out.
    const category = item.category ?? found?.product.category;
    if (category) aux.category = category;
    if (item.gift_wrap) aux.gift_wrap = true;
    const line: (typeof lines)[number] = {
      id: crypto.randomUUID(),
      order_id: '',
      offering_id: found?.offering.id ?? null,
      product_id: found?.product.id ?? null,
      name,
      description: item.description ?? found?.product.description ?? '',
      quantity: item.quantity,
      price_cents: priceCents,
      subtotal_cents: priceCents * item.quantity - discountCents,
      discount_cents: discountCents,
      image_spec: found?.product.image_spec ?? null,
      merchant_sku: found?.offering.merchant_sku ?? item.merchant_sku ?? null,
      stock_behavior: found?.offering.stock_behavior ?? null,
      container_size: found?.size
        ? { value: found.size.value, unit: found.size.unit, formatted: found.size.formatted }
        : null,
      aux_data: aux,
    };
    if (item.engraving_message?.length) {
      const fee = dollarsToCents(item.engraving_price);
      line._children = [
        {
          id: crypto.randomUUID(),
          order_id: '',
          parent_line_item_id: line.id,
          name: 'Engraving',
          description: item.engraving_message.join(' / '),
          quantity: item.quantity,
          price_cents: fee,
          subtotal_cents: fee * item.quantity,
          aux_data: { engraving_message: item.engraving_message },
        },
      ];
    }
    lines.push(line);
  });
  if (errors.length) throw new DomainError('VALIDATION', errors[0]!.message, { errors });

  const flat = lines.flatMap(({ _children, ...l }) => [l, ...(_children ?? [])]);
  const subtotal = flat.reduce((s, l) => s + l.subtotal_cents, 0);
  const discount = flat.reduce((s, l) => s + (l.discount_cents ?? 0), 0);
  const t = body.transaction;
  const cents = {
    tax: dollarsToCents(t.tax),
    fee: dollarsToCents(t.delivery_fee),
    ship: dollarsToCents(t.shipping),
    tip: dollarsToCents(t.tip),
  };
  const submitted = body.date_submitted ? new Date(body.date_submitted) : new Date();
  const id = body.id ?? newOrderId();

  await orderTransaction(ctx, async (tx) => {
    const app = await findOrCreateApplication(tx, body.application_ref, body.application_name);
    const [last] = await tx
      .select({ at: orders.date_submitted })
      .from(orders)
      .where(
        and(
          eq(orders.merchant_id, merchant.id),
          eq(orders.customer_email, body.customer.email.toLowerCase()),
        ),
      )
      .orderBy(desc(orders.date_submitted))
      .limit(1);
    const inserted = await tx
      .insert(orders)
      .values({
        id,
        merchant_id: merchant.id,
        application_id: app.id,
        application_ref: app.ref,
        application_name: app.name,
        application_brand_name: app.brand_name,
        logistic_order_ref: `LO-${id}`,
        status: body.status,
        date_submitted: submitted,
        delivery_method: body.delivery.method,
        delivery_date: body.delivery.date ?? null,
        delivery_window_start: body.delivery.window ? new Date(body.delivery.window[0]) : null,
        delivery_window_end: body.delivery.window ? new Date(body.delivery.window[1]) : null,
        courier_estimate_id: body.courier_estimate_id ?? null,
        aux_data: { payment_behavior: body.payment_behavior },
        gift_message: body.gift_message ?? null,
        promo_code: body.promo_code ?? null,
        recipient: body.recipient,
        customer: {
          ...body.customer,
          email: body.customer.email,
          last_order: last?.at.toISOString() ?? null,
        },
        recipient_name: `${body.recipient.first_name} ${body.recipient.last_name}`,
        customer_name: `${body.customer.first_name} ${body.customer.last_name}`,
        customer_email: body.customer.email.toLowerCase(),
        subtotal_cents: subtotal,
        discount_cents: discount,
        tax_cents: cents.tax,
        delivery_fee_cents: cents.fee,
        shipping_cents: cents.ship,
        tip_cents: cents.tip,
        total_cents: subtotal + cents.tax + cents.fee + cents.ship + cents.tip,
        item_quantity: lines.reduce((s, l) => s + l.quantity, 0),
        has_at_distributor: lines.some((l) => isAtDistributor(l.stock_behavior)),
        order_weight: body.order_weight ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (!inserted.length) throw new DomainError('CONFLICT', `Order ${id} already exists`);
    await tx.insert(orderItems).values(flat.map((l, position) => ({ ...l, order_id: id, position })));
    await writeHistory(tx, {
      order_id: id,
      actor_type: 'marketplace',
      action: 'placed',
      from_status: null,
      to_status: body.status,
      comment: null,
      // The order was placed when the marketplace says (the history reads in order with later steps).
      created_at: submitted,
    });
    await writeOrderEvent(tx, {
      type: 'order.created',
      merchant_id: merchant.id,
      order_id: id,
      status: body.status,
      change: { from: null, action: 'placed' },
    });
  });
  return { id, status: body.status, merchant: merchant.tmk };
}

/** Payment declined, customer cancelled or accepted a change, dispute, refund: checked like every transition. */
export async function applyMarketplaceEvent(ctx: AppContext, orderId: string, body: MarketplaceEventBody) {
  const to = MARKETPLACE_EVENT_TARGET[body.type];
  const row = await transitionOrder(ctx, {
    orderId,
    actor: 'marketplace',
    to,
    action: body.type,
    comment: body.comment ?? null,
    patch: body.comment ? { status_recent_comment: body.comment } : undefined,
  });
  const [m] = await ctx.database.db
    .select({ tmk: merchants.tmk })
    .from(merchants)
    .where(eq(merchants.id, row.merchant_id))
    .limit(1);
  return { id: row.id, status: row.status, merchant: m?.tmk ?? '' };
}

/** The merchant's active offerings that sell through the marketplace (the simulator picks from these). */
export async function listMerchantCatalogue(ctx: IntakeContext, tmk: string) {
  const { db } = ctx.database;
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.tmk, tmk))
    .limit(1);
  if (!merchant) throw new DomainError('NOT_FOUND', 'Merchant not found');
  const rows = await selectNamedOfferings(db)
    .where(
      and(
        eq(offerings.merchant_id, merchant.id),
        eq(offerings.is_active, true),
        eq(offerings.selling_with_provider, true),
      ),
    )
    .limit(5000);
  return rows.map((r) => ({
    id: r.offering.id,
    merchant_sku: r.offering.merchant_sku,
    name: `${r.brand} ${r.line}`,
    price: r.offering.price_cents / 100,
  }));
}

/** GET /m/v2/marketplace/merchants/{tmk}/offerings. */
export async function listMerchantOfferings(ctx: IntakeContext, tmk: string): Promise<MarketplaceOfferings> {
  return { items: await listMerchantCatalogue(ctx, tmk) };
}
