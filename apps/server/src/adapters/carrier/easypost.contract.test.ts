/**
 * EasyPost contract (https://docs.easypost.com/docs/shipments): create a shipment, buy its rate, get the
 * PDF label. A local stand-in answers with bodies shaped like EasyPost's API reference (Shipment, Rate,
 * PostageLabel, and its error object {error: {code, message, errors}}); no network.
 */
import { LABEL_ERROR_MESSAGES, labelErrorMessage } from '@mc/domain';
import { describe, expect, it } from 'vitest';
import { RECIPIENT_ADDRESS, STORE_ADDRESS } from '../../test/label-addresses.ts';
import { type Answer, type RecordedRequest, useStandIn } from '../../test/stand-in.ts';
import type { LabelPurchaseRequest } from './carrier.ts';
import { easypostCarrier } from './easypost.ts';

const api = useStandIn();

const KEY = 'EZTK_test_key';
const request = (boxes: LabelPurchaseRequest['boxes'] = [{ weight: 2 }]): LabelPurchaseRequest => ({
  idempotencyKey: 'lbl-k1',
  reference: 'ORDER-1',
  account: { carrier: 'UPS', account_number: 'A1', label_size: '4x6', label_format: 'PDF' },
  from: STORE_ADDRESS,
  to: RECIPIENT_ADDRESS,
  boxes,
});

const address = (id: string) => ({
  id,
  object: 'Address',
  mode: 'test',
  street1: '2 Side St',
  city: 'Boston',
});
const shipment = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: 'Shipment',
  mode: 'test',
  reference: 'lbl-k1:1',
  status: 'unknown',
  to_address: address('adr_to'),
  from_address: address('adr_from'),
  parcel: { id: 'prcl_1', object: 'Parcel', weight: 32 },
  rates: [
    {
      id: 'rate_air',
      object: 'Rate',
      carrier: 'UPS',
      service: 'NextDayAir',
      rate: '41.20',
      currency: 'USD',
      shipment_id: id,
    },
    {
      id: 'rate_gnd',
      object: 'Rate',
      carrier: 'UPS',
      service: 'Ground',
      rate: '9.10',
      currency: 'USD',
      shipment_id: id,
    },
    {
      id: 'rate_usps',
      object: 'Rate',
      carrier: 'USPS',
      service: 'Priority',
      rate: '8.00',
      currency: 'USD',
      shipment_id: id,
    },
  ],
  postage_label: null,
  selected_rate: null,
  tracking_code: null,
  messages: [],
  ...extra,
});
const bought = (id: string, labelPdf: string | null) =>
  shipment(id, {
    tracking_code: '1Z999AA10123456784',
    selected_rate: { id: 'rate_gnd', carrier: 'UPS', service: 'Ground', rate: '9.10' },
    postage_label: {
      id: 'pl_1',
      object: 'PostageLabel',
      label_file_type: 'image/png',
      label_url: `${api.url}/files/label.png`,
      label_pdf_url: labelPdf,
    },
  });
const epError = (status: number, code: string, message: string, errors: unknown[] = []) => ({
  status,
  body: { error: { code, message, errors } },
});

/** A well-behaved EasyPost: no earlier shipment, create, buy (label without PDF), then /label gives the PDF. */
function happy(over: (r: RecordedRequest) => Answer | undefined = () => undefined): void {
  let n = 0;
  api.answer((r) => {
    const o = over(r);
    if (o) return o;
    if (r.method === 'GET' && r.path === '/v2/shipments')
      return { status: 200, body: { shipments: [], has_more: false } };
    if (r.method === 'POST' && r.path === '/v2/shipments')
      return { status: 201, body: shipment(`shp_${++n}`) };
    const buy = r.path.match(/^\/v2\/shipments\/(shp_\d+)\/buy$/);
    if (r.method === 'POST' && buy) return { status: 200, body: bought(buy[1]!, null) };
    const label = r.path.match(/^\/v2\/shipments\/(shp_\d+)\/label$/);
    if (r.method === 'GET' && label)
      return { status: 200, body: bought(label[1]!, `${api.url}/files/label.pdf`) };
    if (r.path === '/files/label.pdf')
      return {
        status: 200,
        body: Buffer.from('%PDF-1.4 label'),
        headers: { 'content-type': 'application/pdf' },
      };
    return epError(404, 'NOT_FOUND', 'The requested resource could not be found.');
  });
}

const adapter = (timeoutMs = 2_000) =>
  easypostCarrier({ apiKey: KEY, baseUrl: `${api.url}/v2`, timeoutMs, budgetMs: 3_000 });

