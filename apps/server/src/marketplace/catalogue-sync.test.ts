import type { CatalogueItem } from '@mc/api';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  containerSizes,
  offerings,
  orderItems,
  productBrands,
  productLines,
  products,
} from '../db/schema.ts';
import { buildMerchant, useTestApp } from '../test/harness.ts';
import { postSignUp } from '../test/sign-up.ts';
import { brandAndLine, parseSize, syncCatalogue } from './catalogue-sync.ts';

const t = useTestApp();
const auth = { authorization: 'Bearer demo-marketplace-key' };

let seq = 0;
/** SKUs and names of their own per test: the catalogue (brands, lines, sizes) is shared by every store. */
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

const sync = (tmk: string, items: unknown[], headers: Record<string, string> = auth) =>
  t.app.inject({
    method: 'PUT',
    url: `/m/v2/marketplace/merchants/${tmk}/offerings`,
    headers,
    payload: { items },
  });

function item(over: Partial<CatalogueItem> = {}): CatalogueItem {
  const u = uniq();
  return {
    merchant_sku: `SKU-${u}`,
    name: `Brand${u} Small Batch Bourbon`,
    size: '750ml',
    price: 39.99,
    category: 'Whiskey',
    active: true,
    ...over,
  };
}

async function tableCounts() {
  const { db } = t.database;
  const n = async (table: typeof products | typeof offerings | typeof productLines | typeof productBrands) =>
    Number((await db.select({ n: count() }).from(table))[0]!.n);
  return {
    products: await n(products),
    offerings: await n(offerings),
    lines: await n(productLines),
    brands: await n(productBrands),
    sizes: Number((await db.select({ n: count() }).from(containerSizes))[0]!.n),
  };
}

describe('the names and sizes of a catalogue line', () => {
  it('writes sizes as the catalogue does', () => {
    expect(parseSize('750ml')).toEqual({ value: 750, unit: 'ml', formatted: '750ml' });
    expect(parseSize(' 1.75 L ')).toEqual({ value: 1.75, unit: 'l', formatted: '1.75L' });
    expect(parseSize('70CL')).toEqual({ value: 70, unit: 'cl', formatted: '70cl' });
    expect(() => parseSize('a bottle')).toThrow();
  });

  it('files a name under its brand, or under its first word, so brand + line is the name sent', () => {
    expect(brandAndLine({ name: 'Old Harbor Rye Whiskey', brand: 'Old Harbor' })).toEqual({
      brand: 'Old Harbor',
      line: 'Rye Whiskey',
    });
    expect(brandAndLine({ name: 'Rye Whiskey', brand: 'Old Harbor' })).toEqual({
      brand: 'Old Harbor',
      line: 'Rye Whiskey',
    });
    expect(brandAndLine({ name: 'Glenlivet 12 Year' })).toEqual({ brand: 'Glenlivet', line: '12 Year' });
    expect(brandAndLine({ name: 'Mezcal' })).toEqual({ brand: 'Mezcal', line: 'Mezcal' });
  });
});

