import { ORDER_LIST_FILTER_NAMES, ORDER_LIST_FILTERS } from '@mc/api';
import { describe, expect, it } from 'vitest';
import { buildListQuery, isListMatch, LIST_FILTER_SQL, usesKeptCount } from './list-orders-sql.ts';

/** The first page of the active tab, newest first, with no other filter. */
const ACTIVE_PAGE = {
  merchantId: 'm',
  limit: 30,
  offset: 0,
  cursor: null,
  sort: 'desc' as const,
  tab: 'active' as const,
};

describe("the list filters' SQL (keyed by the contract's filter names)", () => {
  it('has one entry per filter of the contract and no other', () => {
    expect(Object.keys(LIST_FILTER_SQL).sort()).toEqual([...ORDER_LIST_FILTER_NAMES].sort());
  });

  it('holds only one-value matches for text filters and list matches for list filters', () => {
    for (const f of ORDER_LIST_FILTERS) {
      // A value every filter but the tab and the status takes: a delivery method, a brand ref and an id alike.
      const sample = f.parse(f.name === 'tab' ? 'active' : f.name === 'status' ? 'CLOSED' : 'shipping');
      expect(typeof sample === 'symbol', f.name).toBe(false);
      expect(isListMatch(LIST_FILTER_SQL[f.name].match), f.name).toBe(Array.isArray(sample));
    }
  });

  it("adds the filters' conditions in the contract's order; only the tab keeps the kept counts", () => {
    const p = { ...ACTIVE_PAGE, application_ref: ['a', 'b'], customer_email: 'X@Y' };
    const { text, values } = buildListQuery(p);
    expect(text).toContain(
      'WHERE o.merchant_id = $1 AND o.tab = $2 AND o.application_ref = ANY($3::text[]) AND o.customer_email ILIKE $4',
    );
    expect(values.slice(0, 4)).toEqual(['m', 'active', ['a', 'b'], '%x@y%']);
    expect(usesKeptCount({ ...p, application_ref: undefined, customer_email: undefined })).toBe(true);
    expect(usesKeptCount(p)).toBe(false);
  });

  it('prepares a page filtered by the tab alone (one name per text), never a search or another filter', () => {
    const p = ACTIVE_PAGE;
    const first = buildListQuery(p, { hours: true, keptTotal: true });
    expect(first.prepare).toMatch(/^mc_orders_list_\d+$/);
    // Other values, the same text: the same name.
    expect(
      buildListQuery({ ...p, merchantId: 'n', tab: 'completed' }, { hours: true, keptTotal: true }).prepare,
    ).toBe(first.prepare);
    // Another text (no hours, an offset page, a cursor page): another name.
    const names = [
      buildListQuery(p, { keptTotal: true }),
      buildListQuery({ ...p, offset: 60 }, { hours: true, keptTotal: true }),
      buildListQuery({ ...p, cursor: { dir: 'next', us: '1', id: 'X' } }, { hours: true, keptTotal: true }),
    ].map((q) => q.prepare);
    expect(new Set([first.prepare, ...names]).size).toBe(4);
    expect(buildListQuery({ ...p, recipient_name: 'Ol' }).prepare).toBeUndefined();
    expect(buildListQuery({ ...p, application_ref: ['a'] }).prepare).toBeUndefined();
  });
});
