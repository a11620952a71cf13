import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { ApiError, createHttp } from './client.ts';
import { endpoints, OPERATION_IDS } from './endpoints.ts';
import type { OrderCounts } from './orders/list-schemas.ts';
import { labelsPath, orderCountsPath, pathOf, reportPath } from './paths.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function fakeFetch(answer: () => Response) {
  const sent: Sent[] = [];
  const f = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
    });
    return answer();
  }) as unknown as typeof fetch;
  return { sent, fetch: f };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('endpoint table', () => {
  it('has unique method + path pairs and camelCase operationIds', () => {
    const keys = OPERATION_IDS.map((id) => `${endpoints[id].method} ${endpoints[id].path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const id of OPERATION_IDS) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('every path parameter of a path is declared by its params schema', () => {
    for (const id of OPERATION_IDS) {
      const e = endpoints[id];
      const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const shape = 'params' in e ? Object.keys((e.params as { shape: object }).shape) : [];
      expect(shape.sort(), id).toEqual(names.sort());
    }
  });
});

describe('path builders', () => {
  it('fill and encode the segments of the table', () => {
    expect(orderCountsPath('a b')).toBe('/m/v2/merchant/a%20b/orders/count');
    expect(reportPath('t', 'O/1', 'receipt')).toBe('/m/v2/merchant/t/orders/O%2F1/reports/receipt');
    expect(labelsPath('t', 'o')).toBe('/m/v2/merchant/t/orders/o/labels');
    expect(pathOf('getOrder', { id: 'x' })).toBe('/m/v2/orders/x');
    expect(() => pathOf('getOrder', {} as { id: string })).toThrow(/id is missing/);
  });
});

describe('createApiClient', () => {
  it('calls by operationId with params, query and body, and answers with the typed body', async () => {
    const { sent, fetch } = fakeFetch(() => json({ active: 1, on_hold: 2, cancelled: 3, completed: 4 }));
    const api = createApiClient(createHttp({ fetch, getToken: () => 'tok' }));
    const counts = await api.call('getOrderCounts', { params: { tmk: 'demo' } });
    expectTypeOf(counts).toEqualTypeOf<OrderCounts>();
    expect(counts.on_hold).toBe(2);
    expect(sent[0]).toMatchObject({ url: '/m/v2/merchant/demo/orders/count', method: 'GET' });
    expect(sent[0]?.headers.authorization).toBe('Bearer tok');

    await api.listOrders({ params: { tmk: 'demo' }, query: { 'filter[tab]': 'active', limit: 30 } });
    expect(sent[1]?.url).toBe('/m/v2/merchant/demo/orders/optimized?filter%5Btab%5D=active&limit=30');

    await api.updateOrder({ params: { id: 'O1' }, body: { status: 'MERCHANT_ACCEPTED' } });
    expect(sent[2]).toMatchObject({ url: '/m/v2/orders/O1', method: 'PUT' });
    expect(JSON.parse(sent[2]?.body ?? '')).toEqual({ status: 'MERCHANT_ACCEPTED' });
  });

  it('sends extra headers and the basic credential', async () => {
    const { sent, fetch } = fakeFetch(() => json({ user: {} }, 201));
    const api = createApiClient(createHttp({ fetch }));
    await api.signUp({
      basic: 'abc',
      body: { first_name: 'A', last_name: 'B', email: 'a@b.test', password: 'password-123', store_name: 'S' },
    } as never);
    expect(sent[0]?.headers.authorization).toBe('Basic abc');
    await api.buyLabels({
      params: { tmk: 't', id: 'o' },
      body: [{ weight: 1 }],
      headers: { 'Idempotency-Key': 'k1' },
    });
    expect(sent[1]?.headers['Idempotency-Key']).toBe('k1');
  });

  it('answers a file endpoint with a Blob and a stream with the Response', async () => {
    const { fetch } = fakeFetch(
      () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    const api = createApiClient(createHttp({ fetch }));
    const pdf = await api.getOrderReport({ params: { tmk: 't', id: 'o', type: 'receipt' } });
    expectTypeOf(pdf).toEqualTypeOf<Blob>();
    expect(await pdf.text()).toBe('%PDF-1.7');
    const res = await api.raw('getOrderReport', { params: { tmk: 't', id: 'o', type: 'packingslip' } });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(api.url('streamOrderEvents', { params: { tmk: 't' }, query: { ticket: 'x y' } })).toBe(
      '/m/v2/merchant/t/orders/events?ticket=x+y',
    );
  });

  it('raises the transport ApiError with the server message', async () => {
    const { fetch } = fakeFetch(() => json({ message: 'Merchant not found' }, 404));
    const api = createApiClient(createHttp({ fetch }));
    const err = await api.getMerchant({ params: { tmk: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect((err as ApiError).message).toBe('Merchant not found');
  });
});
