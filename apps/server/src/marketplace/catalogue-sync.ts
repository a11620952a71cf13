/**
 * The marketplace's catalogue sync (docs/decisions/0141): PUT …/marketplace/merchants/{tmk}/offerings upserts
 * a merchant's offerings by `merchant_sku`, creating or reusing what names them. The catalogue is shared:
 * - a brand by its name (unique); without `brand`, the name's first word is the brand and the rest the line,
 *   so the name the marketplace lists (`brand line`) is the name it sent;
 * - a product line by its brand and name, a container size by its written form (`750ml`, `1.75L`);
 * - a product by its line and size: a product another store already sells is reused, never rewritten (only
 *   an image or category it lacks is filled in).
 * Then each line's offering is inserted, updated (product, price or active changed) or left as it is, so the
 * same call twice leaves the same rows. Everything happens in one transaction: a failure changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { CatalogueItem, CatalogueSyncResult } from '@mc/api';
import { DomainError, dollarsToCents } from '@mc/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';
import { containerSizes, merchants, offerings, productBrands, productLines, products } from '../db/schema.ts';

interface Size {
  value: number;
  unit: string;
  formatted: string;
}

/** '750ml' → 750 ml '750ml'; '1.75 L' → 1.75 l '1.75L'; '70cl' → 70 cl '70cl' (the form the catalogue writes). */
export function parseSize(size: string): Size {
  const m = /^\s*(\d{1,5}(?:\.\d{1,3})?)\s*(ml|cl|l)\s*$/i.exec(size);
  if (!m) throw new DomainError('VALIDATION', 'size must look like 750ml, 1.75L or 50 ml');
  const value = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  return { value, unit, formatted: `${value}${unit === 'l' ? 'L' : unit}` };
}

/** The brand and line a name is filed under (see the module comment). */
export function brandAndLine(item: Pick<CatalogueItem, 'name' | 'brand'>): { brand: string; line: string } {
  const name = item.name.trim();
  if (item.brand) {
    const brand = item.brand.trim();
    const rest = name.startsWith(`${brand} `) ? name.slice(brand.length + 1).trim() : name;
    return { brand, line: rest || name };
  }
  const space = name.indexOf(' ');
  if (space < 0) return { brand: name, line: name };
  return { brand: name.slice(0, space), line: name.slice(space + 1).trim() };
}

const lineKey = (brandId: string, name: string) => `${brandId}\u0000${name}`;
const productKey = (lineId: string, sizeId: string) => `${lineId}\u0000${sizeId}`;

async function sizesFor(tx: Tx, wanted: Size[]): Promise<Map<string, string>> {
  const forms = [...new Set(wanted.map((s) => s.formatted))];
  await tx
    .insert(containerSizes)
    .values(forms.map((f) => wanted.find((s) => s.formatted === f)!))
    .onConflictDoNothing();
  const rows = await tx.select().from(containerSizes).where(inArray(containerSizes.formatted, forms));
  return new Map(rows.map((r) => [r.formatted, r.id]));
}

