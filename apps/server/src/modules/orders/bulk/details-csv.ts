/**
 * The bulk details CSV (part 2 §7 'Bulk details'): one row per item line, with the order's id, dates,
 * status, method, recipient and address, the item, quantity, price, totals and tracking. Written with
 * csv-stringify (quoting, separators) and streamed page by page; text cells that a spreadsheet would run
 * as a formula are neutralised. Timestamps are written in the store's time zone as the console shows
 * them ('06/12/2025 3:04 PM', @mc/domain's formatOrderDate), and the header names the zone.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  centsToDollars,
  DEFAULT_TIMEZONE,
  deliveryMethodLabel,
  formatOrderDate,
  isValidTimeZone,
  neutraliseCsvCell,
} from '@mc/domain';
import { stringify } from 'csv-stringify';
import type { BulkOrderRow } from './load-orders.ts';

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

const timestamp = (v: Date | string | null | undefined, timeZone: string): string =>
  v === null || v === undefined ? '' : formatOrderDate(v, timeZone);

const money = (cents: number) => centsToDollars(cents).toFixed(2);
const cell = (v: unknown): string => neutraliseCsvCell(v === null || v === undefined ? '' : String(v));

/** The CSV records of one order: a row per item line (an order without items still gets one row). */
export function detailsRecords(o: BulkOrderRow, timeZone: string): string[][] {
  const zone = csvTimeZone(timeZone);
  const r = o.recipient;
  const orderCells = [
    cell(o.id),
    timestamp(o.date_submitted, zone),
    timestamp(o.printed_timestamp, zone),
    cell(o.status),
    cell(deliveryMethodLabel({ method: o.delivery_method, courier_estimate_id: o.courier_estimate_id })),
    cell(o.delivery_date),
    cell(r.first_name),
    cell(r.last_name),
    cell(r.phone_number),
    cell(r.street_1),
    cell(r.street_2),
    cell(r.street_3),
    cell(r.city),
    cell(r.state),
    cell(r.zipcode),
    cell(r.country),
  ];
  const totals = [
    money(o.subtotal_cents),
    money(o.tax_cents),
    money(o.delivery_fee_cents),
    money(o.shipping_cents),
    money(o.tip_cents),
    money(o.discount_cents),
    money(o.total_cents),
  ];
  const tracking = [
    cell(o.tracking_provider === 'OTHER' ? (o.other_tracking_provider ?? 'OTHER') : o.tracking_provider),
    cell(o.tracking_id),
    cell(o.tracking_url),
  ];
  const lines = o.items.length ? o.items : [null];
  return lines.map((i) => [
    ...orderCells,
    i ? cell(i.name) : '',
    i ? cell(i.merchant_sku) : '',
    i ? String(i.quantity) : '',
    i ? money(i.price_cents) : '',
    i ? money(i.subtotal_cents) : '',
    ...totals,
    ...tracking,
  ]);
}

export interface DetailsCsvOptions {
  /** The store's IANA time zone: timestamps are written in it. */
  timeZone: string;
  onPage?: (orders: BulkOrderRow[]) => void | Promise<void>;
}

/**
 * Writes the header and every order of `pages` to `out` as CSV, respecting back-pressure. Returns the
 * number of orders written. `out` is not ended.
 */
export async function writeDetailsCsv(
  pages: AsyncIterable<BulkOrderRow[]> | Iterable<BulkOrderRow[]>,
  out: Writable,
  { timeZone, onPage }: DetailsCsvOptions,
): Promise<number> {
  const zone = csvTimeZone(timeZone);
  const stringifier = stringify({ header: true, columns: detailsCsvHeader(zone), bom: true });
  stringifier.pipe(out, { end: false });
  const finished = once(stringifier, 'end');
  let count = 0;
  try {
    for await (const page of pages) {
      for (const order of page) {
        for (const record of detailsRecords(order, zone)) {
          if (!stringifier.write(record)) await once(stringifier, 'drain');
        }
      }
      count += page.length;
      await onPage?.(page);
    }
  } catch (error) {
    stringifier.destroy(error as Error);
    throw error;
  }
  stringifier.end();
  await finished;
  stringifier.unpipe(out);
  return count;
}
