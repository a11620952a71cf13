/**
 * The bulk details CSV: one row per item line, with the order's id, dates,
 * status, method, recipient and address, the item, quantity, price, totals and tracking. Text cells that a
 * spreadsheet would run as a formula are neutralised. Timestamps are written in the store's time zone as the
 * console shows them ('06/12/2025 3:04 PM', @mc/domain's formatOrderDate through orderDateFormatter), and
 * the header names the zone.
 *
 * The bytes are csv-stringify's with its defaults (a UTF-8 BOM, ',' between cells, a cell quoted only when it
 * holds '"', ',', CR or LF, quotes doubled, '\n' after every record), written here directly: the details
 * batch streams 100,000 orders (details-lines.ts) and csv-stringify's per-cell machinery was a third of the
 * time (decision 0105). details-csv.test.ts checks the identity against csv-stringify itself.
 */
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  centsToDollars,
  csvQuote,
  DEFAULT_TIMEZONE,
  deliveryMethodLabel,
  isValidTimeZone,
  neutraliseCsvCell,
  orderDateFormatter,
  toDate,
} from '@mc/domain';
import type { BulkOrderRow } from '../printouts/load-orders.ts';
import type { DetailsLine } from './details-lines.ts';

/** The columns; 'Created' and 'Printed' are headed with the store's zone (detailsCsvHeader). */
export const DETAILS_CSV_COLUMNS = [
  'Order ID',
  'Created',
  'Printed',
  'Status',
  'Delivery Method',
  'Delivery Date',
  'Recipient First Name',
  'Recipient Last Name',
  'Recipient Phone',
  'Street 1',
  'Street 2',
  'Street 3',
  'City',
  'State',
  'Zip Code',
  'Country',
  'Item',
  'SKU',
  'Quantity',
  'Price',
  'Item Subtotal',
  'Order Subtotal',
  'Tax',
  'Delivery Fee',
  'Shipping',
  'Tip',
  'Discount',
  'Order Total',
  'Tracking Provider',
  'Tracking ID',
  'Tracking URL',
] as const;

/** The zone the CSV's timestamps are written in: the store's, or the default when it is missing or unknown. */
export function csvTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
}

/** The header row: the timestamp columns name the zone, e.g. 'Created (America/New_York)'. */
export function detailsCsvHeader(timeZone: string): string[] {
  const zone = csvTimeZone(timeZone);
  return DETAILS_CSV_COLUMNS.map((name) =>
    name === 'Created' || name === 'Printed' ? `${name} (${zone})` : name,
  );
}

const money = (cents: number) => centsToDollars(cents).toFixed(2);
const cell = (v: unknown): string => neutraliseCsvCell(v === null || v === undefined ? '' : String(v));

/** The lines of an order already loaded with its items, as details-lines.ts reads them from SQL. */
export function orderLines(o: BulkOrderRow): DetailsLine[] {
  const r = o.recipient;
  const order = {
    order_id: o.id,
    created_ms: toDate(o.date_submitted).getTime(),
    printed_ms:
      o.printed_timestamp === null || o.printed_timestamp === undefined
        ? null
        : toDate(o.printed_timestamp).getTime(),
    status: o.status,
    delivery_method: o.delivery_method,
    courier_estimate_id: o.courier_estimate_id,
    delivery_date: o.delivery_date,
    first_name: r.first_name ?? null,
    last_name: r.last_name ?? null,
    phone_number: r.phone_number ?? null,
    street_1: r.street_1 ?? null,
    street_2: r.street_2 ?? null,
    street_3: r.street_3 ?? null,
    city: r.city ?? null,
    state: r.state ?? null,
    zipcode: r.zipcode ?? null,
    country: r.country ?? null,
    subtotal_cents: o.subtotal_cents,
    tax_cents: o.tax_cents,
    delivery_fee_cents: o.delivery_fee_cents,
    shipping_cents: o.shipping_cents,
    tip_cents: o.tip_cents,
    discount_cents: o.discount_cents,
    total_cents: o.total_cents,
    tracking_provider: o.tracking_provider,
    other_tracking_provider: o.other_tracking_provider,
    tracking_id: o.tracking_id,
    tracking_url: o.tracking_url,
  };
  const none = {
    has_item: false,
    item_name: null,
    merchant_sku: null,
    quantity: null,
    price_cents: null,
    item_subtotal_cents: null,
  };
  if (o.items.length === 0) return [{ ...order, ...none }];
  return o.items.map((i) => ({
    ...order,
    has_item: true,
    item_name: i.name,
    merchant_sku: i.merchant_sku,
    quantity: i.quantity,
    price_cents: i.price_cents,
    item_subtotal_cents: i.subtotal_cents,
  }));
}

