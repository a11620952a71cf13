/**
 * The bulk details CSV (part 2 §7 'Bulk details'): one row per item line, with the order's id, dates,
 * status, method, recipient and address, the item, quantity, price, totals and tracking. Written with
 * csv-stringify (quoting, separators) and streamed page by page; text cells that a spreadsheet would run
 * as a formula are neutralised.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { centsToDollars, deliveryMethodLabel, neutraliseCsvCell } from '@mc/domain';
import { stringify } from 'csv-stringify';
import type { BulkOrderRow } from './load-orders.ts';
import { toIso } from './load-orders.ts';

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

const money = (cents: number) => centsToDollars(cents).toFixed(2);
const cell = (v: unknown): string => neutraliseCsvCell(v === null || v === undefined ? '' : String(v));

/** The CSV records of one order: a row per item line (an order without items still gets one row). */
export function detailsRecords(o: BulkOrderRow): string[][] {
  const r = o.recipient;
  const orderCells = [
    cell(o.id),
    toIso(o.date_submitted) ?? '',
    toIso(o.printed_timestamp) ?? '',
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

/**
 * Writes the header and every order of `pages` to `out` as CSV, respecting back-pressure. Returns the
 * number of orders written. `out` is not ended.
 */
export async function writeDetailsCsv(
  pages: AsyncIterable<BulkOrderRow[]> | Iterable<BulkOrderRow[]>,
  out: Writable,
  onPage?: (orders: BulkOrderRow[]) => void | Promise<void>,
): Promise<number> {
  const stringifier = stringify({ header: true, columns: [...DETAILS_CSV_COLUMNS], bom: true });
  stringifier.pipe(out, { end: false });
  const finished = once(stringifier, 'end');
  let count = 0;
  try {
    for await (const page of pages) {
      for (const order of page) {
        for (const record of detailsRecords(order)) {
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
