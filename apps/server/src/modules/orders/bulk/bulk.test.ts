import { inflateRawSync } from 'node:zlib';
import type { BatchFileKind } from '@mc/api';
import { BULK_MSG, downloadInProgressMessage } from '@mc/domain';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { batches, orderHistory, orders, outboxMessages } from '../../../db/schema.ts';
import { buildMerchantWithOwner, buildOrder, buildTeammate, useTestApp } from '../../../test/harness.ts';
import { acceptOrder } from '../commands/accept-order.ts';
import { readBatchRow } from './batch-store.ts';
import { type BulkJobs, startBulkJobs } from './bulk-queue.ts';
import { batchFilePath, DOWNLOAD_LINK_TTL_MS } from './download-links.ts';
import { batchCaller } from './run-accept.ts';
import { runBatch } from './run-batch.ts';
import { backdateBatch, insertOwnerBatch } from './test-fixtures.ts';

const t = useTestApp();
let jobs: BulkJobs;
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
let other: Awaited<ReturnType<typeof buildMerchantWithOwner>>;

beforeAll(async () => {
  // Emails go out for every finished download here (the default waits for the console's 20 polls).
  jobs = await startBulkJobs(t.ctx, { emailAfterMs: 0, sweepIntervalMs: 500 });
  owner = await buildMerchantWithOwner(t);
  other = await buildMerchantWithOwner(t);
});

const base = () => `/m/v2/merchant/${owner.merchant.tmk}/orders`;
const order = (status: 'SUBMITTED' | 'MERCHANT_ACCEPTED' = 'SUBMITTED', overrides = {}) =>
  buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status, overrides });

async function poll(batchId: string, tmk = owner.merchant.tmk, headers = owner.headers) {
  // A deadline, not a count of polls: the first render worker took 40–60 s to boot from source at load 15–19.
  for (const deadline = Date.now() + 110_000; Date.now() < deadline; ) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/m/v2/merchant/${tmk}/batches/${batchId}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    if (b.state === 'done' || b.state === 'failed') return b;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('batch did not finish');
}

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res;
}

/** The entries of a zip (stored or deflated), enough to check the archive's contents. */
function unzip(buf: Buffer): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  let i = 0;
  while (buf.readUInt32LE(i) === 0x04034b50) {
    const method = buf.readUInt16LE(i + 8);
    const nameLen = buf.readUInt16LE(i + 26);
    const extraLen = buf.readUInt16LE(i + 28);
    const name = buf.subarray(i + 30, i + 30 + nameLen).toString();
    // archiver streams entries with a data descriptor: find the next header by the central directory.
    const start = i + 30 + nameLen + extraLen;
    const next = buf.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]), start);
    const data = buf.subarray(start, next);
    out[name] = method === 8 ? inflateRawSync(data) : data;
    i = next + 16;
  }
  return out;
}

