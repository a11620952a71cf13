import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { carrierAccounts, merchants, offerings, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { placeOrder } from '../marketplace/place-order.ts';
import { advance } from './advance-order.ts';
import { DEMO_TMK } from './demo-constants.ts';
import { buildOrderBody, type FactoryOffering } from './order-factory.ts';
import { createRandom } from './random.ts';

export const LABEL_DEMO_ORDERS = {
  /** Accepted, 3 units, sellable: buy a two-box label here. */
  twoBox: 'LABELOK-SHP-01',
  /** Recipient without a phone number. */
  noPhone: 'NOPHONE-SHP-01',
  /** Street line the carrier rejects ('INVALID'). */
  invalidStreet: 'BADSTRT-SHP-01',
  /** Zip 00000: the carrier does not respond. */
  noResponse: 'NORESPN-SHP-01',
  /** The carrier fails ('CARRIER-FAIL'). */
  carrierFailure: 'GENFAIL-SHP-01',
  /** Markup and template syntax in the names, instructions and gift message: shown as literal text. */
  markup: 'MARKUPX-GFT-01',
  /** On the store whose carrier account is unauthorized. */
  unauthorized: 'UNAUTHZ-SHP-01',
  /** On the store whose carrier user is locked out. */
  lockedOut: 'LOCKOUT-SHP-01',
} as const;

export const LABEL_DEMO_STORES = [
  {
    tmk: 'demo-unauthorized-carrier',
    name: 'Unauthorized Carrier Demo',
    email: 'unauthorized@demo.test',
    account: 'UNAUTHORIZED-UPS-01',
    order: LABEL_DEMO_ORDERS.unauthorized,
  },
  {
    tmk: 'demo-locked-carrier',
    name: 'Locked Carrier Demo',
    email: 'locked@demo.test',
    account: 'LOCKED-UPS-01',
    order: LABEL_DEMO_ORDERS.lockedOut,
  },
] as const;

/** Accepted the way the rest of the demo data is: along the transition table, with its history row. */
function accept(database: Database, orderId: string, actorName: string, submittedAt: Date): Promise<void> {
  return advance(
    database,
    createRandom(orderId.length),
    orderId,
    submittedAt,
    'MERCHANT_ACCEPTED',
    actorName,
  );
}

async function offeringsOf(database: Database, merchantId: string): Promise<FactoryOffering[]> {
  const rows = await database.db
    .select({ id: offerings.id, merchant_sku: offerings.merchant_sku, price_cents: offerings.price_cents })
    .from(offerings)
    .where(and(eq(offerings.merchant_id, merchantId), eq(offerings.is_active, true)))
    .limit(12);
  return rows.map((o) => ({ id: o.id, merchant_sku: o.merchant_sku, price: o.price_cents / 100 }));
}

type Recipient = Partial<ReturnType<typeof buildOrderBody>['recipient']>;

export async function seedLabelDemoOrders(database: Database): Promise<void> {
  const r = createRandom(5_000_005);
  const ctx = { database, orderEvents: { kick() {} } };
  const [demo] = await database.db.select().from(merchants).where(eq(merchants.tmk, DEMO_TMK)).limit(1);
  if (!demo) return;
  const demoOfferings = await offeringsOf(database, demo.id);
  if (demoOfferings.length === 0) return;
  const now = Date.now();

  const place = async (
    tmk: string,
    list: FactoryOffering[],
    id: string,
    recipient: Recipient,
    extra: { gift?: string; minutesAgo: number },
  ) => {
    const body = buildOrderBody(r, {
      merchant: tmk,
      offerings: list,
      submittedAt: new Date(now - extra.minutesAgo * 60_000),
      kind: 'shipping',
      overrides: { id },
    });
    // Three units over two lines, so the label dialog can add a second (and third) box.
    body.items = body.items
      .slice(0, 2)
      .map((it, i) => ({ ...it, quantity: i === 0 ? 2 : 1, engraving_message: undefined }));
    if (body.items.length === 1) body.items[0]!.quantity = 3;
    body.order_weight = 9.3;
    body.recipient = { ...body.recipient, street_2: '', ...recipient };
    if (extra.gift !== undefined) body.gift_message = extra.gift;
    else delete body.gift_message;
    await placeOrder(ctx, body);
    await accept(
      database,
      id,
      'Olivia Owner',
      body.date_submitted ? new Date(body.date_submitted) : new Date(),
    );
  };

  await place(
    DEMO_TMK,
    demoOfferings,
    LABEL_DEMO_ORDERS.twoBox,
    {
      first_name: 'Grace',
      last_name: 'Hopper',
      street_1: '85 Broad St',
      city: 'New York',
      state: 'NY',
      zipcode: '10004',
      phone_number: '(212) 555-0187',
    },
    { minutesAgo: 95 },
  );
  await place(DEMO_TMK, demoOfferings, LABEL_DEMO_ORDERS.noPhone, { phone_number: '' }, { minutesAgo: 140 });
  await place(
    DEMO_TMK,
    demoOfferings,
    LABEL_DEMO_ORDERS.invalidStreet,
    { street_1: '0 INVALID Street' },
    { minutesAgo: 150 },
  );
  await place(
    DEMO_TMK,
    demoOfferings,
    LABEL_DEMO_ORDERS.noResponse,
    { zipcode: '00000' },
    { minutesAgo: 160 },
  );
  await place(
    DEMO_TMK,
    demoOfferings,
    LABEL_DEMO_ORDERS.carrierFailure,
    { street_1: '1 CARRIER-FAIL Way' },
    { minutesAgo: 170 },
  );
  await place(
    DEMO_TMK,
    demoOfferings,
    LABEL_DEMO_ORDERS.markup,
    {
      first_name: '<script>alert(1)</script>',
      last_name: '{{7*7}}',
      street_1: '12 <b>Bold</b> St',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax must come out as literal text
      delivery_instructions: 'Ring ${7*7} twice <i>please</i>',
    },
    { minutesAgo: 180, gift: 'Happy birthday! <img src=x onerror=alert(1)> {{7*7}}' },
  );

  const hash = await hashPassword('demo-password-1');
  for (const store of LABEL_DEMO_STORES) {
    const [m] = await database.db
      .insert(merchants)
      .values({
        tmk: store.tmk,
        name: store.name,
        street_1: '120 Hudson St',
        city: 'New York',
        state: 'NY',
        zipcode: '10013',
        primary_phone: '(212) 555-0134',
        email: store.email,
      })
      .onConflictDoNothing()
      .returning();
    if (!m) continue;
    await database.db
      .insert(carrierAccounts)
      .values({ merchant_id: m.id, carrier: 'UPS', account_number: store.account });
    await database.db.insert(users).values({
      first_name: 'Demo',
      last_name: 'Owner',
      email: store.email,
      password_hash: hash,
      roles: ['merch.owner'],
      authorized_merchant_id: m.id,
    });
    // Orders may use the demo store's catalogue: intake resolves offerings by id for the ordering merchant,
    // so give these stores plain lines instead.
    const body = buildOrderBody(r, {
      merchant: store.tmk,
      offerings: [],
      submittedAt: new Date(now - 200 * 60_000),
      kind: 'shipping',
      overrides: { id: store.order },
    });
    body.items = [
      { name: 'Old Harbor Small Batch Bourbon', quantity: 2, price: 39.99, discount: 0, engraving_price: 15 },
      { name: 'Maison Duclair Brut Champagne', quantity: 1, price: 59, discount: 0, engraving_price: 15 },
    ] as typeof body.items;
    await placeOrder(ctx, body);
    await accept(database, store.order, 'Demo Owner', new Date(now - 200 * 60_000));
  }
}
