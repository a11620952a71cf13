/**
 * The pick list report type (docs/decisions/0103) through the batch API: orders sharing SKUs → one line per SKU
 * with the summed quantity and the order ids, sorted by category then name, gift wrap and engraving
 * called out; the request validation names the field.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BULK_MSG } from '@mc/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerings, orders, productBrands, productLines, products } from '../../../db/schema.ts';
import { expectPickListOrder, readPdf } from '../../../pdf/test-fixtures.ts';
import { buildMerchantWithOwner, buildOrder, useTestApp } from '../../../test/harness.ts';
import { type BulkJobs, startBulkJobs } from './bulk-queue.ts';

const t = useTestApp();
let jobs: BulkJobs;
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;

/** Offerings with these SKUs for the merchant (the intake resolves name and price from them). */
async function addOfferings(merchantId: string, rows: { sku: string; name: string; price: number }[]) {
  const tag = crypto.randomUUID().slice(0, 8);
  const [brand] = await t.ctx.database.db
    .insert(productBrands)
    .values({ name: `Pick brand ${tag}` })
    .returning();
  for (const [i, row] of rows.entries()) {
    const [line] = await t.ctx.database.db
      .insert(productLines)
      .values({ name: row.name, brand_id: brand!.id })
      .returning();
    const [product] = await t.ctx.database.db
      .insert(products)
      .values({ tpk: `PICK-${tag}-${i}`, product_line_id: line!.id })
      .returning();
    await t.ctx.database.db.insert(offerings).values({
      merchant_id: merchantId,
      product_id: product!.id,
      merchant_sku: row.sku,
      price_cents: Math.round(row.price * 100),
    });
  }
}

const base = () => `/m/v2/merchant/${owner.merchant.tmk}/orders`;
const line = (merchant_sku: string, quantity: number, name: string, extra: object = {}) => ({
  merchant_sku,
  quantity,
  name,
  discount: 0,
  engraving_price: 15,
  ...extra,
});

async function poll(batchId: string) {
  // A deadline, not a count of polls: the first render worker took 40–60 s to boot from source at load 15–19.
  for (const deadline = Date.now() + 110_000; Date.now() < deadline; ) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/m/v2/merchant/${owner.merchant.tmk}/batches/${batchId}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    if (b.state === 'done' || b.state === 'failed') return b;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('batch did not finish');
}

async function startReports(order_keys: string[], report_types: unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: `${base()}/batch/reports`,
    headers: owner.headers,
    payload: { order_keys, report_types },
  });
}

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res;
}

