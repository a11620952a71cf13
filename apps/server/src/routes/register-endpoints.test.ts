import { type Endpoint, type Endpoints, endpoints, OPERATION_IDS, type OperationId } from '@mc/api';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import type { EndpointHandlers } from '../lib/endpoint-handlers.ts';
import { validatorCompiler } from '../lib/request-validation.ts';
import { createTestDatabase, testConfig } from '../test/harness.ts';
import { checkHandlers, registerEndpoints, toFastifyPath } from './register-endpoints.ts';

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

  it('memoises validation only for the parts an endpoint declares', async () => {
    const parses = { params: 0, query: 0 };
    const counted = (part: keyof typeof parses) =>
      z.object({
        v: z.string().transform((v) => {
          parses[part]++;
          return v;
        }),
      });
    const entry = (path: string, validation?: Endpoint['validation']): Endpoint => ({
      method: 'GET',
      path,
      tags: [],
      summary: path,
      access: 'public',
      params: counted('params'),
      query: counted('query'),
      ...(validation ? { validation } : {}),
      responses: { 200: z.object({ ok: z.boolean() }) },
    });
    const table = {
      cached: entry('/cached/{v}', { cache: ['query'] }),
      plain: entry('/plain/{v}'),
    } as unknown as Endpoints;
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    const ok = async () => ({ ok: true });
    registerEndpoints(
      app,
      {} as AppContext,
      { cached: ok, plain: ok } as unknown as EndpointHandlers<OperationId>,
      table,
    );
    for (const url of ['/cached/a?v=b', '/cached/a?v=b', '/plain/a?v=b', '/plain/a?v=b'])
      expect((await app.inject({ url })).json(), url).toEqual({ ok: true });
    // The cached route parsed its query once and its (undeclared) params twice; the plain route, both twice.
    expect(parses).toEqual({ params: 4, query: 3 });
    await app.close();
  });

  it('checkHandlers names both kinds of mismatch at once', () => {
    expect(() => checkHandlers({ a: endpoints.login, b: endpoints.logout }, { a: 1, c: 1 })).toThrow(
      "The server's handlers do not match the endpoint table: missing handlers for b; handlers without an endpoint in the table: c",
    );
  });
});
