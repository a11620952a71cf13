import { describe, expect, it } from 'vitest';
import { pickListFileName, renderPickList } from './pick-list.ts';
import {
  buildDocumentOrder,
  canScanBarcodes,
  expectOnePagePdf,
  expectPickListOrder,
  readPdf,
  scanBarcodes,
} from './test-fixtures.ts';
import type { DocumentItem, DocumentOrder } from './types.ts';

const item = (
  id: string,
  name: string,
  sku: string | null,
  quantity: number,
  extra: Partial<DocumentItem> = {},
): DocumentItem => ({
  id,
  name,
  quantity,
  price: 10,
  subtotal: 10 * quantity,
  sku,
  container_size: '750ml',
  parent_line_item_id: null,
  ...extra,
  aux_data: { category: null, gift_wrap: false, ...extra.aux_data },
});

const whiskey = { aux_data: { category: 'Whiskey' } };
const order = (id: string, items: DocumentItem[]): DocumentOrder => buildDocumentOrder({ id, items });

const ORDERS = [
  order('AAAAAAA-001-01', [
    item('a1', 'Old Harbor Small Batch Bourbon', 'OH-750', 2, {
      aux_data: { category: 'Whiskey', gift_wrap: true },
    }),
    item('a2', 'Maison Duclair Brut Champagne', 'MD-BRUT', 1, { aux_data: { category: 'Champagne' } }),
  ]),
  order('BBBBBBB-002-02', [
    item('b1', 'Old Harbor Small Batch Bourbon', 'OH-750', 1, whiskey),
    item('b2', 'Waiter corkscrew', 'CORK-1', 1, { container_size: null }),
    item('b3', 'Engraving', null, 1, {
      parent_line_item_id: 'b1',
      aux_data: { engraving_message: ['Happy 40th, Sam'] },
    }),
  ]),
  order('CCCCCCC-003-03', [
    item('c1', 'Glen Avon 12 Year Single Malt', 'GA-12', 1, whiskey),
    item('c2', 'Old Harbor Small Batch Bourbon', 'OH-750', 3, whiskey),
    item('c3', 'Maison Duclair Brut Champagne', 'MD-BRUT', 2, { aux_data: { category: 'Champagne' } }),
  ]),
];

describe('renderPickList', () => {
  it('lists each SKU once with the summed quantity and its orders, sorted by category then name', async () => {
    const pdf = await renderPickList(ORDERS, new Date('2024-11-22T15:00:00Z'));
    const { text } = await expectOnePagePdf(pdf, [
      'PICK LIST',
      '3 orders · 4 SKUs · 11 units',
      'Printed Nov 22, 2024, 10:00 AM EST',
      'QTY ITEM SIZE SKU',
      'CHAMPAGNE 1 SKU · 3 units',
      'WHISKEY 2 SKUs · 7 units',
      'OTHER 1 SKU · 1 unit',
      '3 Maison Duclair Brut Champagne 750ml MD-BRUT',
      'Orders: AAAAAAA-001-01, CCCCCCC-003-03 ×2',
      '6 Old Harbor Small Batch Bourbon 750ml OH-750',
      'Orders: AAAAAAA-001-01 ×2, BBBBBBB-002-02, CCCCCCC-003-03 ×3',
      'GIFT WRAP 2 units: AAAAAAA-001-01 ×2',
      'ENGRAVE BBBBBBB-002-02 ×1: "Happy 40th, Sam"',
      '1 Waiter corkscrew - CORK-1',
    ]);
    expectPickListOrder(text);
    // The engraving child line is not a SKU to pick.
    expect(text).not.toMatch(/^\d+ Engraving/m);
  });

  it.skipIf(!canScanBarcodes)('draws a scannable Code 128 barcode per SKU', async () => {
    const codes = scanBarcodes(await renderPickList(ORDERS), 300);
    expect([...codes].sort()).toEqual(
      ['CODE-128:CORK-1', 'CODE-128:GA-12', 'CODE-128:MD-BRUT', 'CODE-128:OH-750'].sort(),
    );
  });

  it('flows a long list over pages and keeps every order of a SKU', async () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      order(`ORDER${String(i).padStart(2, '0')}-${String(i % 1000).padStart(3, '0')}-AA`, [
        item(`x${i}`, 'Polar Birch Vodka', 'PB-VODKA', 1, { aux_data: { category: 'Vodka' } }),
        item(`y${i}`, `Product ${i}`, `SKU-${i}`, 1, { aux_data: { category: `Cat ${i % 7}` } }),
      ]),
    );
    const { text, pageCount } = await readPdf(await renderPickList(many));
    expect(pageCount).toBeGreaterThan(5);
    expect(text).toContain('400 orders · 401 SKUs · 800 units');
    expect(text).toContain('400 Polar Birch Vodka');
    for (const o of many) expect(text).toContain(o.id);
    expect(text).toContain('(continued)');
  });

  it('prints a page even when nothing is left to pick', async () => {
    const { text } = await readPdf(await renderPickList([order('AAAAAAA-001-01', [])]));
    expect(text).toContain('No items to pick.');
  });

  it('names the file after the batch', () => {
    expect(pickListFileName('1a2b3c4d')).toBe('1a2b3c4d_Pick List.pdf');
  });
});
