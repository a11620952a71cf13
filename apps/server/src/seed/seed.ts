import type { PlaceOrderBody } from '@mc/api';
import type { OrderStatus } from '@mc/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  applications,
  carrierAccounts,
  containerSizes,
  merchantHours,
  merchants,
  offerings,
  productBrands,
  productLines,
  products,
  users,
} from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { syncCatalogue } from '../marketplace/catalogue-sync.ts';
import { placeOrder } from '../marketplace/place-order.ts';
import { advance } from './advance-order.ts';
import { CONTAINER_SIZES, MARKETPLACE_APPS, PRODUCT_BRANDS } from './catalog.ts';
import { DEMO_PASSWORD, DEMO_TMK, OTHER_TMK } from './demo-constants.ts';
import { seedLabelDemoOrders } from './label-demo-orders.ts';
import { buildOrderBody, DELIVERY_KINDS, type DeliveryKind, type FactoryOffering } from './order-factory.ts';
import { createRandom, type Random } from './random.ts';

export { DEMO_PASSWORD, DEMO_TMK, OTHER_TMK } from './demo-constants.ts';

export const DEMO_USERS = [
  { email: 'owner@demo.test', first: 'Olivia', last: 'Owner', role: 'merch.owner', tmk: DEMO_TMK },
  { email: 'manager@demo.test', first: 'Marcus', last: 'Manager', role: 'merch.manager', tmk: DEMO_TMK },
  { email: 'member@demo.test', first: 'Mia', last: 'Member', role: 'merch.user', tmk: DEMO_TMK },
  { email: 'owner@other.test', first: 'Oscar', last: 'Other', role: 'merch.owner', tmk: OTHER_TMK },
] as const;

/** Orders with fixed ids that demos, docs and tests rely on. */
export const DEMO_ORDERS = {
  /** The sandbox payment adapter declines its capture on accept. */
  paymentDecline: 'DECLINE-PAY-01',
  /** Accepted shipping order to a PO Box: the sandbox carrier refuses its label. */
  poBox: 'POBOXAD-SHP-01',
  /** Accepted presale order with items more than 10 days away: cannot ship yet. */
  presale: 'PRESALE-NRY-01',
  /** A fresh on-demand order, new. */
  onDemandNew: 'ONDEMND-NEW-01',
} as const;

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

async function seedCatalogue(database: Database) {
  const { db } = database;
  const sizes = await db
    .insert(containerSizes)
    .values([...CONTAINER_SIZES])
    .onConflictDoNothing()
    .returning();
  const allSizes = sizes.length ? sizes : await db.select().from(containerSizes);
  const productRows: (typeof products.$inferInsert)[] = [];
  const categoryByTpk = new Map<string, string>();
  const namesByTpk = new Map<string, { brand: string; line: string; size: string }>();
  let tpk = 100000;
  for (const b of PRODUCT_BRANDS) {
    const [brand] = await db.insert(productBrands).values({ name: b.brand }).returning();
    for (const lineName of b.lines) {
      const [line] = await db
        .insert(productLines)
        .values({ name: lineName, brand_id: brand!.id })
        .returning();
      const sizeChoices =
        b.kind === 'wine' || b.kind === 'champagne'
          ? ['750ml', '1.5L', '375ml']
          : ['750ml', '1L', '1.75L', '375ml', '50ml'];
      for (const f of sizeChoices) {
        const size = allSizes.find((s) => s.formatted === f)!;
        categoryByTpk.set(`TPK${tpk}`, `${b.kind.charAt(0).toUpperCase()}${b.kind.slice(1)}`);
        namesByTpk.set(`TPK${tpk}`, { brand: b.brand, line: lineName, size: f });
        productRows.push({
          tpk: `TPK${tpk++}`,
          product_line_id: line!.id,
          container_size_id: size.id,
          description: `${b.brand} ${lineName}, ${f}`,
          image_spec: `/demo-images/${b.kind}.svg?dims={dims}`,
        });
      }
    }
  }
  const inserted = await db.insert(products).values(productRows).returning();
  // The catalogue has no category column: the kind of spirit travels with the order line (the pick list
  // groups by it), e.g. 'Whiskey'.
  return inserted.map((p) => ({
    ...p,
    category: categoryByTpk.get(p.tpk) ?? null,
    names: namesByTpk.get(p.tpk)!,
  }));
}

/**
 * A store's offerings through the catalogue sync (the function the marketplace's PUT calls): each line
 * names the seeded product's brand, line and size, so the sync reuses those products and leaves them as
 * they are (no image or category is sent to fill in). The stock fields the marketplace does not send
 * (quantity, stock behaviour, selling through the marketplace) are then set as the seed drew them, so the
 * rows equal what a direct insert made.
 */
