/**
 * The details CSV on PostgreSQL written by the database: `COPY (SELECT <every cell already as its text>) TO
 * STDOUT (FORMAT csv)` streamed through pg-copy-streams into the file (stream.pipeline: back-pressure, no
 * array of rows). The bytes are the JS writer's (details-csv.ts, which PGlite keeps) — decision 0108:
 * - every text cell goes through the same rule as `cell()`: NULL or '' → NULL, a first character of
 *   = + - @ TAB or CR → prefixed with a single quote (neutraliseCsvCell); NULL is written as nothing, and
 *   PostgreSQL quotes a value only when it holds '"', ',', CR or LF and doubles its quotes (csvQuote) — no
 *   value here is ever '' (COPY would write "" for it);
 * - money is `cents * 0.01` as numeric text ('-0.05', '0.00': toFixed(2) of cents / 100 for any integer);
 * - the delivery method label and the tracking provider are deliveryMethodLabel's and details-csv's rules;
 * - timestamps are written with ICU's offsets, not PostgreSQL's zone data: orderDateOffsets (@mc/domain)
 *   gives the offsets orderDateFormatter applies over a range of time, and each timestamp is
 *   `to_char(ts AT TIME ZONE 'UTC' + offset, 'MM/DD/YYYY FMHH12:MI AM')`, the offset found by a binary search
 *   (width_bucket) in the segments' starts. The range is the store's first order to a day past its last
 *   order or now; both the range and the COPY are read in one REPEATABLE READ snapshot. A timestamp outside
 *   it (a printed time before the store's first order, …) stops the COPY with DetailsRangeError and the
 *   caller writes the file with the JS writer instead; an infinite one is written as nothing, as the JS
 *   writer does.
 * COPY takes no parameters: the batch and store ids are UUIDs (checked) and every other literal is built
 * here from numbers or constant text.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DELIVERY_METHODS, deliveryMethodLabel, neutraliseCsvCell, orderDateOffsets } from '@mc/domain';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../../db/client.ts';
import { csvRecord, csvTimeZone, detailsCsvHeader } from './details-csv.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60_000;
/** The text of the cast error that stops a COPY on a timestamp outside the offsets' range. */
const RANGE_MARK = 'mc-details-csv: outside the offsets table';

/** A timestamp of the batch lies outside the offsets' range: write the file with the JS writer. */
export class DetailsRangeError extends Error {
  constructor(cause: unknown) {
    super('a timestamp of the batch is outside the range of the zone offsets table', { cause });
  }
}

/**
 * The cursor's streaming plan (decision 0105), for the COPY too: batch_items_batch_position_idx in selection
 * order, nested loops on the primary key and order_items_order_idx, an incremental sort of each order's
 * items. Its cost follows the batch, not the tables, and it needs no fresh statistics of the batch just
 * inserted (left to itself the planner took a nested loop and then sorted every formatted row, on disk).
 * A hash join took ~25 % less of the database's CPU on the benchmark, whose order_items is empty; on a real
 * database it would read the whole of order_items (decision 0108).
 */
const PLAN_SETTINGS = ['enable_hashjoin = off', 'enable_mergejoin = off', 'enable_sort = off'];

const literal = (text: string) => pg.escapeLiteral(text);

/** A text cell as details-csv's `cell()` writes it (see the file's comment). */
const cell = (expr: string) =>
  `CASE WHEN ascii(${expr}) IN (9, 13, 43, 45, 61, 64) THEN '''' || ${expr} ELSE nullif(${expr}, '') END`;

/** Cents as toFixed(2) of cents / 100. */
const money = (expr: string) => `(${expr} * 0.01)::text`;

/** deliveryMethodLabel in SQL, built from the function itself (its courier variant where it has one). */
function methodLabelSql(): string {
  const text = (v: string) => literal(neutraliseCsvCell(v));
  const arms = DELIVERY_METHODS.map((method) => {
    const plain = deliveryMethodLabel({ method });
    const courier = deliveryMethodLabel({ method, courier_estimate_id: 'x' });
    const then =
      plain === courier
        ? text(plain)
        : `CASE WHEN nullif(o.courier_estimate_id, '') IS NOT NULL THEN ${text(courier)} ELSE ${text(plain)} END`;
    return `WHEN ${literal(method)} THEN ${then}`;
  });
  return `CASE o.delivery_method ${arms.join(' ')} ELSE ${text(deliveryMethodLabel({ method: null }))} END`;
}

interface OffsetsTable {
  /** timestamptz[] of the segments' starts, and interval[] of their offsets. */
  starts: string;
  offsets: string;
  from: string;
  to: string;
}

function offsetsTable(zone: string, fromMs: number, toMs: number): OffsetsTable | null {
  const segments = orderDateOffsets(zone, fromMs, toMs);
  if (!segments || segments.length === 0) return null;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    starts: `'{${segments.map((s) => iso(s.start_ms)).join(',')}}'::timestamptz[]`,
    offsets: `'{${segments.map((s) => `"${s.offset_ms} milliseconds"`).join(',')}}'::interval[]`,
    from: `'${iso(segments[0]?.start_ms ?? fromMs)}'::timestamptz`,
    to: `'${iso(toMs)}'::timestamptz`,
  };
}