async function brandsFor(tx: Tx, names: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(names)];
  await tx
    .insert(productBrands)
    .values(unique.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await tx.select().from(productBrands).where(inArray(productBrands.name, unique));
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function linesFor(tx: Tx, wanted: { brandId: string; name: string }[]): Promise<Map<string, string>> {
  const brandIds = [...new Set(wanted.map((w) => w.brandId))];
  const existing = await tx.select().from(productLines).where(inArray(productLines.brand_id, brandIds));
  const byKey = new Map<string, string>();
  // The oldest line of a name wins, so a name reused by several rows always resolves the same way.
  for (const r of existing)
    if (!byKey.has(lineKey(r.brand_id, r.name))) byKey.set(lineKey(r.brand_id, r.name), r.id);
  const missing = new Map<string, { brand_id: string; name: string }>();
  for (const w of wanted) {
    const k = lineKey(w.brandId, w.name);
    if (!byKey.has(k) && !missing.has(k)) missing.set(k, { brand_id: w.brandId, name: w.name });
  }
  if (missing.size) {
    const inserted = await tx
      .insert(productLines)
      .values([...missing.values()])
      .returning();
    for (const r of inserted) byKey.set(lineKey(r.brand_id, r.name), r.id);
  }
  return byKey;
}

export async function syncCatalogue(
  database: Pick<Database, 'db'>,
  tmk: string,
  items: readonly CatalogueItem[],
): Promise<CatalogueSyncResult> {
  return database.db.transaction(async (tx) => {
    const [merchant] = await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.tmk, tmk))
      .limit(1);
    if (!merchant) throw new DomainError('NOT_FOUND', 'Merchant not found');
    const lines = items.map((item) => ({ item, size: parseSize(item.size), ...brandAndLine(item) }));

    const sizeIds = await sizesFor(
      tx,
      lines.map((l) => l.size),
    );
    const brandIds = await brandsFor(
      tx,
      lines.map((l) => l.brand),
    );
    const lineIds = await linesFor(
      tx,
      lines.map((l) => ({ brandId: brandIds.get(l.brand)!, name: l.line })),
    );
    const resolved = lines.map((l) => {
      const brandId = brandIds.get(l.brand)!;
      return { ...l, lineId: lineIds.get(lineKey(brandId, l.line))!, sizeId: sizeIds.get(l.size.formatted)! };
    });

    // Products by line and size: reused when one exists (the shared catalogue's), else created.
    const existing = await tx
      .select()
      .from(products)
      .where(inArray(products.product_line_id, [...new Set(resolved.map((r) => r.lineId))]))
      .orderBy(products.tpk);
    const productOf = new Map<string, (typeof existing)[number]>();
    for (const p of existing)
      if (p.container_size_id && !productOf.has(productKey(p.product_line_id, p.container_size_id)))
        productOf.set(productKey(p.product_line_id, p.container_size_id), p);
    const toCreate = new Map<string, typeof products.$inferInsert>();
    for (const r of resolved) {
      const k = productKey(r.lineId, r.sizeId);
      const found = productOf.get(k);
      if (found) {
        const fill = {
          ...(r.item.image_url && !found.image_spec ? { image_spec: r.item.image_url } : {}),
          ...(r.item.category && !found.category ? { category: r.item.category } : {}),
        };
        if (Object.keys(fill).length) {
          await tx.update(products).set(fill).where(eq(products.id, found.id));
          productOf.set(k, { ...found, ...fill });
        }
      } else if (!toCreate.has(k)) {
        toCreate.set(k, {
          tpk: `SYNC-${randomUUID()}`,
          product_line_id: r.lineId,
          container_size_id: r.sizeId,
          description: `${r.brand} ${r.line}, ${r.size.formatted}`,
          image_spec: r.item.image_url ?? null,
          category: r.item.category ?? null,
        });
      }
    }
    if (toCreate.size) {
      const created = await tx
        .insert(products)
        .values([...toCreate.values()])
        .returning();
      for (const p of created) productOf.set(productKey(p.product_line_id, p.container_size_id!), p);
    }

    // The offerings themselves, by merchant_sku.
    const current = await tx
      .select()
      .from(offerings)
      .where(
        and(
          eq(offerings.merchant_id, merchant.id),
          inArray(
            offerings.merchant_sku,
            resolved.map((r) => r.item.merchant_sku),
          ),
        ),
      );
    const bySku = new Map(current.map((o) => [o.merchant_sku, o]));
    const result: CatalogueSyncResult = { created: 0, updated: 0, unchanged: 0 };
    const inserts: (typeof offerings.$inferInsert)[] = [];
    for (const r of resolved) {
      const productId = productOf.get(productKey(r.lineId, r.sizeId))!.id;
      const priceCents = dollarsToCents(r.item.price);
      const had = bySku.get(r.item.merchant_sku);
      if (!had) {
        inserts.push({
          merchant_id: merchant.id,
          product_id: productId,
          merchant_sku: r.item.merchant_sku,
          price_cents: priceCents,
          is_active: r.item.active,
        });
        result.created++;
      } else if (
        had.product_id !== productId ||
        had.price_cents !== priceCents ||
        had.is_active !== r.item.active
      ) {
        await tx
          .update(offerings)
          .set({
            product_id: productId,
            price_cents: priceCents,
            is_active: r.item.active,
            updated_at: new Date(),
          })
          .where(eq(offerings.id, had.id));
        result.updated++;
      } else result.unchanged++;
    }
    if (inserts.length) await tx.insert(offerings).values(inserts);
    return result;
  });
}