/** Short time-outs, so a hung EasyPost answers NO_RESPONSE within a test's time. */
const hurried = () =>
  easypostCarrier({ apiKey: KEY, baseUrl: `${api.url}/v2`, timeoutMs: 200, budgetMs: 700 });

describe('EasyPost: the requests', () => {
  it('creates, buys the Ground rate and fetches the PDF label, with Basic auth, JSON and idempotency keys', async () => {
    happy();
    const result = await adapter().buyLabels(request([{ weight: 2 }, { weight: 3, insurance: 100 }]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.labels.map((l) => [l.tracking_code, l.service, l.box_index])).toEqual([
      ['1Z999AA10123456784', 'Ground', 1],
      ['1Z999AA10123456784', 'Ground', 2],
    ]);
    expect(result.labels[0]!.pdf.toString()).toBe('%PDF-1.4 label');

    const auth = `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`;
    const apiCalls = api.requests.filter((r) => r.path.startsWith('/v2/'));
    for (const r of apiCalls) expect(r.headers.authorization).toBe(auth);
    // The label document lives on EasyPost's file host: no credentials go there.
    for (const r of api.requests.filter((x) => x.path.startsWith('/files/')))
      expect(r.headers.authorization).toBeUndefined();

    const creates = api.requests.filter((r) => r.method === 'POST' && r.path === '/v2/shipments');
    expect(creates.map((r) => r.headers['idempotency-key'])).toEqual(['lbl-k1:1:create', 'lbl-k1:2:create']);
    expect(creates[0]!.headers['content-type']).toBe('application/json');
    expect(creates[0]!.json()).toEqual({
      shipment: {
        reference: 'lbl-k1:1',
        to_address: {
          name: 'Ada',
          street1: '2 Side St',
          city: 'Boston',
          state: 'MA',
          zip: '02110',
          country: 'US',
          phone: '6175550100',
        },
        from_address: {
          name: 'Store',
          street1: '1 Main St',
          city: 'New York',
          state: 'NY',
          zip: '10001',
          country: 'US',
          phone: '2125550100',
        },
        parcel: { weight: 32 },
        options: { label_format: 'PDF', label_size: '4x6', alcohol: true },
      },
    });
    const buys = api.requests.filter((r) => r.path.endsWith('/buy'));
    expect(buys.map((r) => r.headers['idempotency-key'])).toEqual(['lbl-k1:1:buy', 'lbl-k1:2:buy']);
    expect(buys[0]!.json()).toEqual({ rate: { id: 'rate_gnd' } });
    expect(buys[1]!.json()).toEqual({ rate: { id: 'rate_gnd' }, insurance: '100.00' });
    const labels = api.requests.filter((r) => r.path.endsWith('/label'));
    expect(labels.map((r) => `${r.method} ${r.query.get('file_format')}`)).toEqual(['GET PDF', 'GET PDF']);
  });

  it('a retried purchase finds the bought shipment by reference and does not buy again', async () => {
    happy((r) =>
      r.method === 'GET' && r.path === '/v2/shipments'
        ? {
            status: 200,
            body: { shipments: [bought('shp_9', `${api.url}/files/label.pdf`)], has_more: false },
          }
        : undefined,
    );
    const result = await adapter().buyLabels(request());
    expect(result.ok).toBe(true);
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(api.requests[0]!.query.get('reference')).toBe('lbl-k1:1');
  });
});

describe('EasyPost: voiding labels (the compensation of a purchase that was not recorded)', () => {
  const account = request().account;

  it('asks for a refund of each shipment: POST /shipments/:id/refund, Basic auth, a key per shipment', async () => {
    api.answer((r) => {
      const m = r.path.match(/^\/v2\/shipments\/(shp_\d+)\/refund$/);
      return m
        ? { status: 200, body: { ...bought(m[1]!, null), refund_status: 'submitted' } }
        : epError(404, 'NOT_FOUND', 'The requested resource could not be found.');
    });
    const result = await adapter().voidLabels({
      account,
      labels: [
        { ref: 'shp_1', tracking_code: '1Z1' },
        { ref: 'shp_2', tracking_code: '1Z2' },
      ],
    });
    expect(result).toEqual({ ok: true });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v2/shipments/shp_1/refund',
      'POST /v2/shipments/shp_2/refund',
    ]);
    const first = api.requests[0]!;
    expect(first.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
    expect(first.headers['idempotency-key']).toBe('shp_1:refund');
  });

  it('a refund EasyPost refuses (422) or rejects is a named refusal for that label', async () => {
    api.answer((r) =>
      r.path.endsWith('/shp_1/refund')
        ? epError(422, 'SHIPMENT.REFUND.UNAVAILABLE', 'Unable to refund this shipment')
        : { status: 200, body: { ...bought('shp_2', null), refund_status: 'rejected' } },
    );
    const result = await adapter().voidLabels({
      account,
      labels: [
        { ref: 'shp_1', tracking_code: '1Z1' },
        { ref: 'shp_2', tracking_code: '1Z2' },
      ],
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        { code: null, carrier: 'UPS', message: '1Z1: Unable to refund this shipment' },
        { code: null, carrier: 'UPS', message: '1Z2: refund rejected' },
      ],
    });
  });

  it('a purchase retried after its label was voided does not reuse the voided shipment', async () => {
    happy((r) =>
      r.method === 'GET' && r.path === '/v2/shipments'
        ? {
            status: 200,
            body: {
              shipments: [{ ...bought('shp_9', `${api.url}/files/label.pdf`), refund_status: 'submitted' }],
              has_more: false,
            },
          }
        : undefined,
    );
    const result = await adapter().buyLabels(request());
    expect(result).toMatchObject({ ok: true, labels: [{ ref: 'shp_1' }] });
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/v2/shipments',
      '/v2/shipments/shp_1/buy',
    ]);
  });
});