async function syncOfferings(
  database: Database,
  tmk: string,
  rows: (typeof offerings.$inferInsert)[],
  picked: CatalogueProduct[],
) {
  await syncCatalogue(
    database,
    tmk,
    rows.map((row, i) => ({
      merchant_sku: row.merchant_sku,
      name: `${picked[i]!.names.brand} ${picked[i]!.names.line}`,
      brand: picked[i]!.names.brand,
      size: picked[i]!.names.size,
      price: row.price_cents / 100,
      active: row.is_active ?? true,
    })),
  );
  for (const row of rows)
    await database.db
      .update(offerings)
      .set({
        quantity: row.quantity,
        stock_behavior: row.stock_behavior,
        selling_with_provider: row.selling_with_provider,
      })
      .where(and(eq(offerings.merchant_id, row.merchant_id), eq(offerings.merchant_sku, row.merchant_sku)));
  return database.db
    .select()
    .from(offerings)
    .where(eq(offerings.merchant_id, rows[0]!.merchant_id))
    .orderBy(asc(offerings.merchant_sku));
}

type CatalogueProduct = Awaited<ReturnType<typeof seedCatalogue>>[number];

async function seedMerchant(
  database: Database,
  opts: {
    tmk: string;
    name: string;
    street: string;
    city: string;
    state: string;
    zip: string;
    phone: string;
    email: string;
    onboarded: boolean;
  },
) {
  const [m] = await database.db
    .insert(merchants)
    .values({
      tmk: opts.tmk,
      name: opts.name,
      timezone: 'America/New_York',
      street_1: opts.street,
      street_2: 'Ground floor',
      city: opts.city,
      state: opts.state,
      zipcode: opts.zip,
      primary_phone: opts.phone,
      email: opts.email,
      aux_data: { primary_contact_name: 'Store Manager' },
      merchant_account_id: opts.onboarded ? `acct_sandbox_${opts.tmk}` : null,
      payments_onboarded: opts.onboarded,
    })
    .returning();
  await database.db.insert(merchantHours).values(
    WEEK.map((weekday) => ({
      merchant_id: m!.id,
      weekday,
      time_open: weekday === 'sunday' ? '12:00' : '10:00',
      time_close: weekday === 'friday' || weekday === 'saturday' ? '23:00' : '21:00',
    })),
  );
  return m!;
}

function pickStatus(r: Random, ageHours: number): OrderStatus {
  if (ageHours < 3)
    return r.pick(['SUBMITTED', 'SUBMITTED', 'SUBMITTED', 'PAYMENT_APPROVED', 'MERCHANT_ACCEPTED'] as const);
  if (ageHours < 48)
    return r.pick([
      'SUBMITTED',
      'PAYMENT_SUBMITTED',
      'ACTIVE',
      'MERCHANT_ACCEPTED',
      'MERCHANT_ACCEPTED',
      'MERCHANT_SHIPPED',
      'REJECTED_PARTIAL',
      'CLOSED',
    ] as const);
  const x = r.next();
  if (x < 0.62) return 'CLOSED';
  if (x < 0.7) return 'MERCHANT_REJECTED';
  if (x < 0.78) return 'CANCELLED';
  if (x < 0.83) return 'PAYMENT_DECLINED';
  if (x < 0.87) return 'REJECTED_PARTIAL';
  if (x < 0.9) return 'DISPUTED';
  if (x < 0.93) return 'REFUNDED';
  if (x < 0.97) return 'MERCHANT_SHIPPED';
  return 'MERCHANT_ACCEPTED';
}

async function placeMany(
  database: Database,
  r: Random,
  merchant: { tmk: string },
  offeringList: FactoryOffering[],
  n: number,
  actorName: string,
) {
  // Order events wait in the outbox: the server's relay publishes them when it starts (no console is open yet).
  const ctx = { database, orderEvents: { kick() {} } };
  const now = Date.now();
  for (let i = 0; i < n; i++) {
    // denser in recent days, as a real store sees
    const ageHours = i < 12 ? r.int(0, 100) / 60 : Math.floor(r.next() ** 1.6 * 60 * 24);
    const submitted = new Date(now - ageHours * 3600_000 - r.int(0, 3599) * 1000);
    const kind = i < DELIVERY_KINDS.length * 3 ? DELIVERY_KINDS[i % DELIVERY_KINDS.length] : undefined;
    const target = pickStatus(r, ageHours);
    const body = buildOrderBody(r, {
      merchant: merchant.tmk,
      offerings: offeringList,
      submittedAt: submitted,
      kind,
    });
    if (['PAYMENT_SUBMITTED', 'PAYMENT_APPROVED', 'ACTIVE'].includes(target)) body.status = target as never;
    const { id } = await placeOrder(ctx, body);
    await advance(database, r, id, submitted, target, actorName);
  }
}

/** Seeds the demo marketplace when the database has no merchants yet. */
export async function seedIfEmpty(database: Database): Promise<boolean> {
  const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(merchants);
  if (Number(n) > 0) return false;
  await seedDemo(database);
  return true;
}