describe('PUT …/marketplace/merchants/{tmk}/offerings', () => {
  it('lets a store that just signed up receive an order through the intake', async () => {
    const signUp = await postSignUp(t.app, {
      first_name: 'Nova',
      last_name: 'Store',
      email: `nova-${uniq()}@corner.example`,
      password: 'long-enough-pw',
      birthday: '1990-12-10',
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const tmk = signUp.json().user.aux_data.authorized_merchant as string;
    const line = item({ name: `Nova${uniq()} Reserve Gin`, size: '1L', price: 27.5, category: 'Gin' });
    const order = {
      merchant: tmk,
      application_ref: 'catalogue-test',
      delivery: { method: 'on_demand' },
      recipient: {
        first_name: 'Rita',
        last_name: 'Recipient',
        street_1: '5 Park Ave',
        city: 'New York',
        state: 'NY',
        zipcode: '10016',
      },
      customer: { first_name: 'Carl', last_name: 'Customer', email: 'carl@example.test' },
      items: [{ merchant_sku: line.merchant_sku, quantity: 2 }],
    };
    const before = await t.app.inject({
      method: 'POST',
      url: '/m/v2/marketplace/orders',
      headers: auth,
      payload: order,
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe('Unknown offering for this merchant');

    const synced = await sync(tmk, [line]);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toEqual({ created: 1, updated: 0, unchanged: 0 });

    const placed = await t.app.inject({
      method: 'POST',
      url: '/m/v2/marketplace/orders',
      headers: auth,
      payload: order,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [lineRow] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, placed.json().id as string));
    expect(lineRow).toMatchObject({
      name: line.name,
      price_cents: 2750,
      merchant_sku: line.merchant_sku,
      container_size: { value: 1, unit: 'l', formatted: '1L' },
      // The category the sync gave is the order line's (the pick list groups by it).
      aux_data: { category: 'Gin' },
    });
    const listed = await t.app.inject({ url: `/m/v2/marketplace/merchants/${tmk}/offerings`, headers: auth });
    expect(listed.json().items).toEqual([
      { id: expect.any(String), merchant_sku: line.merchant_sku, name: line.name, price: 27.5 },
    ]);
  });

  it('is idempotent: the same call twice leaves the same rows and answers unchanged', async () => {
    const merchant = await buildMerchant(t.ctx);
    const brand = `Twice${uniq()}`;
    const items = [
      item({ name: `${brand} Blanco`, brand, size: '750ml' }),
      item({ name: `${brand} Blanco`, brand, size: '375ml', price: 19 }),
      item({
        name: `${brand} Reposado`,
        brand,
        size: '750ml',
        active: false,
        image_url: 'https://img.test/r.png',
      }),
    ];
    expect((await sync(merchant.tmk, items)).json()).toEqual({ created: 3, updated: 0, unchanged: 0 });
    const after = await tableCounts();
    const rows = await t.database.db.select().from(offerings).where(eq(offerings.merchant_id, merchant.id));
    expect((await sync(merchant.tmk, items)).json()).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(await tableCounts()).toEqual(after);
    expect(
      await t.database.db.select().from(offerings).where(eq(offerings.merchant_id, merchant.id)),
    ).toEqual(rows);
    // One brand, two lines, three products.
    const [b] = await t.database.db.select().from(productBrands).where(eq(productBrands.name, brand));
    const lines = await t.database.db.select().from(productLines).where(eq(productLines.brand_id, b!.id));
    expect(lines.map((l) => l.name).sort()).toEqual(['Blanco', 'Reposado']);

    // A new price, an offering switched on: updated; the rest unchanged.
    const changed = [{ ...items[0]!, price: 41 }, items[1]!, { ...items[2]!, active: true }];
    expect((await sync(merchant.tmk, changed)).json()).toEqual({ created: 0, updated: 2, unchanged: 1 });
    const priced = await t.database.db
      .select()
      .from(offerings)
      .where(eq(offerings.merchant_sku, items[0]!.merchant_sku));
    expect(priced[0]).toMatchObject({ price_cents: 4100, is_active: true });
  });

  it('reuses the shared catalogue’s product of the same brand, line and size, and leaves it as it was', async () => {
    const first = await buildMerchant(t.ctx);
    const second = await buildMerchant(t.ctx);
    const brand = `Shared${uniq()}`;
    const line = item({
      name: `${brand} Cask Strength`,
      brand,
      size: '1.75L',
      image_url: 'https://img.test/a.png',
    });
    await sync(first.tmk, [line]);
    const before = await tableCounts();
    const res = await sync(second.tmk, [
      {
        ...line,
        merchant_sku: `OTHER-${uniq()}`,
        size: '1.75 l',
        image_url: 'https://img.test/b.png',
        price: 80,
      },
    ]);
    expect(res.json()).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(await tableCounts()).toEqual({ ...before, offerings: before.offerings + 1 });
    const [a] = await t.database.db.select().from(offerings).where(eq(offerings.merchant_id, first.id));
    const [b] = await t.database.db.select().from(offerings).where(eq(offerings.merchant_id, second.id));
    expect(b!.product_id).toBe(a!.product_id);
    const [p] = await t.database.db.select().from(products).where(eq(products.id, a!.product_id));
    expect(p).toMatchObject({
      image_spec: 'https://img.test/a.png',
      description: `${brand} Cask Strength, 1.75L`,
    });
  });

  it('refuses bad input with a 400 naming the line’s field, and changes nothing', async () => {
    const merchant = await buildMerchant(t.ctx);
    const good = item();
    const before = await tableCounts();
    const cases: [unknown[], string][] = [
      [[good, item({ price: -1 })], 'items.1.price'],
      [[good, item({ price: 10.005 })], 'items.1.price'],
      [[good, item({ size: 'big' })], 'items.1.size'],
      [[good, item({ merchant_sku: '' })], 'items.1.merchant_sku'],
      [[good, { ...item(), merchant_sku: good.merchant_sku }], 'items.1.merchant_sku'],
      [[good, { ...item(), active: undefined }], 'items.1.active'],
      [[good, item({ image_url: 'javascript:alert(1)' })], 'items.1.image_url'],
      [[], 'items'],
      [Array.from({ length: 1001 }, () => good), 'items'],
    ];
    for (const [items, path] of cases) {
      const res = await sync(merchant.tmk, items);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('writes in one transaction: a failure after the catalogue rows were made leaves none of them', async () => {
    const merchant = await buildMerchant(t.ctx);
    const before = await tableCounts();
    const brand = `Rollback${uniq()}`;
    // A price no request can carry (the schema refuses it) fails only when the offerings are written,
    // after the brand, line and product of the first line were inserted.
    const failing = syncCatalogue(t.database, merchant.tmk, [
      item({ name: `${brand} Gin`, brand, size: '33cl' }),
      item({ name: `${brand} Vodka`, brand, price: Number.NaN }),
    ]);
    await expect(failing).rejects.toThrow();
    expect(await tableCounts()).toEqual(before);
    expect(await t.database.db.select().from(productBrands).where(eq(productBrands.name, brand))).toEqual([]);
  });

  it('answers 404 for an unknown merchant and 401 without the marketplace credential', async () => {
    expect((await sync('no-such-store', [item()])).statusCode).toBe(404);
    const merchant = await buildMerchant(t.ctx);
    expect((await sync(merchant.tmk, [item()], {})).statusCode).toBe(401);
    expect((await sync(merchant.tmk, [item()], { authorization: 'Bearer wrong' })).statusCode).toBe(401);
  });
});
