import type { Offering, OfferingsResponse } from '@mc/api';
import { centsToDollars } from '@mc/domain';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { readDb } from '../../db/client.ts';
import {
  containerSizes,
  merchants,
  offerings,
  productBrands,
  productLines,
  products,
} from '../../db/schema.ts';

export interface OfferingsFilter {
  /** filter[selling_with_{product}]=true */
  sellingWithProvider?: boolean;
  /** filter[id]: one item, by offering id or retailer item code. */
  id?: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the spec's `filter[...]` query keys. */
export function parseOfferingsQuery(query: Record<string, string | undefined>): OfferingsFilter {
  const out: OfferingsFilter = {};
  for (const [key, value] of Object.entries(query)) {
    if (/^filter\[selling_with_[a-z0-9_]+\]$/i.test(key) && value === 'true') out.sellingWithProvider = true;
    if ((key === 'filter[id]' || key === 'filter[offering_id]') && value) out.id = value;
  }
  return out;
}

/** GET /c/v2/merchants/{tmk}/offerings: the merchant's whole inventory (the page sorts on the client). */
export async function getOfferings(
  ctx: AppContext,
  merchantId: string,
  filter: OfferingsFilter,
): Promise<OfferingsResponse> {
  const where: SQL[] = [eq(offerings.merchant_id, merchantId)];
  if (filter.sellingWithProvider) where.push(eq(offerings.selling_with_provider, true));
  if (filter.id) {
    const byCode = eq(offerings.merchant_sku, filter.id);
    where.push(UUID_RE.test(filter.id) ? (or(eq(offerings.id, filter.id), byCode) as SQL) : byCode);
  }
  // The inventory page tolerates a few seconds' lag: on the read replica when one is set (db/replica.ts).
  const rows = await readDb(ctx.database)
    .select({
      offering: offerings,
      tpk: products.tpk,
      lineName: productLines.name,
      brandName: productBrands.name,
      size: containerSizes.formatted,
      merchantName: merchants.name,
    })
    .from(offerings)
    .innerJoin(merchants, eq(merchants.id, offerings.merchant_id))
    .leftJoin(products, eq(products.id, offerings.product_id))
    .leftJoin(productLines, eq(productLines.id, products.product_line_id))
    .leftJoin(productBrands, eq(productBrands.id, productLines.brand_id))
    .leftJoin(containerSizes, eq(containerSizes.id, products.container_size_id))
    .where(and(...where))
    .orderBy(asc(offerings.merchant_sku));
  const items: Offering[] = rows.map((r) => ({
    id: r.offering.merchant_sku,
    offering_id: r.offering.id,
    price: centsToDollars(r.offering.price_cents),
    quantity: r.offering.quantity,
    is_active: r.offering.is_active,
    stock_behavior: r.offering.stock_behavior,
    selling_with_provider: r.offering.selling_with_provider,
    updated_at: r.offering.updated_at.toISOString(),
    product:
      r.tpk === null
        ? null
        : {
            tpk: r.tpk,
            product_line:
              r.lineName === null ? null : { name: r.lineName, brand: { name: r.brandName ?? '' } },
            container_size: r.size === null ? null : { formatted: r.size },
          },
    merchant: { name: r.merchantName },
  }));
  return { items, total_rows: items.length, received_at: new Date().toISOString() };
}

/** GET /c/v2/merchants/{tmk}/offerings with its `filter[...]` query. */
export async function listOfferings(
  ctx: AppContext,
  merchantId: string,
  query: Record<string, string | undefined>,
): Promise<OfferingsResponse> {
  return getOfferings(ctx, merchantId, parseOfferingsQuery(query));
}
