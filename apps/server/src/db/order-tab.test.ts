import { ORDER_STATUSES, tabOfStatus } from '@mc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import type { Database } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe('order_tab() in SQL', () => {
  it('agrees with TAB_STATUSES in packages/domain for every status', async () => {
    for (const status of ORDER_STATUSES) {
      const [row] = await database.query<{ tab: string }>('select order_tab($1) as tab', [status]);
      expect([status, row?.tab]).toEqual([status, tabOfStatus(status)]);
    }
  });
});
