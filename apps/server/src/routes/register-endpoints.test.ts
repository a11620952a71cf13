import { endpoints, OPERATION_IDS } from '@mc/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase, testConfig } from '../test/harness.ts';
import { checkHandlers, toFastifyPath } from './register-endpoints.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe('routes from the endpoint table', () => {
  it('buildApp refuses to start when a handler of the table is missing', async () => {
    await expect(
      buildApp({
        config: testConfig(),
        database,
        adjustHandlers: ({ getOrderCounts: _dropped, ...rest }) => rest,
      }),
    ).rejects.toThrow(/missing handlers for getOrderCounts/);
  });

  it('buildApp refuses to start when a handler has no endpoint in the table', async () => {
    await expect(
      buildApp({
        config: testConfig(),
        database,
        adjustHandlers: (handlers) => ({ ...handlers, deleteEverything: async () => ({}) }),
      }),
    ).rejects.toThrow(/handlers without an endpoint in the table: deleteEverything/);
  });

  it('registers every operation of the table as a route', async () => {
    const { app } = await buildApp({ config: testConfig(), database });
    const seen = new Map<string, string>();
    await app.ready();
    for (const id of OPERATION_IDS) {
      const e = endpoints[id];
      expect(app.hasRoute({ method: e.method, url: toFastifyPath(e.path) }), id).toBe(true);
      seen.set(id, `${e.method} ${e.path}`);
    }
    expect(seen.size).toBe(OPERATION_IDS.length);
    await app.close();
  });

  it('checkHandlers names both kinds of mismatch at once', () => {
    expect(() => checkHandlers({ a: endpoints.login, b: endpoints.logout }, { a: 1, c: 1 })).toThrow(
      "The server's handlers do not match the endpoint table: missing handlers for b; handlers without an endpoint in the table: c",
    );
  });
});