describe('bulk accept', { timeout: 150_000 }, () => {
  it('accepts each order once through the single accept, with the counts', async () => {
    const ids = [await order(), await order(), await order()];
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/bulk/accept`,
      headers: owner.headers,
      payload: { orders: ids.map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })) },
    });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({
      kind: 'accept',
      state: 'done',
      total_count: 3,
      completed_count: 3,
      error_count: 0,
    });
    expect(b).toMatchObject({ order_accepted_count: 3, order_rejected_count: 0, failures: [] });
    for (const id of ids) {
      const [o] = await t.ctx.database.db.select().from(orders).where(eq(orders.id, id));
      expect(o?.status).toBe('MERCHANT_ACCEPTED');
      const h = await t.ctx.database.db
        .select()
        .from(orderHistory)
        .where(and(eq(orderHistory.order_id, id), eq(orderHistory.to_status, 'MERCHANT_ACCEPTED')));
      expect(h).toHaveLength(1);
      expect(h[0]?.actor_user_id).toBe(owner.user.id);
    }
  });

  it('refuses single orders (another merchant, wrong status, declined card) and processes the rest', async () => {
    const ok = await order();
    const accepted = await order('MERCHANT_ACCEPTED');
    const declined = await order('SUBMITTED', { payment_behavior: 'decline' });
    const foreign = await buildOrder(t.ctx, { merchantTmk: other.merchant.tmk, status: 'SUBMITTED' });
    const historyOf = (id: string) =>
      t.ctx.database.db.select().from(orderHistory).where(eq(orderHistory.order_id, id));
    const foreignHistory = (await historyOf(foreign)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/bulk/accept`,
      headers: owner.headers,
      payload: {
        orders: [ok, accepted, declined, foreign, ok].map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })),
      },
    });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ total_count: 4, order_accepted_count: 1, order_rejected_count: 3 });
    const reasons = Object.fromEntries(
      b.failures.map((f: { id: string; message: string }) => [f.id, f.message]),
    );
    expect(reasons[foreign]).toBe(BULK_MSG.ORDER_NOT_FOUND);
    expect(reasons[declined]).toBe(BULK_MSG.PAYMENT_DECLINED);
    // a sentence, not 'Cannot change order status from MERCHANT_ACCEPTED to MERCHANT_ACCEPTED'
    expect(reasons[accepted]).toBe('Already accepted.');
    const [f] = await t.ctx.database.db.select().from(orders).where(eq(orders.id, foreign));
    expect(f?.status).toBe('SUBMITTED');
    expect(await historyOf(foreign)).toHaveLength(foreignHistory);
    const [d] = await t.ctx.database.db.select().from(orders).where(eq(orders.id, declined));
    expect(d?.status).toBe('PAYMENT_DECLINED');
  });

  it('a replay after a crash between the transition and the item settles from history, without a second transition', async () => {
    const a = await order();
    const b = await order();
    const batchId = await insertOwnerBatch(t.ctx, owner, 'accept', [a, b]);
    const batch = await readBatchRow(t.ctx, batchId);
    const caller = await batchCaller(t.ctx, batch!);
    // The dead worker accepted `a` but never recorded it.
    await acceptOrder(t.ctx, caller!, a);
    await runBatch(t.ctx, batchId);
    await runBatch(t.ctx, batchId); // and a duplicate job does nothing
    const res = await t.app.inject({
      method: 'GET',
      url: `/m/v2/merchant/${owner.merchant.tmk}/batches/${batchId}`,
      headers: owner.headers,
    });
    expect(res.json()).toMatchObject({ state: 'done', order_accepted_count: 2, order_rejected_count: 0 });
    for (const id of [a, b]) {
      const h = await t.ctx.database.db
        .select()
        .from(orderHistory)
        .where(and(eq(orderHistory.order_id, id), eq(orderHistory.to_status, 'MERCHANT_ACCEPTED')));
      expect(h).toHaveLength(1);
    }
  });

  it('the sweeper queues again a batch that no live worker holds', async () => {
    const a = await order();
    const batchId = await insertOwnerBatch(t.ctx, owner, 'accept', [a]);
    // Never enqueued (as if the server died right after the insert); made old enough for the sweeper.
    await backdateBatch(t.ctx, batchId);
    expect(await jobs.sweep()).toBeGreaterThanOrEqual(1);
    const done = await poll(batchId);
    expect(done).toMatchObject({ state: 'done', order_accepted_count: 1 });
  });
});

