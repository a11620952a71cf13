/**
 * One order, two paths: the single report download and the bulk reports batch print the same text
 * (one loader and one mapper, document-order.ts). The order has what the two paths used to read
 * differently: a third street line, a store street line 3, and an OTHER carrier with its name; and a
 * name in Chinese and Cyrillic script, drawn with the fallback fonts (in the render worker for the batch).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchants, orders } from '../../../db/schema.ts';
import { readPdf } from '../../../pdf/test-fixtures.ts';
import { buildMerchantWithOwner, buildOrder, TEST_DB, useTestApp } from '../../../test/harness.ts';
import { startBulkJobs } from '../bulk/bulk-queue.ts';

const t = useTestApp();
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;

beforeAll(async () => {
  await startBulkJobs(t.ctx, { emailAfterMs: 60_000, sweepIntervalMs: 500 });
  owner = await buildMerchantWithOwner(t);
  await t.database.db
    .update(merchants)
    .set({ street_3: 'Loading dock B' })
    .where(eq(merchants.id, owner.merchant.id));
});

const base = () => `/m/v2/merchant/${owner.merchant.tmk}/orders`;

async function otherCarrierOrder(): Promise<string> {
  const id = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'MERCHANT_SHIPPED' });
  await t.database.db
    .update(orders)
    .set({
      tracking_provider: 'OTHER',
      other_tracking_provider: 'Harbor Couriers',
      tracking_id: 'HC-55501',
      tracking_url: 'https://harbor.example/t/HC-55501',
      recipient: sql`${orders.recipient} || ${JSON.stringify({
        first_name: '王小明',
        last_name: 'Петров',
        street_3: 'Rear entrance, 2nd door',
      })}::jsonb`,
    })
    .where(eq(orders.id, id));
  return id;
}

async function single(id: string, type: 'packingslip' | 'receipt' | 'directions'): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${base()}/${id}/reports/${type}`,
    headers: owner.headers,
  });
  expect(res.statusCode).toBe(200);
  return (await readPdf(res.rawPayload)).text;
}

async function bulk(id: string): Promise<{ packingslip: string; receipt: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base()}/batch/reports`,
    headers: owner.headers,
    payload: { order_keys: [id], report_types: ['receipt', 'packingslip'] },
  });
  expect(res.statusCode).toBe(200);
  const batchId = res.json().batch_id as string;
  // A deadline, not a count of polls: the first render worker took 40–60 s to boot from source at load 15–19.
  for (const deadline = Date.now() + 110_000; Date.now() < deadline; ) {
    const poll = await t.app.inject({
      method: 'GET',
      url: `/m/v2/merchant/${owner.merchant.tmk}/batches/${batchId}`,
      headers: owner.headers,
    });
    const b = poll.json();
    if (b.state === 'done') {
      const read = async (url: string) =>
        (await readPdf((await t.app.inject({ method: 'GET', url })).rawPayload)).text;
      return {
        packingslip: await read(b.batch_pdf_urls.packingslip),
        receipt: await read(b.batch_pdf_urls.receipt),
      };
    }
    expect(b.state).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('batch did not finish');
}

describe(`single and bulk documents (${TEST_DB})`, { timeout: 150_000 }, () => {
  it('print the same text for the same order, OTHER carrier and third street lines included', async () => {
    const id = await otherCarrierOrder();
    const slip = await single(id, 'packingslip');
    const receipt = await single(id, 'receipt');
    const batch = await bulk(id);
    expect(batch.packingslip).toBe(slip);
    expect(batch.receipt).toBe(receipt);
    for (const text of [slip, receipt]) {
      // Drawn with the fallback fonts in the render worker as on the main thread.
      expect(text).toContain('王小明 Петров');
      expect(text).toContain('Harbor Couriers HC-55501');
      expect(text).toContain('Rear entrance, 2nd door');
      expect(text).toContain('Loading dock B');
    }
  });

  it("leaves an 'other' carrier's tracking off the directions sheet", async () => {
    const id = await otherCarrierOrder();
    const text = await single(id, 'directions');
    expect(text).toContain('DELIVER TO');
    expect(text).toContain('Rear entrance, 2nd door');
    expect(text).not.toContain('TRACKING');
    expect(text).not.toContain('HC-55501');
    expect(text).not.toContain('Harbor Couriers');
  });
});
