import { describe, expect, it } from 'vitest';
import { directionsFields, directionsFileName, renderDirections } from './directions.ts';
import { buildDocumentOrder, buildMapPng, expectOnePagePdf, readPdf } from './test-fixtures.ts';

describe('renderDirections', () => {
  it('prints the directions fields with the map for a scheduled order', async () => {
    const pdf = await renderDirections(buildDocumentOrder(), buildMapPng());
    const { text } = await expectOnePagePdf(pdf, [
      'DELIVERY DIRECTIONS',
      'ORDER DATE',
      'Nov 20, 2024, 1:05 PM EST',
      'DELIVERY METHOD',
      'Nov 22, 2 PM-4 PM',
      'DELIVERY NUMBER',
      '2ABNPFR-3A0-9E',
      'TRACKING',
      'FedEx 781234567890',
      'DELIVER TO',
      'Maria Gonzalez\n350 Fifth Avenue\nSuite 4100\nNew York, NY 10118',
    ]);
    expect(text).not.toContain('Map unavailable');
    // The PNG is embedded as an image XObject.
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it("says ASAP for on-demand orders and leaves tracking out when the provider is 'other'", async () => {
    const order = buildDocumentOrder({ delivery: { method: 'on_demand' }, tracking_provider: 'other' });
    const { text } = await readPdf(await renderDirections(order, buildMapPng()));
    expect(text).toContain('ASAP');
    expect(text).not.toContain('TRACKING');
    expect(text).not.toContain('781234567890');
  });

  it.each([
    ['no map', null],
    ['an empty buffer', Buffer.alloc(0)],
    ['bytes that are not an image', Buffer.from('<html>rate limited</html>')],
  ])("prints 'Map unavailable' for %s", async (_name, map) => {
    const pdf = await renderDirections(buildDocumentOrder(), map);
    const { text, pageCount } = await readPdf(pdf);
    expect(pageCount).toBe(1);
    expect(text).toContain('Map unavailable');
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('fits a tall map on the one page', async () => {
    const { pageCount } = await readPdf(await renderDirections(buildDocumentOrder(), buildMapPng(200, 900)));
    expect(pageCount).toBe(1);
  });

  it('draws names literally, CJK and emoji in fallback fonts', async () => {
    const order = buildDocumentOrder({
      recipient: {
        ...buildDocumentOrder().recipient,
        first_name: '<img src=x onerror=alert(1)>',
        last_name: '佐藤 🚚',
      },
    });
    const { text } = await readPdf(await renderDirections(order, null));
    expect(text).toContain('<img src=x onerror=alert(1)> 佐藤 🚚');
  });
});

describe('directions helpers', () => {
  it('lists the fields in print order', () => {
    expect(directionsFields(buildDocumentOrder()).map((field) => field.label)).toEqual([
      'Order date',
      'Delivery method',
      'Delivery number',
      'Tracking',
    ]);
  });

  it("names the file '{orderId}_Directions.pdf'", () => {
    expect(directionsFileName(buildDocumentOrder())).toBe('2ABNPFR-3A0-9E_Directions.pdf');
  });
});
