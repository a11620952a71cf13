/**
 * The details CSV written by PostgreSQL (details-copy.ts: one COPY) against the JS writer (details-lines.ts →
 * details-csv.ts, the cursor), byte for byte, over orders built to break it: quotes, commas, CR/LF, unicode,
 * empty vs missing vs JSON null values, cells a spreadsheet would run, every delivery method, money at the
 * int4 ends, DST changes in several zones (half-hour DST, a quarter-hour zone, an unknown zone), an infinite
 * printed time, multi-line orders, an order without items, a foreign and a vanished order, selection order
 * unlike date order; and random text. Then the fallbacks and failures: a timestamp outside the offsets
 * table, a year before 1970, a writer that fails mid-file, a COPY killed mid-file. PostgreSQL only (PGlite
 * has no COPY TO STDOUT through the driver and keeps the JS writer).
 */
import { PassThrough, Writable } from 'node:stream';
import { DELIVERY_METHODS } from '@mc/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFiles } from '../../../db/schema.ts';
import { buildMerchant, buildOrder, createTestApp, TEST_DB, type TestApp } from '../../../test/harness.ts';
import { insertBatch, readBatchRow } from './batch-store.ts';
import { copyDetailsLines, DetailsRangeError } from './details-copy.ts';
import { writeDetailsLines } from './details-csv.ts';
import { batchDetailsLines } from './details-lines.ts';
import { runDetailsBatch } from './run-outputs.ts';
import { cloneOrders } from './test-fixtures.ts';

const TEXTS = [
  '',
  ' ',
  '=SUM(A1:A9)',
  '+1 (555) 010-0000',
  '-5',
  '@handle',
  '\tTab',
  '\rCR first',
  'CR\rLF\r\nLF\nend',
  'line\nbreak',
  'say "hi", then go',
  '"',
  ',',
  'Smith, Jr.',
  'Zoë 🍷 北京 Ωμέγα',
  'e\u0301 combining',
  "'already quoted",
  ' =after a space',
  '\\.',
  '\\N',
  'NULL',
  'trailing space ',
  'x'.repeat(300),
];
const text = (k: number) => TEXTS[((k % TEXTS.length) + TEXTS.length) % TEXTS.length] as string;
const CENTS = [0, 1, -5, -100, 99, 12345, 2147483647, -2147483648, 1005, -1];
const METHODS = [...DELIVERY_METHODS, 'something_else'];

/** Instants around each zone's DST changes of 2025 (and a microsecond before a minute ends). */
const CHANGES = [
  '2025-03-09T06:30:00Z', // New York, Los Angeles (10:30 UTC)
  '2025-03-09T09:30:00Z',
  '2025-11-02T05:30:00Z',
  '2025-11-02T08:30:00Z',
  '2025-04-05T14:30:00Z', // Lord Howe
  '2025-10-04T15:00:00Z',
  '2025-03-30T00:30:00Z', // London
  '2025-10-26T00:30:00Z',
];

let t: TestApp;
afterAll(async () => t?.close());

async function csv(write: (out: Writable) => Promise<unknown>): Promise<{ bytes: Buffer; result: unknown }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const result = await write(out);
  return { bytes: Buffer.concat(chunks), result };
}

/** A store in `zone` with `n` orders (two items each, cloned) and a details batch of them plus two strays. */
async function storeWithBatch(zone: string, n: number, prefix: string) {
  const merchant = await buildMerchant(t.ctx, { timezone: zone });
  const other = await buildMerchant(t.ctx);
  const template = await buildOrder(t.ctx, { merchantTmk: merchant.tmk, seed: 4242 });
  const ids = await cloneOrders(t.database, template, n, { prefix });
  const foreign = await buildOrder(t.ctx, { merchantTmk: other.tmk });
  // Selection order unlike date order: a stride through the ids, the foreign and a vanished order inside.
  const selected = ids.map((_, k) => ids[(k * 7) % n] as string);
  selected.splice(3, 0, foreign, `${prefix}-VANISHED`);
  const batchId = await insertBatch(t.ctx, {
    merchantId: merchant.id,
    userId: merchant.id,
    kind: 'details',
    orderIds: [...new Set(selected)],
  });
  return { merchant, ids, batch: { id: batchId, merchant_id: merchant.id } };
}

