/**
 * The application's name and brand name kept on the order (migration 0018, docs/decisions/0149): an
 * insert that leaves them out gets them from its application, a change of application_id follows, and the
 * migration fills the rows that existed before it (run again here on emptied copies) without touching the
 * kept report figures.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import type { Database } from './client.ts';

let database: Database;
let merchantId: string;
const apps: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const [m] = await database.query<{ id: string }>(
    "INSERT INTO merchants (tmk, name, timezone) VALUES ('kept-app-m', 'Kept App Store', 'America/Chicago') RETURNING id",
  );
  merchantId = m!.id;
  for (const [ref, name, brand] of [
    ['kept-a', 'Drizly', 'Drizly Brand'],
    ['kept-b', 'Caskers', 'Caskers Brand'],
  ] as const) {
    const [a] = await database.query<{ id: string }>(
      'INSERT INTO applications (ref, name, brand_name) VALUES ($1, $2, $3) RETURNING id',
      [ref, name, brand],
    );
    apps[ref] = a!.id;
  }
});
afterAll(async () => database?.close());

async function insertOrder(id: string, ref: string, copies?: [string, string]) {
  await database.query(
    `INSERT INTO orders (id, merchant_id, application_id, application_ref, status, date_submitted, delivery_method,
       recipient, customer, recipient_name, customer_email, total_cents${copies ? ', application_name, application_brand_name' : ''})
     VALUES ($1, $2, $3, $4, 'SUBMITTED', now(), 'shipping', '{}', '{}', 'R', 'c@example.com', 1000${copies ? ', $5, $6' : ''})`,
    [id, merchantId, apps[ref], ref, ...(copies ?? [])],
  );
}
const copiesOf = async (id: string) =>
  (
    await database.query<{ application_name: string; application_brand_name: string }>(
      'SELECT application_name, application_brand_name FROM orders WHERE id = $1',
      [id],
    )
  )[0];

describe("the application's names kept on the order", () => {
  it('are filled from the application when an insert leaves them out, and kept when it gives them', async () => {
    await insertOrder('KEPTAP1-000-01', 'kept-a');
    expect(await copiesOf('KEPTAP1-000-01')).toEqual({
      application_name: 'Drizly',
      application_brand_name: 'Drizly Brand',
    });
    await insertOrder('KEPTAP1-000-02', 'kept-b', ['Caskers', 'Caskers Brand']);
    expect(await copiesOf('KEPTAP1-000-02')).toEqual({
      application_name: 'Caskers',
      application_brand_name: 'Caskers Brand',
    });
  });

  it("follow a change of the order's application", async () => {
    await insertOrder('KEPTAP1-000-03', 'kept-a');
    await database.query("UPDATE orders SET application_id = $1, application_ref = 'kept-b' WHERE id = $2", [
      apps['kept-b'],
      'KEPTAP1-000-03',
    ]);
    expect(await copiesOf('KEPTAP1-000-03')).toEqual({
      application_name: 'Caskers',
      application_brand_name: 'Caskers Brand',
    });
  });

  it('are filled by migration 0018 for the orders that existed before it, the report figures untouched', async () => {
    await insertOrder('KEPTAP1-000-04', 'kept-b');
    // As before the migration: no copies (the columns as they are added, nullable, and no trigger).
    await database.query('DROP TRIGGER orders_keep_application_trg ON orders');
    await database.query('ALTER TABLE orders ALTER COLUMN application_name DROP NOT NULL');
    await database.query('ALTER TABLE orders ALTER COLUMN application_brand_name DROP NOT NULL');
    await database.query(
      'UPDATE orders SET application_name = NULL, application_brand_name = NULL WHERE merchant_id = $1',
      [merchantId],
    );
    const figures = () =>
      database.query('SELECT * FROM report_day_figures WHERE merchant_id = $1 ORDER BY day, dim, key, slot', [
        merchantId,
      ]);
    const before = await figures();
    expect(before.length).toBeGreaterThan(0);
    const sql = readFileSync(
      new URL('../../drizzle/0018_orders_kept_application.sql', import.meta.url),
      'utf8',
    );
    for (const statement of sql.split('--> statement-breakpoint')) await database.query(statement);
    expect(await figures()).toEqual(before);
    const rows = await database.query<{
      id: string;
      application_name: string;
      application_brand_name: string;
    }>('SELECT id, application_name, application_brand_name FROM orders WHERE merchant_id = $1 ORDER BY id', [
      merchantId,
    ]);
    expect(rows).toEqual([
      { id: 'KEPTAP1-000-01', application_name: 'Drizly', application_brand_name: 'Drizly Brand' },
      { id: 'KEPTAP1-000-02', application_name: 'Caskers', application_brand_name: 'Caskers Brand' },
      { id: 'KEPTAP1-000-03', application_name: 'Caskers', application_brand_name: 'Caskers Brand' },
      { id: 'KEPTAP1-000-04', application_name: 'Caskers', application_brand_name: 'Caskers Brand' },
    ]);
    // The trigger is back: a later insert without the copies gets them.
    await insertOrder('KEPTAP1-000-05', 'kept-a');
    expect((await copiesOf('KEPTAP1-000-05'))?.application_name).toBe('Drizly');
  });
});
