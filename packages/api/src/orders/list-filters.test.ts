import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ORDER_LIST_FILTER_KEYS,
  ORDER_LIST_FILTER_NAMES,
  ORDER_LIST_FILTERS,
  orderListFilterQuery,
} from './list-filters.ts';
import { OrdersListQuerySchema } from './list-schemas.ts';

const parse = (query: Record<string, string>) => OrdersListQuerySchema.safeParse(query);

describe('the orders list filter table', () => {
  it('gives the request schema one query parameter per filter, in the table order, then the sort', () => {
    const keys = Object.keys(OrdersListQuerySchema.shape);
    expect(keys).toEqual(['limit', 'offset', 'cursor', ...ORDER_LIST_FILTER_KEYS]);
    expect(ORDER_LIST_FILTER_NAMES).toEqual([
      'tab',
      'application_ref',
      'delivery_method',
      'status',
      'order_key',
      'search',
      'recipient_name',
      'name',
      'customer_email',
    ]);
  });

  it('parses each filter as the list did, and refuses with the filter key as path and in the message', () => {
    const r = parse({
      'filter[tab]': 'onHold',
      'filter[application_ref]': ' brand-x, brand-y,brand-x,',
      'filter[delivery_method]': 'preorder,deposit',
      'filter[order_key]': ' ABC ',
      'filter[search]': ' 2abn ',
      'filter[recipient_name]': ' Ann ',
      'filter[customer_email]': ' A@B.co ',
    });
    expect(r.data).toEqual({
      'filter[tab]': 'on_hold',
      'filter[application_ref]': ['brand-x', 'brand-y'],
      'filter[delivery_method]': ['preorder', 'deposit'],
      'filter[order_key]': 'ABC',
      'filter[search]': '2abn',
      'filter[recipient_name]': 'Ann',
      'filter[customer_email]': 'A@B.co',
    });
    expect(parse({ 'filter[application_ref]': ',' }).data).toEqual({ 'filter[application_ref]': [] });
    const bad = parse({ 'filter[tab]': 'x', 'filter[delivery_method]': ',', 'filter[nope]': '1' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['filter[tab]', 'filter[tab] must be one of active, on_hold, cancelled, completed'],
      [
        'filter[delivery_method]',
        'filter[delivery_method] must be one of on_demand, scheduled, shipping, preorder, deposit, courier (or a comma list of them)',
      ],
    ]);
    expect(parse({ 'filter[nope]': '1' }).error?.issues[0]).toMatchObject({
      path: ['filter[nope]'],
      message: 'filter[nope] is not a known filter or sort',
    });
  });

  it('writes the console query: table order, lists as comma lists, unset and empty values left out', () => {
    const q = orderListFilterQuery({
      delivery_method: 'preorder,deposit',
      tab: 'active',
      application_ref: ['a', 'b'],
      search: '',
      order_key: null,
    });
    expect(Object.entries(q)).toEqual([
      ['filter[tab]', 'active'],
      ['filter[application_ref]', 'a,b'],
      ['filter[delivery_method]', 'preorder,deposit'],
    ]);
    expect(orderListFilterQuery({ application_ref: [] })).toEqual({});
  });

  it('holds only what the API and the console read: no SQL (the server keys its own by filter name)', () => {
    for (const f of ORDER_LIST_FILTERS)
      expect(
        Object.keys(f).every((k) => ['name', 'max', 'parse', 'invalid'].includes(k)),
        f.name,
      ).toBe(true);
  });

  it('loads no zod (the console builds its queries from it on the first page, decision 0109)', () => {
    const source = readFileSync(new URL('./list-filters.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from 'zod'|from '\.\/list-schemas\.ts'/);
  });
});