/** Both writers for the batch; the COPY must have run (not declined) and written the JS writer's bytes. */
async function expectSameBytes(batch: { id: string; merchant_id: string }, timeZone: string) {
  const js = await csv((out) =>
    writeDetailsLines(batchDetailsLines(t.database, batch, { mode: 'cursor', pageSize: 7 }), out, {
      timeZone,
    }),
  );
  const copied = await csv((out) => copyDetailsLines(t.database, batch, out, { timeZone }));
  expect(copied.result, 'the COPY ran').not.toBeNull();
  expect((copied.result as { lines: number }).lines).toBe((js.result as { lines: number }).lines);
  expect(copied.bytes.toString('utf8')).toBe(js.bytes.toString('utf8'));
  expect(copied.bytes.equals(js.bytes)).toBe(true);
  return { js, copied };
}

describe.runIf(TEST_DB === 'pg')('details CSV by COPY (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);

  it.each([
    'America/New_York',
    'America/Los_Angeles',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Europe/London',
    'Not/AZone',
  ])(
    "writes the JS writer's bytes for orders built to break it, in %s",
    async (zone) => {
      const n = 60;
      const prefix = `CP${zone.replace(/[^A-Za-z]/g, '').slice(0, 10)}`;
      const { ids, batch } = await storeWithBatch(zone, n, prefix);
      const specs = ids.map((id, k) => {
        const base = Date.parse(CHANGES[k % CHANGES.length] as string);
        // Minute by minute across the change, some a microsecond before the minute ends.
        const created = new Date(base + Math.floor(k / CHANGES.length) * 13 * 60_000);
        const micro = k % 3 === 0 ? '.999999' : k % 3 === 1 ? '.000001' : '';
        const recipient: Record<string, unknown> = {
          first_name: text(k),
          last_name: text(k + 1),
          phone_number: k % 5 === 0 ? 5550100 + k : text(k + 2),
          street_1: text(k + 3),
          street_2: k % 4 === 0 ? null : text(k + 4),
          street_3: text(k + 5),
          city: k % 6 === 0 ? { nested: 'a,"b"' } : text(k + 6),
          state: k % 7 === 0 ? true : text(k + 7),
          zipcode: text(k + 8),
        };
        if (k % 3 !== 0) recipient.country = text(k + 9); // missing for every third
        return {
          id,
          created: `${created.toISOString().slice(0, 19)}${micro}Z`,
          printed:
            k % 5 === 0
              ? null
              : k === 7
                ? 'infinity'
                : new Date(base + 3_600_000 + (k % 11) * 60_000 - 1).toISOString(),
          status: k % 9 === 0 ? '=STATUS' : text(k + 10) || 'SUBMITTED',
          method: METHODS[k % METHODS.length],
          courier: k % 3 === 0 ? null : k % 3 === 1 ? '' : `est-${k}`,
          delivery_date: k % 2 ? null : '2025-03-09',
          provider: [null, 'OTHER', 'UPS', '=cmd', 'OTHER'][k % 5],
          other_provider: [null, '-Courier', '', null][k % 4],
          tracking_id: text(k + 11),
          tracking_url: k % 2 ? null : text(k + 12),
          cents: CENTS.map((_, c) => CENTS[(k + c) % CENTS.length]),
          recipient,
        };
      });
      await t.database.query(
        `UPDATE orders o SET date_submitted = s.created::timestamptz, printed_timestamp = s.printed::timestamptz,
         status = s.status, delivery_method = s.method, courier_estimate_id = s.courier,
         delivery_date = s.delivery_date::date, tracking_provider = s.provider,
         other_tracking_provider = s.other_provider, tracking_id = s.tracking_id, tracking_url = s.tracking_url,
         recipient = s.recipient, subtotal_cents = s.cents[1], tax_cents = s.cents[2],
         delivery_fee_cents = s.cents[3], shipping_cents = s.cents[4], tip_cents = s.cents[5],
         discount_cents = s.cents[6], total_cents = s.cents[7]
       FROM json_to_recordset($1::json) AS s(id text, created text, printed text, status text, method text,
         courier text, delivery_date text, provider text, other_provider text, tracking_id text,
         tracking_url text, cents int[], recipient jsonb)
       WHERE o.id = s.id`,
        [JSON.stringify(specs)],
      );
      // Items: edge-case names and SKUs, money and quantities; a third line on some orders (one at the same
      // position as another: the id breaks the tie), none on one.
      await t.database.query(
        `UPDATE order_items i SET name = s.name, merchant_sku = s.sku, quantity = s.quantity,
         price_cents = s.price, subtotal_cents = s.subtotal
       FROM (SELECT i2.id, row_number() OVER (ORDER BY i2.order_id, i2.position, i2.id) AS k
               FROM order_items i2 WHERE i2.order_id LIKE $1) n,
            LATERAL (SELECT ($2::text[])[1 + (n.k % array_length($2::text[], 1))] AS name,
                            CASE WHEN n.k % 4 = 0 THEN NULL ELSE ($2::text[])[1 + ((n.k + 5) % array_length($2::text[], 1))] END AS sku,
                            (n.k % 7)::int - 1 AS quantity,
                            ($3::int[])[1 + (n.k % array_length($3::int[], 1))] AS price,
                            ($3::int[])[1 + ((n.k + 3) % array_length($3::int[], 1))] AS subtotal) s
       WHERE i.id = n.id`,
        [`${prefix}-%`, TEXTS, CENTS],
      );
      await t.database.query(
        `INSERT INTO order_items (order_id, name, quantity, price_cents, subtotal_cents, merchant_sku, position)
       SELECT o.id, $2, 3, 1999, 5997, '@sku', CASE WHEN o.id LIKE '%5' THEN 0 ELSE 9 END
         FROM orders o WHERE o.id LIKE $1 AND (o.id LIKE '%5' OR o.id LIKE '%8')`,
        [`${prefix}-%`, 'Third, "line"\nhere'],
      );
      await t.database.query('DELETE FROM order_items WHERE order_id = $1', [ids[4]]);

      const { js } = await expectSameBytes(batch, zone);
      const body = js.bytes.toString('utf8');
      // The cases were really there (not an empty batch that trivially agrees).
      expect((js.result as { orders: number }).orders).toBe(n);
      expect(body).toContain(`"Third, ""line""\nhere"`);
      expect(body).toContain(`'=SUM(A1:A9)`);
      expect(body).toContain('21474836.47,');
      expect(body).toContain('-21474836.48');
      expect(body).toContain('Zoë 🍷 北京');
    },
    120_000,
  );

  it("writes the JS writer's bytes for random text in every text cell", async () => {
    const { ids, batch } = await storeWithBatch('America/Chicago', 40, 'CPRAND');
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.string({
        unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', ' ', "'", 'a', 'é', '🍷'),
        maxLength: 6,
      }),
    );
    const cellText = fc.array(piece, { maxLength: 3 }).map((xs) =>
      xs
        .join('')
        .replaceAll(String.fromCharCode(0), '')
        .replace(/[\uD800-\uDFFF]/gu, '\uFFFD'),
    );
    const values = fc.sample(fc.array(cellText, { minLength: 14, maxLength: 14 }), {
      numRuns: ids.length,
      seed: 108,
    });
    await t.database.query(
      `UPDATE orders o SET recipient = jsonb_build_object('first_name', v.x[1], 'last_name', v.x[2],
         'phone_number', v.x[3], 'street_1', v.x[4], 'street_2', v.x[5], 'street_3', v.x[6], 'city', v.x[7],
         'state', v.x[8], 'zipcode', v.x[9], 'country', v.x[10]),
         tracking_id = v.x[11], tracking_url = v.x[12], status = v.x[13], other_tracking_provider = v.x[14],
         tracking_provider = 'OTHER'
       FROM (SELECT * FROM json_to_recordset($1::json) AS s(id text, x text[])) v WHERE o.id = v.id`,
      [JSON.stringify(ids.map((id, k) => ({ id, x: values[k] })))],
    );
    await t.database.query(
      `UPDATE order_items i SET name = v.x[1], merchant_sku = v.x[2]
       FROM (SELECT * FROM json_to_recordset($1::json) AS s(id text, x text[])) v WHERE i.order_id = v.id`,
      [JSON.stringify(ids.map((id, k) => ({ id, x: values[(k + 1) % ids.length]?.slice(12) })))],
    );
    await expectSameBytes(batch, 'America/Chicago');
  }, 120_000);

  it('stops with DetailsRangeError on a timestamp outside the table, and the job writes the file with the JS writer', async () => {
    const zone = 'America/Denver';
    const { ids, batch } = await storeWithBatch(zone, 5, 'CPRANGE');
    // Printed years before the store's first order: outside the offsets table.
    await t.database.query(`UPDATE orders SET printed_timestamp = '2001-02-03T04:05:06Z' WHERE id = $1`, [
      ids[2],
    ]);
    await expect(
      csv((out) => copyDetailsLines(t.database, batch, out, { timeZone: zone })),
    ).rejects.toBeInstanceOf(DetailsRangeError);
    const expected = await csv((out) =>
      writeDetailsLines(batchDetailsLines(t.database, batch), out, { timeZone: zone }),
    );
    expect(expected.bytes.toString('utf8')).toContain('02/02/2001 9:05 PM');
    const row = await readBatchRow(t.ctx, batch.id);
    await runDetailsBatch(t.ctx, row!);
    const [file] = await t.ctx.database.db.select().from(batchFiles).where(eq(batchFiles.batch_id, batch.id));
    expect(Buffer.from(file!.content).equals(expected.bytes)).toBe(true);
  }, 60_000);

  it('declines (null, nothing written) when the store has an order before 1970; the job then uses the JS writer', async () => {
    const zone = 'Europe/Paris';
    const { ids, batch } = await storeWithBatch(zone, 4, 'CPOLD');
    await t.database.query(`UPDATE orders SET date_submitted = '1969-07-20T20:17:00Z' WHERE id = $1`, [
      ids[1],
    ]);
    const declined = await csv((out) => copyDetailsLines(t.database, batch, out, { timeZone: zone }));
    expect(declined.result).toBeNull();
    expect(declined.bytes.length).toBe(0);
    const expected = await csv((out) =>
      writeDetailsLines(batchDetailsLines(t.database, batch), out, { timeZone: zone }),
    );
    expect(expected.bytes.toString('utf8')).toContain('07/20/1969 9:17 PM');
    const row = await readBatchRow(t.ctx, batch.id);
    await runDetailsBatch(t.ctx, row!);
    const [file] = await t.ctx.database.db.select().from(batchFiles).where(eq(batchFiles.batch_id, batch.id));
    expect(Buffer.from(file!.content).equals(expected.bytes)).toBe(true);
  }, 60_000);

  it('a writer failing mid-file fails the COPY and closes its connection (more failures than the pool has connections)', async () => {
    const { batch } = await storeWithBatch('America/New_York', 3, 'CPFAIL');
    const max = t.database.pool?.options.max ?? 0;
    expect(max).toBeGreaterThan(0);
    for (let n = 0; n < max + 3; n++) {
      let writes = 0;
      const failing = new Writable({
        write(_chunk, _enc, cb) {
          writes++;
          cb(writes > 1 ? new Error('disk full') : null);
        },
      });
      await expect(
        copyDetailsLines(t.database, batch, failing, { timeZone: 'America/New_York' }),
      ).rejects.toThrow('disk full');
    }
    // The pool still serves a COPY to the end.
    await expectSameBytes(batch, 'America/New_York');
  }, 60_000);

  it('a COPY that fails after the header leaves no file and the items pending (the job fails, to be retried)', async () => {
    const { batch } = await storeWithBatch('America/New_York', 3, 'CPKILL');
    const pool = t.database.pool!;
    const locker = await pool.connect();
    try {
      // Hold the items' table: the COPY starts (the header is written) and waits for its lock.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE order_items IN ACCESS EXCLUSIVE MODE');
      const row = await readBatchRow(t.ctx, batch.id);
      const run = runDetailsBatch(t.ctx, row!);
      run.catch(() => undefined);
      let killed = false;
      for (let i = 0; i < 200 && !killed; i++) {
        const [waiting] = await t.database.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY (SELECT%'
             AND wait_event_type = 'Lock'`,
        );
        if (waiting)
          killed = (await t.database.query('SELECT pg_terminate_backend($1)', [waiting.pid])).length > 0;
        else await new Promise((r) => setTimeout(r, 25));
      }
      expect(killed).toBe(true);
      await expect(run).rejects.toThrow();
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
    const files = await t.ctx.database.db.select().from(batchFiles).where(eq(batchFiles.batch_id, batch.id));
    expect(files).toEqual([]);
    const [pending] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM batch_items WHERE batch_id = $1 AND state = 'pending'`,
      [batch.id],
    );
    expect(pending?.n).toBe(3);
  }, 60_000);
});