/** The cells of one line, in DETAILS_CSV_COLUMNS order (`date` formats in the store's zone). */
function lineCells(l: DetailsLine, date: (ms: number) => string): string[] {
  const item = l.has_item;
  return [
    cell(l.order_id),
    date(l.created_ms),
    l.printed_ms === null ? '' : date(l.printed_ms),
    cell(l.status),
    cell(deliveryMethodLabel({ method: l.delivery_method, courier_estimate_id: l.courier_estimate_id })),
    cell(l.delivery_date),
    cell(l.first_name),
    cell(l.last_name),
    cell(l.phone_number),
    cell(l.street_1),
    cell(l.street_2),
    cell(l.street_3),
    cell(l.city),
    cell(l.state),
    cell(l.zipcode),
    cell(l.country),
    item ? cell(l.item_name) : '',
    item ? cell(l.merchant_sku) : '',
    item ? String(l.quantity) : '',
    item ? money(l.price_cents ?? 0) : '',
    item ? money(l.item_subtotal_cents ?? 0) : '',
    money(l.subtotal_cents),
    money(l.tax_cents),
    money(l.delivery_fee_cents),
    money(l.shipping_cents),
    money(l.tip_cents),
    money(l.discount_cents),
    money(l.total_cents),
    cell(l.tracking_provider === 'OTHER' ? (l.other_tracking_provider ?? 'OTHER') : l.tracking_provider),
    cell(l.tracking_id),
    cell(l.tracking_url),
  ];
}

/** The CSV records of one order: a row per item line (an order without items still gets one row). */
export function detailsRecords(o: BulkOrderRow, timeZone: string): string[][] {
  const date = orderDateFormatter(csvTimeZone(timeZone));
  return orderLines(o).map((l) => lineCells(l, date));
}

/** One record and its line end (joined: one flat string, not a chain of concatenations). */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map((c) => csvQuote(c ?? '')).join(',')}\n`;
}

/** Text is handed to the file in pieces of about this many characters. */
const CHUNK_CHARS = 64 * 1024;

export interface DetailsCsvOptions {
  /** The store's IANA time zone: timestamps are written in it. */
  timeZone: string;
}

/**
 * Writes the BOM, the header and every line of `pages` to `out` through stream.pipeline (back-pressure:
 * a page is read only when the file has taken the text before it). Returns the number of orders and lines
 * written (an order's lines are consecutive; they may span pages). `out` is not ended.
 */
export async function writeDetailsLines(
  pages: AsyncIterable<DetailsLine[]> | Iterable<DetailsLine[]>,
  out: Writable,
  { timeZone }: DetailsCsvOptions,
): Promise<{ orders: number; lines: number }> {
  const zone = csvTimeZone(timeZone);
  const date = orderDateFormatter(zone);
  const counts = { orders: 0, lines: 0 };
  async function* text() {
    let parts = [`\uFEFF${csvRecord(detailsCsvHeader(zone))}`];
    let size = 0;
    let last: string | undefined;
    for await (const page of pages) {
      for (const line of page) {
        const record = csvRecord(lineCells(line, date));
        parts.push(record);
        size += record.length;
        counts.lines++;
        if (line.order_id !== last) {
          counts.orders++;
          last = line.order_id;
        }
        if (size >= CHUNK_CHARS) {
          yield parts.join('');
          parts = [];
          size = 0;
        }
      }
    }
    if (parts.length > 0) yield parts.join('');
  }
  await pipeline(text, out, { end: false });
  return counts;
}

/** The same for orders already loaded with their items (one page after another). Returns the order count. */
export async function writeDetailsCsv(
  pages: AsyncIterable<BulkOrderRow[]> | Iterable<BulkOrderRow[]>,
  out: Writable,
  opts: DetailsCsvOptions,
): Promise<number> {
  let orders = 0;
  async function* lines() {
    for await (const page of pages) {
      orders += page.length;
      yield page.flatMap(orderLines);
    }
  }
  await writeDetailsLines(lines(), out, opts);
  return orders;
}