describe('bad input', () => {
  it('400 for an empty selection, more than 1,000 orders, a wrong status or an unknown report type', async () => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `${base()}${url}`, headers: owner.headers, payload });
    let res = await post('/bulk/accept', { orders: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BULK_MSG.EMPTY_SELECTION);
    const many = Array.from({ length: 1001 }, (_, i) => ({ id: `X-${i}`, status: 'MERCHANT_ACCEPTED' }));
    res = await post('/bulk/accept', { orders: many });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BULK_MSG.TOO_MANY);
    res = await post('/bulk/accept', { orders: [{ id: 'A', status: 'CLOSED' }] });
    expect(res.statusCode).toBe(400);
    res = await post('/batch/details', { items: [] });
    expect(res.statusCode).toBe(400);
    res = await post('/batch/reports', { order_keys: ['A'], report_types: ['invoice'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BULK_MSG.UNKNOWN_REPORT_TYPE);
    res = await post('/batch/reports', { order_keys: ['A'], report_types: [] });
    expect(res.statusCode).toBe(400);
  });

  it('401 without a token, 404 for another merchant (key or batch), 404 for a bad download signature', async () => {
    let res = await t.app.inject({
      method: 'POST',
      url: `${base()}/batch/details`,
      payload: { items: ['A'] },
    });
    expect(res.statusCode).toBe(401);
    res = await t.app.inject({
      method: 'POST',
      url: `${base()}/batch/details`,
      headers: other.headers,
      payload: { items: ['A'] },
    });
    expect(res.statusCode).toBe(404);
    const id = await order();
    res = await t.app.inject({
      method: 'POST',
      url: `${base()}/batch/details`,
      headers: owner.headers,
      payload: { items: [id] },
    });
    const batchId = res.json().batch_id as string;
    await poll(batchId);
    res = await t.app.inject({
      method: 'GET',
      url: `/m/v2/merchant/${other.merchant.tmk}/batches/${batchId}`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    res = await t.app.inject({
      method: 'GET',
      url: `/m/v2/merchant/${owner.merchant.tmk}/batches/00000000-0000-4000-8000-000000000000`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(404);
    const b = await poll(batchId);
    const tampered = (b.batch_pdf_urls.download as string).replace(
      /signature=[^&]+/,
      'signature=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const otherKey = (b.batch_pdf_urls.download as string).replace(owner.merchant.tmk, other.merchant.tmk);
    expect((await t.app.inject({ method: 'GET', url: otherKey })).statusCode).toBe(404);
    // Within 24 hours the link downloads; a link issued more than 24 hours ago does not.
    expect((await t.app.inject({ method: 'GET', url: b.batch_pdf_urls.download as string })).statusCode).toBe(
      200,
    );
    const kind = /\/files\/(\w+)/.exec(b.batch_pdf_urls.download as string)?.[1] as BatchFileKind;
    const old = batchFilePath(
      t.ctx.config,
      owner.merchant.tmk,
      batchId,
      kind,
      Date.now() - DOWNLOAD_LINK_TTL_MS - 1000,
    );
    expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
  });
});

describe('bulk details and reports', { timeout: 150_000 }, () => {
  it('details: a CSV row per item line, formula cells neutralised, emailed with a link', async () => {
    const evil = await order('SUBMITTED', {
      recipient: {
        first_name: '=HYPERLINK("http://x")',
        last_name: '+Smith',
        street_1: '@1 Main St',
        street_2: '-2',
        street_3: '',
        city: 'Austin',
        state: 'TX',
        zipcode: '78701',
        country: 'US',
        phone_number: '+15125550100',
        delivery_instructions: '',
      },
    });
    const plain = await order();
    const foreign = await buildOrder(t.ctx, { merchantTmk: other.merchant.tmk, status: 'SUBMITTED' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/batch/details`,
      headers: owner.headers,
      payload: { items: [evil, plain, foreign] },
    });
    expect(res.statusCode).toBe(200);
    const b = await poll(res.json().batch_id);
    expect(b).toMatchObject({ state: 'done', total_count: 3, completed_count: 2, error_count: 1 });
    expect(b.batch_pdf_urls.download).toMatch(/\/files\/csv\?/);
    const file = await download(b.batch_pdf_urls.download);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/Order Details\.csv/);
    const rows: Record<string, string>[] = parse(file.rawPayload, { columns: true, bom: true });
    const byOrder = (id: string) => rows.filter((r) => r['Order ID'] === id);
    expect(byOrder(evil).length).toBeGreaterThanOrEqual(2); // one row per item line
    expect(byOrder(foreign)).toHaveLength(0);
    const e = byOrder(evil)[0]!;
    expect(e['Recipient First Name']).toBe(`'=HYPERLINK("http://x")`);
    expect(e['Recipient Last Name']).toBe("'+Smith");
    expect(e['Street 1']).toBe("'@1 Main St");
    expect(e['Street 2']).toBe("'-2");
    expect(e.Item).toBe('Old Harbor Small Batch Bourbon');
    expect(e.Quantity).toBe('2');
    expect(e.Price).toBe('39.99');
    expect(Number(e['Order Total'])).toBeGreaterThan(0);
    // Emailed (emailAfterMs 0 here) to the person who started it, with the link.
    const mails = await t.ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, owner.user.email));
    const mail = mails.find((m) => m.text.includes(b.batch_id));
    expect(mail?.subject).toMatch(/order details/);
    expect(mail?.meta).toMatchObject({ attachments: [{ filename: expect.stringMatching(/\.csv$/) }] });
  });

  it('reports: one merged PDF per type and a zip of them; a second download waits for the first', async () => {
    const ids = [await order(), await order()];
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/batch/reports`,
      headers: owner.headers,
      payload: { order_keys: ids, report_types: ['receipt', 'packingslip'] },
    });
    expect(res.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: `${base()}/batch/details`,
      headers: owner.headers,
      payload: { items: ids },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(
      /^Previous download in progress, please try after \d+ second\(s\)\.$/,
    );
    expect(second.json().message).toBe(downloadInProgressMessage(Number(second.headers['retry-after'])));
    const b = await poll(res.json().batch_id);
    expect(b).toMatchObject({ state: 'done', total_count: 2, completed_count: 2, error_count: 0 });
    const receipt = await download(b.batch_pdf_urls.receipt);
    const slip = await download(b.batch_pdf_urls.packingslip);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(slip.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFParse } = await import('pdf-parse');
    const text = (await new PDFParse({ data: new Uint8Array(receipt.rawPayload) }).getText()).text;
    for (const id of ids) expect(text).toContain(id);
    const zip = unzip((await download(b.batch_pdf_urls.download)).rawPayload);
    expect(Object.keys(zip).sort()).toEqual([
      expect.stringMatching(/_Packing Slips\.pdf$/),
      expect.stringMatching(/_Receipts\.pdf$/),
    ]);
    for (const content of Object.values(zip)) expect(content.subarray(0, 5).toString()).toBe('%PDF-');
    // Now the download slot is free again.
    const third = await t.app.inject({
      method: 'POST',
      url: `${base()}/batch/details`,
      headers: owner.headers,
      payload: { items: ids },
    });
    expect(third.statusCode).toBe(200);
    await poll(third.json().batch_id);
  });

  it('bulk packing slips mark every new order of the batch printed; receipts alone do not', async () => {
    const fresh = [await order(), await order()];
    const accepted = await order('MERCHANT_ACCEPTED');
    const printedAt = async (id: string) =>
      (
        await t.ctx.database.db.select({ p: orders.printed_timestamp }).from(orders).where(eq(orders.id, id))
      )[0]?.p ?? null;
    const startReports = async (report_types: string[], order_keys: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${base()}/batch/reports`,
        headers: owner.headers,
        payload: { order_keys, report_types },
      });
      expect(res.statusCode).toBe(200);
      return poll(res.json().batch_id);
    };
    // Receipts only: nothing is printed.
    expect(await startReports(['receipt'], [...fresh, accepted])).toMatchObject({ state: 'done' });
    for (const id of [...fresh, accepted]) expect(await printedAt(id)).toBeNull();
    // Packing slips: every new order is printed; the accepted one is not touched.
    expect(await startReports(['packingslip'], [...fresh, accepted])).toMatchObject({
      state: 'done',
      completed_count: 3,
    });
    const first = await printedAt(fresh[0]!);
    expect(first).toBeInstanceOf(Date);
    expect(await printedAt(fresh[1]!)).toBeInstanceOf(Date);
    expect(await printedAt(accepted)).toBeNull();
    // The list and the detail answer with it (the console shows 'Printed' from it).
    const detail = await t.app.inject({
      method: 'GET',
      url: `/m/v2/orders/${fresh[0]}`,
      headers: owner.headers,
    });
    expect(detail.json().printed_timestamp).toBe(first?.toISOString());
    // Printed once: a second print keeps the first time.
    await startReports(['receipt', 'packingslip'], [fresh[0]!]);
    expect(await printedAt(fresh[0]!)).toEqual(first);
  });

  it("lists the store's recent batches, running and finished, with their files and failures", async () => {
    const a = await order();
    const foreign = await buildOrder(t.ctx, { merchantTmk: other.merchant.tmk, status: 'SUBMITTED' });
    const accept = await t.app.inject({
      method: 'POST',
      url: `${base()}/bulk/accept`,
      headers: owner.headers,
      payload: {
        orders: [
          { id: a, status: 'MERCHANT_ACCEPTED' },
          { id: foreign, status: 'MERCHANT_ACCEPTED' },
        ],
      },
    });
    const acceptId = (await poll(accept.json().batch_id)).batch_id;
    const details = await t.app.inject({
      method: 'POST',
      url: `${base()}/batch/details`,
      headers: owner.headers,
      payload: { items: [a] },
    });
    const detailsId = (await poll(details.json().batch_id)).batch_id;
    // Another store's batch is never listed.
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${other.merchant.tmk}/orders/batch/details`,
      headers: other.headers,
      payload: { items: [foreign] },
    });
    expect(theirs.statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'GET',
      url: `/m/v2/merchant/${owner.merchant.tmk}/batches`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const items: { batch_id: string; kind: string; state: string }[] = res.json().items;
    expect(items.length).toBeLessThanOrEqual(10);
    const ids = items.map((b) => b.batch_id);
    expect(ids.slice(0, 2)).toEqual([detailsId, acceptId]); // newest first
    expect(ids).not.toContain(theirs.json().batch_id);
    const [d, acc] = res.json().items;
    expect(d).toMatchObject({ kind: 'details', state: 'done', completed_count: 1 });
    expect(d.batch_pdf_urls.download).toMatch(/\/files\/csv\?/);
    await download(d.batch_pdf_urls.download); // the link works
    expect(acc).toMatchObject({
      kind: 'accept',
      state: 'done',
      order_accepted_count: 1,
      order_rejected_count: 1,
    });
    expect(acc.failures).toEqual([{ id: foreign, message: BULK_MSG.ORDER_NOT_FOUND }]);

    // A running batch is listed as running.
    const [slow] = await t.ctx.database.db
      .insert(batches)
      .values({
        merchant_id: owner.merchant.id,
        kind: 'details',
        state: 'running',
        created_by: owner.user.id,
      })
      .returning({ id: batches.id });
    const again = await t.app.inject({
      method: 'GET',
      url: `/m/v2/merchant/${owner.merchant.tmk}/batches`,
      headers: owner.headers,
    });
    expect(again.json().items[0]).toMatchObject({ batch_id: slow!.id, state: 'running', finished_at: null });
    await t.ctx.database.db.update(batches).set({ state: 'done' }).where(eq(batches.id, slow!.id));
  });

  it('a user of the store who is not the starter can poll the batch; a removed user cannot run it', async () => {
    const { headers } = await buildTeammate(t, owner.merchant);
    const id = await order();
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/bulk/accept`,
      headers,
      payload: { orders: [{ id, status: 'MERCHANT_ACCEPTED' }] },
    });
    expect(res.statusCode).toBe(200);
    const b = await poll(res.json().batch_id, owner.merchant.tmk, owner.headers);
    expect(b.order_accepted_count).toBe(1);
  });
});