describe('EasyPost: each answer, mapped to the spec', () => {
  it('validation error (422) with a PO Box message → PO_BOX', async () => {
    happy((r) =>
      r.method === 'POST' && r.path === '/v2/shipments'
        ? epError(422, 'ADDRESS.VERIFY.FAILURE', 'Cannot ship to a P.O. Box with this service', [
            { field: 'to_address.street1', message: 'PO Box not allowed' },
          ])
        : undefined,
    );
    const result = await adapter().buyLabels(request());
    expect(result).toMatchObject({ ok: false, errors: [{ code: 'PO_BOX', carrier: 'UPS' }] });
    if (!result.ok) expect(labelErrorMessage(result.errors[0]!)).toBe(LABEL_ERROR_MESSAGES.PO_BOX);
  });

  it('auth error (401 APIKEY.INACTIVE) → UNAUTHORIZED, not retried', async () => {
    happy((r) =>
      r.method === 'POST' ? epError(401, 'APIKEY.INACTIVE', 'This api key is no longer active.') : undefined,
    );
    const result = await adapter().buyLabels(request());
    expect(result).toMatchObject({ ok: false, errors: [{ code: 'UNAUTHORIZED' }] });
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('rate limit (429 + Retry-After) on a keyed write → retried with the same key, then succeeds', async () => {
    let limited = false;
    happy((r) => {
      if (r.path.endsWith('/buy') && !limited) {
        limited = true;
        return { ...epError(429, 'RATE_LIMITED', 'Rate limit exceeded.'), headers: { 'retry-after': '0' } };
      }
      return undefined;
    });
    const result = await adapter().buyLabels(request());
    expect(result.ok).toBe(true);
    const buys = api.requests.filter((r) => r.path.endsWith('/buy'));
    expect(buys.map((r) => r.headers['idempotency-key'])).toEqual(['lbl-k1:1:buy', 'lbl-k1:1:buy']);
  });

  it('5xx every time → the carrier message after 3 attempts, no label', async () => {
    happy((r) =>
      r.path.endsWith('/buy') ? epError(500, 'INTERNAL_SERVER_ERROR', 'Something went wrong.') : undefined,
    );
    const result = await adapter().buyLabels(request());
    expect(result).toMatchObject({ ok: false, errors: [{ code: null, message: 'Something went wrong.' }] });
    expect(api.requests.filter((r) => r.path.endsWith('/buy'))).toHaveLength(3);
  });

  it('a hung EasyPost → NO_RESPONSE within one call budget (the lookup does not hide the time-out)', async () => {
    api.answer(() => 'hang');
    const started = Date.now();
    const result = await hurried().buyLabels(request());
    expect(result).toMatchObject({ ok: false, errors: [{ code: 'NO_RESPONSE' }] });
    expect(Date.now() - started).toBeLessThan(1_200);
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('time-out → NO_RESPONSE', async () => {
    happy((r) => (r.method === 'POST' && r.path === '/v2/shipments' ? 'hang' : undefined));
    const result = await hurried().buyLabels(request());
    expect(result).toMatchObject({ ok: false, errors: [{ code: 'NO_RESPONSE' }] });
    if (!result.ok) expect(labelErrorMessage(result.errors[0]!)).toBe(LABEL_ERROR_MESSAGES.NO_RESPONSE);
  });
});