/** A timestamp as orderDateFormatter writes it (NULL when missing or infinite; an error outside the table). */
function dateSql(expr: string, t: OffsetsTable): string {
  return `CASE WHEN ${expr} >= ${t.from} AND ${expr} < ${t.to}
      THEN to_char((${expr} AT TIME ZONE 'UTC') + (${t.offsets})[width_bucket(${expr}, ${t.starts})], 'MM/DD/YYYY FMHH12:MI AM')
    WHEN isfinite(${expr}) THEN (${literal(`${RANGE_MARK}: `)} || ${expr}::text)::int::text END`;
}

/** The COPY of a details batch: the same rows, order and scope as batchLinesSql, every cell as its text. */
export function detailsCopySql(batch: { id: string; merchant_id: string }, t: OffsetsTable): string {
  if (!UUID.test(batch.id) || !UUID.test(batch.merchant_id))
    throw new Error('a batch and store id are UUIDs');
  const r = (key: string) => cell(`(o.recipient->>${literal(key)})`);
  const item = (expr: string) => `CASE WHEN i.id IS NOT NULL THEN ${expr} END`;
  const columns = [
    cell('o.id'),
    dateSql('o.date_submitted', t),
    dateSql('o.printed_timestamp', t),
    cell('o.status'),
    methodLabelSql(),
    cell('(o.delivery_date::text)'),
    r('first_name'),
    r('last_name'),
    r('phone_number'),
    r('street_1'),
    r('street_2'),
    r('street_3'),
    r('city'),
    r('state'),
    r('zipcode'),
    r('country'),
    item(cell('i.name')),
    item(cell('i.merchant_sku')),
    item('i.quantity::text'),
    item(money('coalesce(i.price_cents, 0)')),
    item(money('coalesce(i.subtotal_cents, 0)')),
    money('o.subtotal_cents'),
    money('o.tax_cents'),
    money('o.delivery_fee_cents'),
    money('o.shipping_cents'),
    money('o.tip_cents'),
    money('o.discount_cents'),
    money('o.total_cents'),
    cell(
      `(CASE WHEN o.tracking_provider = 'OTHER' THEN coalesce(o.other_tracking_provider, 'OTHER') ELSE o.tracking_provider END)`,
    ),
    cell('o.tracking_id'),
    cell('o.tracking_url'),
  ];
  return `COPY (SELECT ${columns.join(',\n  ')}
  FROM batch_items b
  JOIN orders o ON o.id = b.order_id AND o.merchant_id = ${literal(batch.merchant_id)}
  LEFT JOIN order_items i ON i.order_id = o.id
  WHERE b.batch_id = ${literal(batch.id)} AND b.state = 'pending'
  ORDER BY b.position, i.position, i.id) TO STDOUT (FORMAT csv)`;
}

/**
 * Writes the BOM, the header and the batch's lines to `out` (not ended) with one COPY (see the file's
 * comment), on a client of its own that goes back to the pool only when the COPY ran to the end (otherwise
 * the connection is closed). Returns the lines written, or null without writing a byte when the zone's
 * offsets cannot be tabled (then the JS writer must write the file). Throws DetailsRangeError when a
 * timestamp lies outside the table: what `out` received then is not the file.
 */
export async function copyDetailsLines(
  database: Database,
  batch: { id: string; merchant_id: string },
  out: Writable,
  { timeZone }: { timeZone: string },
): Promise<{ lines: number } | null> {
  if (!database.pool) throw new Error('COPY needs PostgreSQL');
  const zone = csvTimeZone(timeZone);
  const client = await database.pool.connect();
  let done = false;
  try {
    // One snapshot for the range and the rows; read only; the streaming plan.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const setting of PLAN_SETTINGS) await client.query(`SET LOCAL ${setting}`);
    const [range] = (
      await client.query<{ lo: number | null; hi: number | null; now: number }>(
        `SELECT (extract(epoch FROM min(date_submitted)) * 1000)::float8 AS lo,
                (extract(epoch FROM max(date_submitted)) * 1000)::float8 AS hi,
                (extract(epoch FROM now()) * 1000)::float8 AS now
           FROM orders WHERE merchant_id = $1`,
        [batch.merchant_id],
      )
    ).rows;
    const lo = Number.isFinite(range?.lo) ? Math.floor((range?.lo as number) / DAY_MS) * DAY_MS : Number.NaN;
    const hi = Math.max(Number.isFinite(range?.hi) ? (range?.hi as number) : 0, range?.now ?? 0);
    const table = Number.isFinite(lo)
      ? offsetsTable(zone, lo, Math.ceil(hi / DAY_MS) * DAY_MS + DAY_MS)
      : null;
    if (!table) {
      await client.query('COMMIT');
      done = true;
      return null;
    }
    if (!out.write(`\uFEFF${csvRecord(detailsCsvHeader(zone))}`)) await once(out, 'drain');
    const copy = client.query(copyTo(detailsCopySql(batch, table)));
    try {
      await pipeline(copy, out, { end: false });
    } catch (err) {
      if (String((err as Error)?.message).includes(RANGE_MARK)) throw new DetailsRangeError(err);
      throw err;
    }
    // The COPY's row count arrives after its data: COMMIT is answered after it.
    await client.query('COMMIT');
    done = true;
    return { lines: copy.rowCount };
  } finally {
    client.release(done ? undefined : true);
  }
}
