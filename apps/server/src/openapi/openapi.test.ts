import { endpoints, OPERATION_IDS } from '@mc/api';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { contractFindings } from './check-openapi.ts';

// biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
type Json = Record<string, any>;
const t = useTestApp({ config: { publicUrl: 'https://shop.console.test' } });
let doc: Json;
beforeAll(async () => {
  doc = (await t.app.inject({ url: '/openapi.json' })).json() as Json;
});

describe('/openapi.json', () => {
  it('is valid OpenAPI 3.1 with unique operationIds, tags and examples', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(contractFindings(doc)).toEqual([]);
  });

  it('documents exactly the endpoint table, each operation under its operationId', () => {
    const documented = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
      Object.entries(item).map(
        ([method, op]) => `${(op as Json).operationId} ${method.toUpperCase()} ${path}`,
      ),
    );
    const table = OPERATION_IDS.map((id) => `${id} ${endpoints[id].method} ${endpoints[id].path}`);
    expect(documented.sort()).toEqual(table.sort());
  });

  it('writes bracket query keys as parameters of their own, never an object schema', () => {
    const offerings = doc.paths['/c/v2/merchants/{tmk}/offerings'].get as Json;
    const names = (offerings.parameters as Json[]).map((p) => `${p.in}:${p.name}`);
    expect(names).toEqual(
      expect.arrayContaining(['path:tmk', 'query:filter[selling_with_marketplace]', 'query:filter[id]']),
    );
    for (const p of offerings.parameters as Json[]) {
      expect(p.schema.type).toBe('string');
      expect(p.schema).not.toHaveProperty('propertyNames');
      expect(p.schema).not.toHaveProperty('additionalProperties');
    }
    const list = doc.paths['/m/v2/merchant/{tmk}/orders/optimized'].get as Json;
    expect((list.parameters as Json[]).map((p) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'cursor', 'filter[tab]', 'sort[date]']),
    );
  });

  it('types the paging numbers as integers with their range, so a generated client passes numbers', () => {
    for (const path of ['/m/v2/merchant/{tmk}/orders/optimized', '/m/v2/merchant/{tmk}/orders/optimize']) {
      const params = Object.fromEntries(
        ((doc.paths[path].get as Json).parameters as Json[]).map((p) => [p.name, p.schema]),
      );
      expect(params.limit).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
      expect(params.offset).toEqual({ type: 'integer', minimum: 0, maximum: 100_000_000 });
    }
  });

  it('declares files, the event stream and redirects with their content types', () => {
    const report = doc.paths['/m/v2/merchant/{tmk}/orders/{id}/reports/{type}'].get as Json;
    expect(Object.keys(report.responses['200'].content)).toEqual(['application/pdf']);
    const events = doc.paths['/m/v2/merchant/{tmk}/orders/events'].get as Json;
    expect(Object.keys(events.responses['200'].content)).toEqual(['text/event-stream']);
    const start = doc.paths['/a/v2/oidc/start'].get as Json;
    expect(start.responses['302'].headers.Location).toBeDefined();
    expect(start.security).toEqual([]);
    const place = doc.paths['/m/v2/marketplace/orders'].post as Json;
    expect(place.security).toEqual([{ marketplaceKey: [] }]);
  });

  it('names where to send calls, and a contact, from PUBLIC_URL', () => {
    expect(doc.servers).toEqual([
      { url: 'https://shop.console.test', description: 'Where the console and the API answer (PUBLIC_URL)' },
    ]);
    expect(doc.info.contact.url).toBe('https://shop.console.test/api-docs');
  });

  it('has one component per schema a path uses: none unused, request-only ones under their plain name', () => {
    const schemas = Object.keys(doc.components.schemas);
    expect(schemas.filter((id) => id.endsWith('Input'))).toEqual([]);
    const update = doc.paths['/c/v2/merchants/{tmk}'].post as Json;
    expect(update.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/MerchantDetailsBody',
    });
    expect(contractFindings(doc).filter((f) => f.startsWith('component'))).toEqual([]);
  });

  it('writes the delivery window tuple with an items schema (no items: false, which validating proxies refuse)', () => {
    const window = doc.components.schemas.OrderDetail.properties.delivery.properties.window.anyOf[0];
    expect(window).toMatchObject({ type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 });
    expect(JSON.stringify(doc)).not.toContain('"items":false');
  });

  it('finds unused components and paths one URL could match twice', () => {
    const findings = contractFindings({
      paths: {
        '/o/{id}/map': { get: { operationId: 'a', tags: ['x'], responses: {} } },
        '/o/batch/{batch_id}': { get: { operationId: 'b', tags: ['x'], responses: {} } },
        '/o/{id}/accept': { post: { operationId: 'c', tags: ['x'], responses: {} } },
      },
      components: { schemas: { Lost: { type: 'string' } } },
    });
    expect(findings).toEqual([
      'component schema Lost is not used by any path',
      'ambiguous paths: /o/{id}/map and /o/batch/{batch_id}',
    ]);
    expect(contractFindings(doc)).toEqual([]);
  });
});