export async function seedDemo(database: Database, opts: { orders?: number } = {}): Promise<void> {
  const r = createRandom(20231030);
  const { db } = database;
  const catalogue = await seedCatalogue(database);
  await db
    .insert(applications)
    .values(MARKETPLACE_APPS.map((a) => ({ ref: a.ref, name: a.name, brand_name: a.name })));

  const demo = await seedMerchant(database, {
    tmk: DEMO_TMK,
    name: 'Demo Wine & Spirits',
    street: '120 Hudson St',
    city: 'New York',
    state: 'NY',
    zip: '10013',
    phone: '(212) 555-0134',
    email: 'store@demo.test',
    onboarded: false,
  });
  const other = await seedMerchant(database, {
    tmk: OTHER_TMK,
    name: 'Harbor Liquors',
    street: '45 Atlantic Ave',
    city: 'Brooklyn',
    state: 'NY',
    zip: '11201',
    phone: '(718) 555-0199',
    email: 'store@other.test',
    onboarded: true,
  });
  await db.insert(carrierAccounts).values({
    merchant_id: demo.id,
    carrier: 'UPS',
    account_number: 'SANDBOX-UPS-1A2B3C',
    label_size: '4x6',
    label_format: 'PDF',
  });

  const hash = await hashPassword(DEMO_PASSWORD);
  await db.insert(users).values(
    DEMO_USERS.map((u) => ({
      first_name: u.first,
      last_name: u.last,
      email: u.email,
      password_hash: hash,
      // The demo addresses are the seed's own: confirmed, so the console shows no confirmation notice.
      email_verified_at: new Date(),
      roles: [u.role],
      authorized_merchant_id: u.tmk === DEMO_TMK ? demo.id : other.id,
      phone_number: '(212) 555-0100',
    })),
  );

  const makeOfferings = async (merchantId: string, n: number, prefix: string, viaSync?: { tmk: string }) => {
    const picked = r.sample(catalogue, Math.min(n, catalogue.length));
    const rows = picked.map((p, i) => ({
      merchant_id: merchantId,
      product_id: p.id,
      merchant_sku: `${prefix}-${String(i + 1).padStart(5, '0')}`,
      price_cents: r.int(12, 260) * 100 + r.pick([0, 49, 99]),
      quantity: r.chance(0.08) ? 0 : r.int(1, 120),
      is_active: !r.chance(0.06),
      stock_behavior: r.chance(0.12) ? 'NextDay' : 'Standard',
      selling_with_provider: !r.chance(0.15),
    }));
    const inserted = viaSync
      ? await syncOfferings(database, viaSync.tmk, rows, picked)
      : await db.insert(offerings).values(rows).returning();
    const categoryOf = new Map(catalogue.map((p) => [p.id, p.category]));
    return inserted
      .filter((o) => o.is_active)
      .map((o) => ({
        id: o.id,
        merchant_sku: o.merchant_sku,
        price: o.price_cents / 100,
        category: categoryOf.get(o.product_id) ?? null,
      }));
  };
  const demoOfferings = await makeOfferings(demo.id, 320, 'DWS');
  // The second store's catalogue comes through the marketplace's catalogue sync, so that path runs on
  // every start (docs/decisions/0141).
  const otherOfferings = await makeOfferings(other.id, 60, 'HBL', { tmk: other.tmk });

  await placeMany(database, r, demo, demoOfferings, opts.orders ?? 640, 'Olivia Owner');
  await placeMany(database, r, other, otherOfferings, 40, 'Oscar Other');
  await seedDesignatedOrders(database, r, demoOfferings);
  await seedLabelDemoOrders(database);
}

async function seedDesignatedOrders(database: Database, r: Random, offeringList: FactoryOffering[]) {
  const ctx = { database, orderEvents: { kick() {} } };
  const now = new Date();
  const recent = (min: number) => new Date(now.getTime() - min * 60_000);
  /** A demo-store order placed `minutesAgo`, of `kind`, with `overrides` (its id at least). */
  const demoOrder = (minutesAgo: number, kind: DeliveryKind, overrides: Partial<PlaceOrderBody>) =>
    buildOrderBody(r, {
      merchant: DEMO_TMK,
      offerings: offeringList,
      submittedAt: recent(minutesAgo),
      kind,
      overrides,
    });
  await placeOrder(
    ctx,
    demoOrder(25, 'on_demand', { id: DEMO_ORDERS.paymentDecline, payment_behavior: 'decline' }),
  );
  await placeOrder(ctx, demoOrder(12, 'on_demand', { id: DEMO_ORDERS.onDemandNew }));
  const poBox = demoOrder(300, 'shipping', { id: DEMO_ORDERS.poBox });
  poBox.recipient.street_1 = 'PO Box 4471';
  poBox.recipient.street_2 = '';
  await placeOrder(ctx, poBox);
  await advance(database, r, DEMO_ORDERS.poBox, recent(300), 'MERCHANT_ACCEPTED', 'Olivia Owner');
  const presale = demoOrder(600, 'preorder', { id: DEMO_ORDERS.presale });
  for (const item of presale.items)
    item.preorder_available_date = new Date(now.getTime() + 30 * 86400_000).toISOString().slice(0, 10);
  await placeOrder(ctx, presale);
  await advance(database, r, DEMO_ORDERS.presale, recent(600), 'MERCHANT_ACCEPTED', 'Olivia Owner');
}
