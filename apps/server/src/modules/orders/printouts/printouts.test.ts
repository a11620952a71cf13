import { RECEIPT_NOT_READY_MESSAGE } from '@mc/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema.ts';
import { readPdf } from '../../../pdf/test-fixtures.ts';
import { buildMerchantWithOwner, buildOrder, TEST_DB, useTestApp } from '../../../test/harness.ts';
import { contentDisposition } from './content-disposition.ts';

// A site name of its own, so the documents are seen to print the configured one (SITE_NAME).
const t = useTestApp({ config: { siteName: 'Corner Cellar' } });
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;

beforeAll(async () => {
  owner = await buildMerchantWithOwner(t);
});

const report = (
  id: string,
  type: string,
  headers: Record<string, string> = owner.headers,
  tmk = owner.merchant.tmk,
) => t.app.inject({ method: 'GET', url: `/m/v2/merchant/${tmk}/orders/${id}/reports/${type}`, headers });

/** An accepted order with markup in every customer field, a gift message and a known customer. */
async function hostileOrder(gift: string | null) {
  const id = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'MERCHANT_ACCEPTED' });
  await t.database.db
    .update(orders)
    .set({
      gift_message: gift,
      customer: sql`${orders.customer} || '{"first_name":"Zoë","last_name":"O''Brien"}'::jsonb`,
      recipient: sql`${orders.recipient} || ${JSON.stringify({
        first_name: '<script>alert(1)</script>',
        last_name: '{{7*7}}',
        street_1: '12 <b>Bold</b> St',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax must come out as literal text
        delivery_instructions: 'Ring ${7*7} twice',
      })}::jsonb`,
    })
    .where(eq(orders.id, id));
  return id;
}

function fileName(disposition: string | undefined): string {
  const m = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '');
  return m ? decodeURIComponent(m[1]!) : '';
}

describe(`GET …/reports/{type} (${TEST_DB})`, () => {
  it('serves the receipt as {orderId}_{lastName}_Receipt.pdf with its fields', async () => {
    const id = await hostileOrder(null);
    const res = await report(id, 'receipt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(fileName(res.headers['content-disposition'])).toBe(`${id}_O'Brien_Receipt.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.text).toContain(id);
    expect(pdf.text).toContain(`Corner Cellar · Order #${id} · Page 1`);
    expect(pdf.text).toContain('<script>alert(1)</script>');
    expect(pdf.text).toContain('{{7*7}}');
    expect(pdf.text).toContain('Old Harbor Small Batch Bourbon');
    expect(pdf.text).toContain('$39.99');
    expect(pdf.text).not.toContain('49'.repeat(3));
  });

  it('serves the packing slip as {orderId}-{lastName}-Packing Slip.pdf, prices hidden on a gift order', async () => {
    const id = await hostileOrder('Happy birthday! <img src=x onerror=alert(1)> {{7*7}}');
    const res = await report(id, 'packingslip');
    expect(res.statusCode).toBe(200);
    expect(fileName(res.headers['content-disposition'])).toBe(`${id}-O'Brien-Packing Slip.pdf`);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.text).toContain('PACKING SLIP');
    expect(pdf.text).toContain(`Corner Cellar · Order #${id} · Page 1`);
    expect(pdf.text).toContain('Happy birthday! <img src=x onerror=alert(1)> {{7*7}}');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax must come out as literal text
    expect(pdf.text).toContain('Ring ${7*7} twice');
    expect(pdf.text).toContain('Old Harbor Small Batch Bourbon');
    expect(pdf.text).not.toContain('$39.99');
  });

  it('prints prices on a packing slip without a gift message', async () => {
    const id = await hostileOrder(null);
    const pdf = await readPdf((await report(id, 'packingslip')).rawPayload);
    expect(pdf.text).toContain('$39.99');
  });

  it('marks a new order printed when its packing slip is downloaded', async () => {
    const id = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'SUBMITTED' });
    expect((await report(id, 'packingslip')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.printed_timestamp).toBeInstanceOf(Date);
  });

  it('serves the directions sheet with the fields it must print', async () => {
    const id = await hostileOrder(null);
    await t.database.db
      .update(orders)
      .set({ tracking_provider: 'FedEx', tracking_id: '781234567890', delivery_method: 'on_demand' })
      .where(eq(orders.id, id));
    const res = await report(id, 'directions');
    expect(res.statusCode).toBe(200);
    expect(fileName(res.headers['content-disposition'])).toBe(`${id}_Directions.pdf`);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.text).toContain('DELIVERY DIRECTIONS');
    expect(pdf.text).toContain(`Delivery number ${id} · Corner Cellar`);
    expect(pdf.text).toContain('DELIVER TO');
    expect(pdf.text).toContain('ORDER DATE');
    expect(pdf.text).toContain('ASAP');
    expect(pdf.text).toContain(id);
    expect(pdf.text).toContain('FedEx 781234567890');
    expect(pdf.text).toContain('<script>alert(1)</script> {{7*7}}');
    expect(pdf.text).toContain('12 <b>Bold</b> St');
    expect(pdf.text).not.toContain('Map unavailable');
  });

  it('refuses the receipt while the order is SUBMITTED (409)', async () => {
    const id = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'SUBMITTED' });
    const res = await report(id, 'receipt');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RECEIPT_NOT_READY_MESSAGE);
  });

  it("is 401 without a token, 404 for another merchant's order, 400 for an unknown type", async () => {
    const id = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'MERCHANT_ACCEPTED' });
    expect((await report(id, 'receipt', {})).statusCode).toBe(401);
    const other = await buildMerchantWithOwner(t);
    expect((await report(id, 'receipt', other.headers, other.merchant.tmk)).statusCode).toBe(404);
    expect((await report(id, 'invoice')).statusCode).toBe(400);
  });
});

describe('contentDisposition', () => {
  it('keeps the exact name in filename* and an ASCII fallback', () => {
    expect(contentDisposition('attachment', 'A1-Zoë-Packing Slip.pdf')).toBe(
      `attachment; filename="A1-Zoe-Packing Slip.pdf"; filename*=UTF-8''A1-Zo%C3%AB-Packing%20Slip.pdf`,
    );
    expect(contentDisposition('inline', 'a"b\\c.pdf')).toContain('filename="a_b_c.pdf"');
  });
});

describe('OpenAPI', () => {
  it('documents the report, label and SMS paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/m/v2/merchant/{tmk}/orders/{id}/reports/{type}',
        '/m/v2/merchant/{tmk}/orders/{id}/labels',
        '/m/v2/merchant/{tmk}/orders/{id}/labels/{file}',
        '/m/v2/sms',
      ]),
    );
  });
});
