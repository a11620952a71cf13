/**
 * Response schemas as JSON Schema for fast-json-stringify (decision 0106): every JSON response of the
 * endpoint table converts; a schema zod cannot express in JSON Schema keeps zod's serializer; the output
 * of the converted serializer is the same JSON as zod's for a matching body.
 */
import { type Endpoint, endpoints, isNonJsonResponse } from '@mc/api';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerialization } from '../routes/register-endpoints.ts';
import { responseJsonSchema } from './response-schemas.ts';

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
});
