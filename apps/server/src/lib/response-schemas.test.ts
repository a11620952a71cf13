/**
 * Response schemas as JSON Schema for fast-json-stringify (decision 0106): every JSON response of the
 * endpoint table converts; a schema zod cannot express in JSON Schema keeps zod's serializer; the output
 * of the converted serializer is the same JSON as zod's for a matching body.
 */

import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { type Endpoint, endpoints, isNonJsonResponse } from '@mc/api';
import Fastify from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerialization } from '../routes/register-endpoints.ts';
import { lazySerializerFactory, responseJsonSchema } from './response-schemas.ts';

describe('responseJsonSchema', () => {
  it('converts every JSON response schema of the endpoint table', () => {
    const failed: string[] = [];
    let n = 0;
    for (const [id, endpoint] of Object.entries(endpoints as Record<string, Endpoint>)) {
      for (const [status, spec] of Object.entries(endpoint.responses)) {
        if (isNonJsonResponse(spec)) continue;
        n++;
        if (!responseJsonSchema(spec)) failed.push(`${id} ${status}`);
      }
    }
    expect(n).toBeGreaterThan(300);
    expect(failed).toEqual([]);
  });

  it('compiles with fast-json-stringify, every one (the server compiles each on its first response)', () => {
    // What lazySerializerFactory runs on a route's first response, run here for every route at once.
    const build = SerializerSelector()(undefined, {});
    const failed: string[] = [];
    for (const [id, endpoint] of Object.entries(endpoints as Record<string, Endpoint>)) {
      for (const [status, spec] of Object.entries(endpoint.responses)) {
        if (isNonJsonResponse(spec)) continue;
        const schema = responseJsonSchema(spec);
        if (!schema) continue;
        try {
          expect(
            build({ schema, method: endpoint.method, url: endpoint.path, httpStatus: status }),
          ).toBeTypeOf('function');
        } catch (error) {
          failed.push(`${id} ${status}: ${error}`);
        }
      }
    }
    expect(failed).toEqual([]);
  });

  it("compiles on the first response only, and writes what Fastify's default serializer writes", async () => {
    const lazy = Fastify({
      schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory } },
    });
    const eager = Fastify();
    const schema = responseJsonSchema(z.object({ a: z.string(), n: z.number().int().nullable() }))!;
    const body = { a: 'x', n: 2, extra: true };
    for (const app of [lazy, eager])
      app.get('/x', { schema: { response: { 200: schema } } }, async () => body);
    // A schema fast-json-stringify cannot compile: the eager default fails at start, the lazy one on the route's first use.
    const broken = { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } };
    lazy.get('/broken', { schema: { response: { 200: broken } } }, async () => ({ a: 1 }));
    await lazy.ready();
    const eagerBroken = Fastify();
    eagerBroken.get('/broken', { schema: { response: { 200: broken } } }, async () => ({ a: 1 }));
    await expect(eagerBroken.ready()).rejects.toThrow();
    const [a, b] = await Promise.all([lazy.inject({ url: '/x' }), eager.inject({ url: '/x' })]);
    expect(a.body).toBe(b.body);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await lazy.inject({ url: '/broken' })).statusCode).toBe(500);
    await Promise.all([lazy.close(), eager.close(), eagerBroken.close()]);
  });

  it('folds nullable into a type list and refuses what JSON Schema cannot say', () => {
    const json = responseJsonSchema(
      z.object({ a: z.string().nullable(), b: z.object({ c: z.number() }).nullable() }),
    );
    expect(json).toMatchObject({
      properties: { a: { type: ['string', 'null'] }, b: { type: ['object', 'null'] } },
    });
    expect(responseJsonSchema(z.object({ at: z.date() }))).toBeNull();
    expect(responseJsonSchema(z.string().transform((s) => s.length))).toBeNull();
  });
});

describe('responseSerialization', () => {
  const endpoint = (schema: z.ZodType) =>
    ({ method: 'GET', path: '/x', access: 'public', responses: { 200: schema } }) as unknown as Endpoint;

  it('serializes like zod for a matching body (unknown keys dropped, nulls kept)', async () => {
    const schema = z.object({
      id: z.string(),
      n: z.number().int(),
      note: z.string().nullable(),
      tags: z.array(z.string()),
    });
    const body = { id: 'A-1', n: 3, note: null, tags: ['x'], secret: 'not in the schema' };
    const app = Fastify();
    const s = responseSerialization(endpoint(schema));
    expect(s.serializerCompiler).toBeUndefined();
    app.get('/x', { schema: { response: s.response } }, async () => body);
    const res = await app.inject({ url: '/x' });
    expect(res.json()).toEqual(schema.parse(body));
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it("keeps zod's serializer (which validates) for a schema that does not convert", async () => {
    const schema = z.object({ at: z.date().transform((d) => d.toISOString()) });
    const s = responseSerialization(endpoint(schema));
    expect(s.serializerCompiler).toBeDefined();
    const app = Fastify();
    app.get(
      '/x',
      { schema: { response: s.response }, serializerCompiler: s.serializerCompiler },
      async () => ({
        at: new Date('2026-01-02T03:04:05Z'),
      }),
    );
    const res = await app.inject({ url: '/x' });
    expect(res.json()).toEqual({ at: '2026-01-02T03:04:05.000Z' });
    await app.close();
  });

  it('answers a body that does not match the fallback schema with a ResponseSerializationError', async () => {
    const schema = z.object({ at: z.date().transform((d) => d.toISOString()) });
    const s = responseSerialization(endpoint(schema));
    const app = Fastify();
    let caught: unknown;
    app.setErrorHandler((error, _request, reply) => {
      caught = error;
      return reply.code(500).send('failed');
    });
    app.get(
      '/x',
      { schema: { response: s.response }, serializerCompiler: s.serializerCompiler },
      async () => ({ at: 'not a date' }),
    );
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(isResponseSerializationError(caught)).toBe(true);
    await app.close();
  });
});
