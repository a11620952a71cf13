import { describe, expect, it } from 'vitest';
import { containerSizes, offerings, productBrands, productLines, products } from '../../db/schema.ts';
import { buildMerchantWithOwner, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

async function catalogue() {
  const { db } = t.ctx.database;
  const [brand] = await db
    .insert(productBrands)
    .values({ name: `Brand ${Math.random()}` })
    .returning();
  const [line] = await db
    .insert(productLines)
    .values({ name: 'Small Batch', brand_id: brand!.id })
    .returning();
  const [size] = await db
    .insert(containerSizes)
    .values({ value: 750, unit: 'ml', formatted: `750ml-${Math.random()}` })
    .returning();
  const [p1] = await db
    .insert(products)
    .values({ tpk: `TPK${Math.random()}`, product_line_id: line!.id, container_size_id: size!.id })
    .returning();
  const [p2] = await db
    .insert(products)
    .values({ tpk: `TPK${Math.random()}`, product_line_id: line!.id, container_size_id: null })
    .returning();
  return { brand: brand!, p1: p1!, p2: p2! };
}

describe('offerings', () => {
  it('lists the merchant’s items with product, line, brand and size; filters to items sold with the provider', async () => {
    const a = await buildMerchantWithOwner(t, 'merch.user');
    const b = await buildMerchantWithOwner(t);
    const { brand, p1, p2 } = await catalogue();
    await t.ctx.database.db.insert(offerings).values([
      {
        merchant_id: a.merchant.id,
        product_id: p1.id,
        merchant_sku: 'A-1',
        price_cents: 3999,
        quantity: 5,
        stock_behavior: 'NextDay',
      },
      {
        merchant_id: a.merchant.id,
        product_id: p2.id,
        merchant_sku: 'A-2',
        price_cents: 1000,
        quantity: 1,
        selling_with_provider: false,
        is_active: false,
      },
      { merchant_id: b.merchant.id, product_id: p1.id, merchant_sku: 'B-1', price_cents: 100, quantity: 1 },
    ]);
    const url = `/c/v2/merchants/${a.merchant.tmk}/offerings`;
    const res = await t.app.inject({ url, headers: a.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_rows).toBe(2);
    expect(body.items[0]).toMatchObject({
      id: 'A-1',
      price: 39.99,
      quantity: 5,
      is_active: true,
      stock_behavior: 'NextDay',
      product: { tpk: p1.tpk, product_line: { name: 'Small Batch', brand: { name: brand.name } } },
      merchant: { name: 'Test Store' },
    });
    expect(body.items[1].product.container_size).toBeNull();
    const selling = await t.app.inject({
      url: `${url}?filter[selling_with_marketplace]=true`,
      headers: a.headers,
    });
    expect(selling.json().items.map((i: { id: string }) => i.id)).toEqual(['A-1']);
    const one = await t.app.inject({
      url: `${url}?filter[id]=${body.items[1].offering_id}`,
      headers: a.headers,
    });
    expect(one.json().items.map((i: { id: string }) => i.id)).toEqual(['A-2']);
    // Another merchant's key is 404; another merchant's items never show.
    expect(
      (await t.app.inject({ url: `/c/v2/merchants/${b.merchant.tmk}/offerings`, headers: a.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/c/v2/merchants/${b.merchant.tmk}/offerings`, headers: b.headers }))
        .json()
        .items.map((i: { id: string }) => i.id),
    ).toEqual(['B-1']);
  });
});
