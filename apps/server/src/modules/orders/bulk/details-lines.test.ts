/**
 * The details batch read from SQL (details-lines.ts) and written as CSV: the cursor (PostgreSQL) and the
 * keyset pages (PGlite, and PostgreSQL when asked) give the same bytes whatever the page size, the same
 * bytes as the orders loaded one page at a time with their items (loadBulkOrders), and PostgreSQL's cursor
 * gives the same bytes as PGlite's pages for the same rows. Runs on both projects.
 */
import { PassThrough } from 'node:stream';
import { BULK_MSG } from '@mc/domain';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../../db/client.ts';
import { batchFiles, batchItems } from '../../../db/schema.ts';
import { buildMerchant, buildOrder, TEST_DB, useTestApp } from '../../../test/harness.ts';
import { loadBulkOrders } from '../printouts/load-orders.ts';
import { insertBatch, readBatchRow } from './batch-store.ts';
import { writeDetailsCsv, writeDetailsLines } from './details-csv.ts';
import { type BatchLinesOptions, batchDetailsLines } from './details-lines.ts';
import { runDetailsBatch } from './run-outputs.ts';

const t = useTestApp();
let merchant: Awaited<ReturnType<typeof buildMerchant>>;
let foreign: string;
/** In selection order: the batch's order ids (one of them another store's). */
let selected: string[];
let batchId: string;
const ZONE = 'America/Los_Angeles';

beforeAll(async () => {
  merchant = await buildMerchant(t.ctx, { timezone: ZONE });
  const other = await buildMerchant(t.ctx);
  const tmk = merchant.tmk;
  const ids: string[] = [];
  // Cells a spreadsheet would run, commas, quotes and line breaks, a missing street, an order without items.
  const recipients = [
    { first_name: '=HYPERLINK("http://x")', last_name: 'Smith, Jr.' },
    { first_name: 'Ana "Nana"', last_name: '+Lopez', street_2: 'Apt 4\nRear' },
    { first_name: 'Zoë', last_name: '@handle' },
  ];
  for (let n = 0; n < 7; n++) {
    const recipient = recipients[n % recipients.length];
    ids.push(
      await buildOrder(t.ctx, {
        merchantTmk: tmk,
        seed: 9000 + n,
        status: n % 2 ? 'MERCHANT_ACCEPTED' : 'SUBMITTED',
        submittedAt: new Date(Date.UTC(2025, 2, 9, 9 + n, 59, 30)),
        ...(recipient ? { overrides: { recipient: recipient as never } } : {}),
      }),
    );
  }
  await t.database.query('DELETE FROM order_items WHERE order_id = $1', [ids[3]]);
  await t.database.query(
    `UPDATE orders SET printed_timestamp = '2025-07-04T16:05:00Z', tracking_provider = 'OTHER',
       other_tracking_provider = '-Courier', tracking_id = '1,2' WHERE id = $1`,
    [ids[1]],
  );
  foreign = await buildOrder(t.ctx, { merchantTmk: other.tmk });
  // Selection order is not date order.
  selected = [ids[4], ids[0], foreign, ids[6], ids[1], ids[3], ids[2], ids[5]] as string[];
  batchId = await insertBatch(t.ctx, {
    merchantId: merchant.id,
    userId: merchant.id,
    kind: 'details',
    orderIds: selected,
  });
}, 60_000);

async function csvOf(
  write: (out: PassThrough) => Promise<unknown>,
): Promise<{ bytes: Buffer; counted: unknown }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const counted = await write(out);
  return { bytes: Buffer.concat(chunks), counted };
}

const linesCsv = (database: Database, opts: BatchLinesOptions) =>
  csvOf((out) =>
    writeDetailsLines(batchDetailsLines(database, { id: batchId, merchant_id: merchant.id }, opts), out, {
      timeZone: ZONE,
    }),
  );

