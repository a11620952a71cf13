import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BulkOrderRow } from '../printouts/load-orders.ts';
import { csvRecord, detailsCsvHeader, detailsRecords, writeDetailsCsv } from './details-csv.ts';

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

async function written(orders: BulkOrderRow[], timeZone: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  // Pages of two: the writer's pieces never line up with the records.
  const pages = Array.from({ length: Math.ceil(orders.length / 2) }, (_, i) =>
    orders.slice(2 * i, 2 * i + 2),
  );
  await writeDetailsCsv(pages, out, { timeZone });
  return Buffer.concat(chunks);
}

// Text with every character csv-stringify and the formula rule care about.
const text = fc.string({
  unit: fc.constantFrom(
    'a',
    'Z',
    ' ',
    ',',
    '"',
    '\n',
    '\r',
    '\t',
    '=',
    '+',
    '-',
    '@',
    "'",
    'é',
    '€',
    '😀',
    '\uFEFF',
  ),
  maxLength: 8,
});
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });

describe('details CSV bytes', () => {
  it("are csv-stringify's (defaults, BOM, header) for any cells", () => {
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 6 }), { maxLength: 5 }), (records) => {
        const mine = `\uFEFF${records.map(csvRecord).join('')}`;
        expect(Buffer.from(mine)).toEqual(Buffer.from(stringify(records, { bom: true })));
      }),
      { numRuns: 500 },
    );
  });

  it('are what csv-stringify wrote from detailsRecords before the writer was replaced (decision 0105)', async () => {
    const order = fc.record({
      id: text,
      status: text,
      date_submitted: fc.date({
        min: new Date('2000-01-01'),
        max: new Date('2040-01-01'),
        noInvalidDate: true,
      }),
      printed_timestamp: maybe(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
      ),
      delivery_method: fc.constantFrom('shipping', 'scheduled', 'on_demand', 'courier'),
      courier_estimate_id: maybe(text),
      delivery_date: maybe(text),
      recipient: fc.record({ first_name: maybe(text), last_name: text, street_2: maybe(text), city: text }),
      total_cents: fc.integer({ min: -100_000, max: 10_000_000 }),
      tracking_provider: maybe(fc.constantFrom('UPS', 'OTHER', '=X')),
      other_tracking_provider: maybe(text),
      tracking_id: maybe(text),
      items: fc.array(
        fc.record({
          name: text,
          merchant_sku: maybe(text),
          quantity: fc.integer({ min: 0, max: 99 }),
          price_cents: fc.integer({ min: -5000, max: 500_000 }),
          subtotal_cents: fc.integer({ min: -5000, max: 5_000_000 }),
        }),
        { maxLength: 3 },
      ),
    });
    const zone = fc.constantFrom('America/New_York', 'America/Los_Angeles', 'Asia/Kolkata', 'Not/AZone');
    await fc.assert(
      fc.asyncProperty(fc.array(order, { maxLength: 5 }), zone, async (partials, timeZone) => {
        const orders = partials.map(({ items, ...o }) =>
          row({
            ...o,
            items: items.map((i, n) => ({
              ...i,
              id: String(n),
              description: null,
              discount_cents: 0,
              container_size: null,
              parent_line_item_id: null,
              aux_data: null,
            })),
          }),
        );
        const before = stringify(
          orders.flatMap((o) => detailsRecords(o, timeZone)),
          { header: true, columns: detailsCsvHeader(timeZone), bom: true },
        );
        expect((await written(orders, timeZone)).equals(Buffer.from(before))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
