import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { detailsCsvHeader, detailsRecords, writeDetailsCsv } from './details-csv.ts';
import type { BulkOrderRow } from './load-orders.ts';

function row(overrides: Partial<BulkOrderRow> = {}): BulkOrderRow {
  return {
    id: 'CSV-1',
    status: 'MERCHANT_ACCEPTED',
    // 02:30 UTC on Nov 21 is 6:30 PM on Nov 20 in Los Angeles (PST, UTC-8).
    date_submitted: new Date('2024-11-21T02:30:00Z'),
    printed_timestamp: '2024-07-04T16:05:00.000Z',
    delivery_method: 'shipping',
    delivery_date: null,
    delivery_window_start: null,
    delivery_window_end: null,
    gift_message: null,
    promo_code: null,
    recipient: { first_name: 'Maria', last_name: 'Gonzalez', street_1: '1 Main St', city: 'Austin' },
    customer: { first_name: 'Maria', last_name: 'Gonzalez' },
    subtotal_cents: 1000,
    tax_cents: 0,
    delivery_fee_cents: 0,
    shipping_cents: 0,
    tip_cents: 0,
    discount_cents: 0,
    total_cents: 1000,
    tracking_provider: null,
    tracking_id: null,
    tracking_url: null,
    other_tracking_provider: null,
    courier_estimate_id: null,
    brand_name: null,
    items: [],
    ...overrides,
  };
}

describe('details CSV timestamps', () => {
  it("writes Created and Printed in the store's zone as the console shows them, the zone in the header", async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeDetailsCsv([[row()]], out, { timeZone: 'America/Los_Angeles' });
    const records: Record<string, string>[] = parse(Buffer.concat(chunks), { columns: true, bom: true });
    expect(records).toHaveLength(1);
    // Daylight time in July (PDT, UTC-7), standard time in November (PST, UTC-8).
    expect(records[0]).toMatchObject({
      'Order ID': 'CSV-1',
      'Created (America/Los_Angeles)': '11/20/2024 6:30 PM',
      'Printed (America/Los_Angeles)': '07/04/2024 9:05 AM',
    });
    expect(Object.keys(records[0]!)).not.toContain('Created');
  });

  it('leaves a missing printed time empty and falls back to the default zone for an unknown one', () => {
    const [record] = detailsRecords(row({ printed_timestamp: null }), 'Not/AZone');
    expect(record?.slice(1, 3)).toEqual(['11/20/2024 9:30 PM', '']);
    expect(detailsCsvHeader('Not/AZone').slice(0, 3)).toEqual([
      'Order ID',
      'Created (America/New_York)',
      'Printed (America/New_York)',
    ]);
  });
});
