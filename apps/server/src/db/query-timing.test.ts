import { describe, expect, it } from 'vitest';
import { queryKind, queryTable } from './query-timing.ts';

describe('what a query span and a query metric say of a statement', () => {
  it('its kind: the first word, from a short list, else other', () => {
    expect(queryKind('  SELECT 1')).toBe('select');
    expect(queryKind('insert into x values ($1)')).toBe('insert');
    expect(queryKind('WITH a AS (SELECT 1) SELECT * FROM a')).toBe('with');
    expect(queryKind('VACUUM orders')).toBe('other');
    expect(queryKind(undefined)).toBe('other');
  });

  it('its table: the outermost from, into or update, never a value', () => {
    expect(
      queryTable(
        'select o.id, (select name from applications a where a.id = o.application_id) from orders o where o.merchant_id = $1',
      ),
    ).toBe('orders');
    expect(queryTable('insert into "order_history" ("order_id", "action") values ($1, $2)')).toBe(
      'order_history',
    );
    expect(queryTable('update "orders" set "status" = $1 where "id" = $2')).toBe('orders');
    expect(queryTable("delete from sessions where token = 'abc'")).toBe('sessions');
    expect(queryTable('select 1')).toBeUndefined();
  });
});