/** pdftotext (poppler), when installed: a second, independent reader of the same file. */
function pdftotext(pdf: Buffer): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'picklist-'));
  try {
    writeFileSync(join(dir, 'p.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'p.pdf'), '-'], { encoding: 'utf8' });
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let ids: string[] = [];

beforeAll(async () => {
  jobs = await startBulkJobs(t.ctx, { emailAfterMs: 60_000, sweepIntervalMs: 500 });
  owner = await buildMerchantWithOwner(t);
  await addOfferings(owner.merchant.id, [
    { sku: 'OH-750', name: 'Old Harbor Small Batch Bourbon', price: 39.99 },
    { sku: 'GA-12', name: 'Glen Avon 12 Year Single Malt', price: 64 },
    { sku: 'MD-BRUT', name: 'Maison Duclair Brut Champagne', price: 59 },
    { sku: 'CORK-1', name: 'Waiter corkscrew', price: 9 },
  ]);
  const place = (items: object[]) =>
    buildOrder(t.ctx, {
      merchantTmk: owner.merchant.tmk,
      status: 'MERCHANT_ACCEPTED',
      overrides: { items } as never,
    });
  ids = [
    await place([
      line('OH-750', 2, 'Old Harbor Small Batch Bourbon', { category: 'Whiskey', gift_wrap: true }),
      line('MD-BRUT', 1, 'Maison Duclair Brut Champagne', { category: 'Champagne' }),
    ]),
    await place([
      line('OH-750', 1, 'Old Harbor Small Batch Bourbon', {
        category: 'Whiskey',
        engraving_message: ['Happy 40th, Sam'],
      }),
      line('CORK-1', 1, 'Waiter corkscrew'),
    ]),
    await place([
      line('GA-12', 1, 'Glen Avon 12 Year Single Malt', { category: 'Whiskey' }),
      line('OH-750', 3, 'Old Harbor Small Batch Bourbon', { category: 'Whiskey' }),
      line('MD-BRUT', 2, 'Maison Duclair Brut Champagne', { category: 'Champagne' }),
    ]),
  ];
});
// Runs before useTestApp's close (vitest runs after-hooks newest first).
afterAll(async () => {
  await jobs?.stop?.();
});

describe('pick list batch', { timeout: 150_000 }, () => {
  it('sums a SKU shared by three orders: one line per SKU with the order ids, category then name', async () => {
    const res = await startReports(ids, ['picklist']);
    expect(res.statusCode).toBe(200);
    expect(res.json().report_types).toEqual(['picklist']);
    const b = await poll(res.json().batch_id);
    expect(b).toMatchObject({ state: 'done', total_count: 3, completed_count: 3, error_count: 0 });
    expect(b.batch_pdf_urls.receipt).toBeNull();
    expect(b.batch_pdf_urls.packingslip).toBeNull();
    const file = await download(b.batch_pdf_urls.picklist);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('Pick List.pdf');
    const { text, pageCount } = await readPdf(file.rawPayload);
    expect(pageCount).toBe(1);
    const [a, bId, c] = ids as [string, string, string];
    for (const expected of [
      'PICK LIST',
      '3 orders · 4 SKUs · 11 units',
      'CHAMPAGNE 1 SKU · 3 units',
      '3 Maison Duclair Brut Champagne',
      `Orders: ${a}, ${c} ×2`,
      'WHISKEY 2 SKUs · 7 units',
      '1 Glen Avon 12 Year Single Malt',
      '6 Old Harbor Small Batch Bourbon',
      `Orders: ${a} ×2, ${bId}, ${c} ×3`,
      `GIFT WRAP 2 units: ${a} ×2`,
      `ENGRAVE ${bId} ×1: "Happy 40th, Sam"`,
      'OTHER 1 SKU · 1 unit',
      '1 Waiter corkscrew',
    ]) {
      expect(text).toContain(expected);
    }
    expectPickListOrder(text);
    // The same file read by poppler's pdftotext (where installed).
    const poppler = pdftotext(file.rawPayload);
    if (poppler !== null) {
      expect(poppler).toMatch(/6\s+Old Harbor Small Batch Bourbon\s+-\s+OH-750/);
      expect(poppler).toContain('GIFT WRAP 2 units');
    }
    // A pick list alone does not mark the orders printed (only packing slips do).
    const [row] = await t.ctx.database.db
      .select({ printed: orders.printed_timestamp })
      .from(orders)
      .where(eq(orders.id, a));
    expect(row?.printed).toBeNull();
  });

  it('prints the pick list with the other report types: each PDF, and all in the zip', async () => {
    const res = await startReports(ids.slice(0, 2), ['receipt', 'picklist', 'packingslip']);
    expect(res.statusCode).toBe(200);
    const b = await poll(res.json().batch_id);
    expect(b.state).toBe('done');
    for (const kind of ['receipt', 'packingslip', 'picklist'] as const) {
      const file = await download(b.batch_pdf_urls[kind]);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const { text } = await readPdf((await download(b.batch_pdf_urls.picklist)).rawPayload);
    expect(text).toContain('2 orders · 3 SKUs · 5 units');
    expect(text).toContain(`Orders: ${ids[0]} ×2, ${ids[1]}`);
    const zip = await download(b.batch_pdf_urls.download);
    expect(zip.rawPayload.includes(Buffer.from('_Pick List.pdf'))).toBe(true);
  });

  it('rejects an unknown report type with 400 naming the field', async () => {
    const res = await startReports(ids, ['picklist', 'pickslip']);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BULK_MSG.UNKNOWN_REPORT_TYPE);
    expect(res.json().errors[0].path).toMatch(/^report_types/);
    const none = await startReports(ids, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].path).toMatch(/^report_types/);
  });
});
