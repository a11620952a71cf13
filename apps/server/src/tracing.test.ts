/**
 * Traces (docs/decisions/0143) at a local OTLP/HTTP receiver: one list request continues the caller's
 * trace in a server span named by its route template; on PostgreSQL each of its queries is a child span
 * named by kind and table, with no value of the request in any span; a bulk accept's job is a span of the
 * request's trace; with no endpoint set nothing is traced.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkJobs } from './modules/orders/bulk/bulk-queue.ts';
import { buildMerchantWithOwner, buildOrder, createTestApp, TEST_DB, type TestApp } from './test/harness.ts';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpBody {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const BULK_TRACE = '0af7651916cd43dd8448eb211c80319c';

let receiver: Server;
const bodies: OtlpBody[] = [];
const contentTypes: string[] = [];
let t: TestApp;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        contentTypes.push(String(req.headers['content-type']));
        bodies.push(JSON.parse(Buffer.concat(chunks).toString()) as OtlpBody);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ config: { tracing: { endpoint, serviceName: 'mc-trace-test' } } });
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const spans = () =>
  bodies.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? v?.boolValue : Number(v.intValue));
};

describe('traces over OTLP/HTTP', { timeout: 120_000 }, () => {
  it('a list request, its queries and a bulk job reach the collector as one trace each', async () => {
    const owner = await buildMerchantWithOwner(t);
    const tmk = owner.merchant.tmk;
    const ids = [await buildOrder(t.ctx, { merchantTmk: tmk, status: 'SUBMITTED' })];
    const list = await t.app.inject({
      url: `/m/v2/merchant/${tmk}/orders/optimized?status=SUBMITTED&limit=30`,
      headers: { ...owner.headers, traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
    });
    expect(list.statusCode).toBe(200);
    await bulkJobs(t.ctx);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${tmk}/orders/bulk/accept`,
      headers: { ...owner.headers, traceparent: `00-${BULK_TRACE}-${CALLER_SPAN}-01` },
      payload: { orders: ids.map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })) },
    });
    expect(accept.json()).toMatchObject({ state: 'done' });
    await t.close(); // shutting down sends what is buffered

    expect(contentTypes[0]).toMatch(/^application\/json/);
    const resource = bodies[0]?.resourceSpans[0]?.resource.attributes ?? [];
    expect(resource).toContainEqual({ key: 'service.name', value: { stringValue: 'mc-trace-test' } });

    const all = spans();
    const server = all.find((s) => s.traceId === TRACE_ID && s.kind === 2);
    expect(server?.name).toBe('GET /m/v2/merchant/:tmk/orders/optimized');
    expect(server?.parentSpanId).toBe(CALLER_SPAN);
    expect(attr(server!, 'http.route')).toBe('/m/v2/merchant/:tmk/orders/optimized');
    expect(attr(server!, 'http.response.status_code')).toBe(200);
    const inTrace = all.filter((s) => s.traceId === TRACE_ID);
    // No value of the request (the store's key, the query string) in any span of its trace.
    expect(JSON.stringify(inTrace)).not.toContain(tmk);
    expect(JSON.stringify(inTrace)).not.toContain('SUBMITTED');

    const queries = inTrace.filter((s) => attr(s, 'db.system.name') === 'postgresql');
    if (TEST_DB === 'pg') {
      expect(queries.length).toBeGreaterThan(0);
      for (const q of queries) {
        expect(q.parentSpanId).toBe(server?.spanId);
        expect(q.name).toMatch(/^[A-Z]+( [a-z_]+)?$/);
      }
      expect(queries.map((q) => q.name)).toContain('SELECT orders');
    } else {
      // The embedded PGlite is not a network hop: its queries are not spans.
      expect(queries).toEqual([]);
    }

    const job = all.find((s) => s.name === 'job bulk-batch');
    expect(job?.traceId).toBe(BULK_TRACE);
    const bulkRequest = all.find((s) => s.traceId === BULK_TRACE && s.kind === 2);
    expect(bulkRequest?.name).toBe('POST /m/v2/merchant/:tmk/orders/bulk/accept');
    expect(job?.parentSpanId).toBe(bulkRequest?.spanId);
  });

  it('without OTEL_EXPORTER_OTLP_ENDPOINT traces nothing', async () => {
    const before = bodies.length;
    const plain = await createTestApp();
    const owner = await buildMerchantWithOwner(plain);
    await plain.app.inject({
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/optimized`,
      headers: owner.headers,
    });
    await plain.close();
    expect(bodies.length).toBe(before);
  });
});