describe('details batch lines', () => {
  it('keyset pages of any size, across order boundaries, give the bytes of the orders loaded with their items', async () => {
    const owned = selected.filter((id) => id !== foreign);
    const loaded = await csvOf((out) =>
      writeDetailsCsv(
        (async function* () {
          for (let i = 0; i < owned.length; i += 3)
            yield await loadBulkOrders(t.database, merchant.id, owned.slice(i, i + 3));
        })(),
        out,
        { timeZone: ZONE },
      ),
    );
    expect(loaded.counted).toBe(7);
    for (const pageSize of [1, 2, 3, 7, 8, 100]) {
      const paged = await linesCsv(t.database, { mode: 'pages', pageSize });
      expect(paged.counted, `pages of ${pageSize}`).toEqual({ orders: 7, lines: 13 });
      expect(paged.bytes.equals(loaded.bytes), `pages of ${pageSize}`).toBe(true);
    }

    const records: Record<string, string>[] = parse(loaded.bytes, { columns: true, bom: true });
    expect(records.map((r) => r['Order ID'])).toEqual(
      owned.flatMap((id) => (id === owned[4] ? [id] : [id, id])),
    );
    const first = records.find((r) => r['Order ID'] === owned[1]);
    expect(first).toMatchObject({
      'Recipient First Name': `'=HYPERLINK("http://x")`,
      'Recipient Last Name': 'Smith, Jr.',
      'Created (America/Los_Angeles)': '03/09/2025 1:59 AM',
    });
    const shipped = records.find((r) => r['Order ID'] === owned[3]);
    expect(shipped).toMatchObject({
      'Recipient Last Name': "'+Lopez",
      'Street 2': 'Apt 4\nRear',
      // 10:59 UTC on the day clocks went forward: 3:59 AM PDT.
      'Created (America/Los_Angeles)': '03/09/2025 3:59 AM',
      'Printed (America/Los_Angeles)': '07/04/2025 9:05 AM',
      'Tracking Provider': "'-Courier",
      'Tracking ID': '1,2',
    });
    expect(records.find((r) => r['Order ID'] === owned[4])).toMatchObject({
      Item: '',
      Quantity: '',
      Price: '',
    });
  });

  it.runIf(TEST_DB === 'pg')(
    "PostgreSQL's cursor gives the pages' bytes, whatever the rows per read (an order's lines split between reads)",
    async () => {
      const paged = await linesCsv(t.database, { mode: 'pages', pageSize: 2 });
      for (const pageSize of [1, 2, 5, 5000]) {
        const cursor = await linesCsv(t.database, { mode: 'cursor', pageSize });
        expect(cursor.counted, `reads of ${pageSize}`).toEqual({ orders: 7, lines: 13 });
        expect(cursor.bytes.equals(paged.bytes), `reads of ${pageSize}`).toBe(true);
      }
      // A cursor left mid-read (the file's writer failed) closes its connection: more readers than the
      // pool has connections, each left after its first read, still all get one.
      const max = t.database.pool?.options.max ?? 0;
      expect(max).toBeGreaterThan(0);
      for (let n = 0; n < max + 5; n++) {
        const reader = batchDetailsLines(
          t.database,
          { id: batchId, merchant_id: merchant.id },
          { pageSize: 1 },
        );
        expect((await reader.next()).value).toHaveLength(1);
        await reader.return(undefined);
      }
    },
  );

  it.runIf(TEST_DB === 'pg')(
    "PostgreSQL's cursor and PGlite's keyset pages write identical bytes for the same rows",
    async () => {
      const lite = await openPglite(null);
      try {
        await lite.migrate();
        const copy = async (table: string, where: string, params: unknown[]) => {
          const [row] = await t.database.query<{ rows: unknown }>(
            `SELECT coalesce(json_agg(x), '[]') AS rows FROM ${table} x WHERE ${where}`,
            params,
          );
          await lite.query(
            `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
            [JSON.stringify(row?.rows)],
          );
        };
        await copy('merchants', 'x.id = $1', [merchant.id]);
        await copy('applications', 'x.id IN (SELECT application_id FROM orders WHERE merchant_id = $1)', [
          merchant.id,
        ]);
        await copy('orders', 'x.merchant_id = $1', [merchant.id]);
        await copy('order_items', 'x.order_id IN (SELECT id FROM orders WHERE merchant_id = $1)', [
          merchant.id,
        ]);
        await copy('batches', 'x.id = $1', [batchId]);
        await copy('batch_items', 'x.batch_id = $1', [batchId]);

        const pg = await linesCsv(t.database, { mode: 'cursor', pageSize: 3 });
        const pglite = await linesCsv(lite, { pageSize: 2 });
        expect(pglite.counted).toEqual({ orders: 7, lines: 13 });
        expect(pglite.bytes.toString('utf8')).toBe(pg.bytes.toString('utf8'));
        expect(pglite.bytes.equals(pg.bytes)).toBe(true);
      } finally {
        await lite.close();
      }
    },
    // A PGlite created and migrated from nothing: over a minute on a loaded 2-core machine.
    180_000,
  );

  it('the batch job settles a vanished order as failed and stores the file it streamed', async () => {
    // The first batch was never run; a second download is refused while it counts as running.
    await t.database.query(`UPDATE batches SET state = 'done' WHERE id = $1`, [batchId]);
    const id = await insertBatch(t.ctx, {
      merchantId: merchant.id,
      userId: merchant.id,
      kind: 'details',
      orderIds: selected,
    });
    const gone = selected[1] as string;
    const expected = await csvOf((out) =>
      writeDetailsLines(
        (async function* () {
          for await (const page of batchDetailsLines(t.database, { id, merchant_id: merchant.id }))
            yield page.filter((l) => l.order_id !== gone);
        })(),
        out,
        { timeZone: ZONE },
      ),
    );
    await t.database.query('UPDATE batch_items SET order_id = $2 WHERE batch_id = $1 AND order_id = $3', [
      id,
      'NO-SUCH-ORDER',
      gone,
    ]);
    const batch = await readBatchRow(t.ctx, id);
    await runDetailsBatch(t.ctx, batch!);
    const [file] = await t.ctx.database.db.select().from(batchFiles).where(eq(batchFiles.batch_id, id));
    expect(file?.kind).toBe('csv');
    expect(Buffer.from(file!.content).equals(expected.bytes)).toBe(true);
    const [vanished] = await t.ctx.database.db
      .select()
      .from(batchItems)
      .where(and(eq(batchItems.batch_id, id), eq(batchItems.order_id, 'NO-SUCH-ORDER')));
    expect(vanished).toMatchObject({ state: 'failed', error: BULK_MSG.ORDER_NOT_FOUND });
    const states = await t.database.query<{ state: string; n: number }>(
      'SELECT state, count(*)::int AS n FROM batch_items WHERE batch_id = $1 GROUP BY state ORDER BY state',
      [id],
    );
    expect(states).toEqual([
      { state: 'done', n: 6 },
      { state: 'failed', n: 2 },
    ]);
  });
});
