import { describe, expect, it } from 'vitest';
import { reportTypesFor } from './bulk.ts';
import { buildPickList, compareCategories, formatPickListRefs, pickListCategory } from './pick-list.ts';

const bourbon = { name: 'Old Harbor Small Batch Bourbon', sku: 'OH-750', size: '750ml', category: 'Whiskey' };
const rye = { name: 'Old Harbor Rye Whiskey', sku: 'OH-RYE', size: '750ml', category: 'Whiskey' };
const brut = { name: 'Maison Duclair Brut Champagne', sku: 'MD-BRUT', size: '750ml', category: 'Champagne' };
const opener = { name: 'Waiter’s corkscrew', sku: 'CORK-1', size: null, category: null };

describe('buildPickList', () => {
  it('sums a SKU shared by several orders into one line with the order ids', () => {
    const list = buildPickList([
      {
        id: 'A-1',
        lines: [
          { ...bourbon, quantity: 2 },
          { ...brut, quantity: 1 },
        ],
      },
      {
        id: 'B-2',
        lines: [
          { ...bourbon, quantity: 1 },
          { ...opener, quantity: 1 },
        ],
      },
      {
        id: 'C-3',
        lines: [
          { ...brut, quantity: 3 },
          { ...rye, quantity: 1 },
          { ...bourbon, quantity: 4 },
        ],
      },
    ]);
    const lines = list.categories.flatMap((c) => c.lines);
    expect(lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['MD-BRUT', 4],
      ['OH-RYE', 1],
      ['OH-750', 7],
      ['CORK-1', 1],
    ]);
    expect(lines.find((l) => l.sku === 'OH-750')?.orders).toEqual([
      { order_id: 'A-1', quantity: 2 },
      { order_id: 'B-2', quantity: 1 },
      { order_id: 'C-3', quantity: 4 },
    ]);
    expect(list.categories.map((c) => c.category)).toEqual(['Champagne', 'Whiskey', 'Other']);
    expect(list).toMatchObject({ order_count: 3, sku_count: 4, unit_count: 13 });
  });

  it('adds up two lines of the same SKU in one order', () => {
    const list = buildPickList([
      {
        id: 'A-1',
        lines: [
          { ...brut, quantity: 1 },
          { ...brut, quantity: 2 },
        ],
      },
    ]);
    expect(list.categories[0]?.lines[0]?.orders).toEqual([{ order_id: 'A-1', quantity: 3 }]);
  });

  it('groups items without a SKU by name and size, and skips lines without units', () => {
    const list = buildPickList([
      { id: 'A-1', lines: [{ name: 'House Red', size: '750ml', quantity: 1 }] },
      {
        id: 'B-2',
        lines: [
          { name: 'house red ', size: '750ml', quantity: 2 },
          { ...brut, quantity: 0 },
        ],
      },
      { id: 'C-3', lines: [{ name: 'House Red', size: '1.5L', quantity: 1 }] },
    ]);
    const lines = list.categories.flatMap((c) => c.lines);
    expect(lines.map((l) => [l.sku, l.size, l.quantity])).toEqual([
      [null, '1.5L', 1],
      [null, '750ml', 3],
    ]);
    expect(list.order_count).toBe(3);
  });

  it('calls out gift wrap and engraving per order', () => {
    const list = buildPickList([
      {
        id: 'A-1',
        lines: [
          { ...bourbon, quantity: 2, gift_wrap: true, engravings: [{ lines: ['Happy 40th'], quantity: 1 }] },
        ],
      },
      { id: 'B-2', lines: [{ ...bourbon, quantity: 1 }] },
      { id: 'C-3', lines: [{ ...bourbon, quantity: 1, gift_wrap: true }] },
    ]);
    const line = list.categories[0]?.lines[0];
    expect(line?.gift_wrap).toEqual([
      { order_id: 'A-1', quantity: 2 },
      { order_id: 'C-3', quantity: 1 },
    ]);
    expect(line?.engravings).toEqual([{ order_id: 'A-1', quantity: 1, lines: ['Happy 40th'] }]);
  });

  it('sorts categories alphabetically with Other (or no category) last, then names', () => {
    expect(['Wine', 'Other', 'gin', 'Champagne'].sort(compareCategories)).toEqual([
      'Champagne',
      'gin',
      'Wine',
      'Other',
    ]);
    expect(pickListCategory('  ')).toBe('Other');
    expect(pickListCategory('other')).toBe('Other');
    expect(pickListCategory(' Rum ')).toBe('Rum');
    const list = buildPickList([
      {
        id: 'A-1',
        lines: [
          { name: 'Zinfandel', sku: 'Z', category: 'Wine', quantity: 1 },
          { name: 'Bag', sku: 'BAG', category: 'other', quantity: 1 },
          { name: 'Aged Rum', sku: 'R', category: 'Rum', quantity: 1 },
          { name: 'Albariño', sku: 'A', category: 'Wine', quantity: 1 },
        ],
      },
    ]);
    expect(list.categories.map((c) => [c.category, c.lines.map((l) => l.sku)])).toEqual([
      ['Rum', ['R']],
      ['Wine', ['A', 'Z']],
      ['Other', ['BAG']],
    ]);
  });

  it('formats the order references', () => {
    expect(
      formatPickListRefs([
        { order_id: 'A-1', quantity: 2 },
        { order_id: 'B-2', quantity: 1 },
      ]),
    ).toBe('A-1 ×2, B-2');
  });

  it('the Print menu option prints the pick list alone', () => {
    expect(reportTypesFor('picklist')).toEqual(['picklist']);
    expect(reportTypesFor('all')).toEqual(['receipt', 'packingslip']);
  });
});
