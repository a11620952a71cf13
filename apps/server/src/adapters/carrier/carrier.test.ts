import { LABEL_ERROR_MESSAGES, labelErrorMessage } from '@mc/domain';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../documents/test-fixtures.ts';
import type { LabelPurchaseRequest } from './carrier.ts';
import { defaultCarrier } from './carrier.ts';
import { classifyCarrierMessage, easypostCarrier } from './easypost.ts';
import { sandboxCarrier, sandboxFailure } from './sandbox.ts';

function request(
  overrides: {
    to?: Partial<LabelPurchaseRequest['to']>;
    account?: string;
    carrier?: 'UPS' | 'FedEx' | 'GSO';
  } = {},
): LabelPurchaseRequest {
  return {
    idempotencyKey: 'k1',
    reference: 'ORDER-1',
    account: {
      carrier: overrides.carrier ?? 'UPS',
      account_number: overrides.account ?? 'ACC-1',
      label_size: '4x6',
      label_format: 'PDF',
    },
    from: {
      name: 'Store',
      street_1: '1 Main St',
      city: 'New York',
      state: 'NY',
      zipcode: '10001',
      phone: '2125550100',
    },
    to: {
      name: 'Ada',
      street_1: '2 Side St',
      city: 'Boston',
      state: 'MA',
      zipcode: '02110',
      phone: '6175550100',
      ...overrides.to,
    },
    boxes: [{ weight: 2 }, { weight: 3, insurance: 100 }],
  };
}

describe('sandbox carrier triggers, each mapped to the spec message', () => {
  it.each([
    ['PO Box', { to: { street_1: 'PO Box 12' } }, LABEL_ERROR_MESSAGES.PO_BOX],
    ['P.O. Box in line 2', { to: { street_2: 'P.O. Box 9' } }, LABEL_ERROR_MESSAGES.PO_BOX],
    ['no recipient phone', { to: { phone: '' } }, LABEL_ERROR_MESSAGES.MISSING_RECIPIENT_PHONE],
    ['invalid street', { to: { street_1: '1 INVALID Rd' } }, LABEL_ERROR_MESSAGES.INVALID_STREET],
    ['unauthorized account', { account: 'X-UNAUTHORIZED' }, LABEL_ERROR_MESSAGES.UNAUTHORIZED],
    ['locked-out user', { account: 'LOCKED-9' }, LABEL_ERROR_MESSAGES.LOCKED_OUT],
    ['no response', { to: { zipcode: '00000' } }, LABEL_ERROR_MESSAGES.NO_RESPONSE],
    [
      'not responding to the purchase',
      { to: { zipcode: '00001' } },
      LABEL_ERROR_MESSAGES.NOT_RESPONDING_PURCHASE,
    ],
    ['general failure', { to: { street_1: 'CARRIER-FAIL' } }, LABEL_ERROR_MESSAGES.GENERAL],
    [
      'a carrier message',
      { to: { street_1: 'UNVERIFIED 1' }, carrier: 'FedEx' as const },
      'FedEx: The destination address could not be verified',
    ],
  ])('%s', (_name, overrides, message) => {
    const failure = sandboxFailure(request(overrides));
    expect(failure).not.toBeNull();
    expect(labelErrorMessage(failure!)).toBe(message);
  });

  it('does not take "Box Hill Rd" for a PO Box', () => {
    expect(sandboxFailure(request({ to: { street_1: '4 Box Hill Rd' } }))).toBeNull();
  });
});

describe('sandboxCarrier', () => {
  it.each(['UPS', 'FedEx', 'GSO'] as const)(
    'sells 4×6 %s labels, the same for the same key',
    async (carrier) => {
      const adapter = sandboxCarrier({ latencyMs: 0 });
      const a = await adapter.buyLabels(request({ carrier }));
      const b = await adapter.buyLabels(request({ carrier }));
      if (!a.ok || !b.ok) throw new Error('expected labels');
      expect(a.labels.map((l) => l.tracking_code)).toEqual(b.labels.map((l) => l.tracking_code));
      expect(a.labels).toHaveLength(2);
      expect(a.labels[1]?.insurance).toBe(100);
      const pdf = await readPdf(a.labels[0]!.pdf, { sizes: true });
      expect(pdf.sizes[0]).toEqual({ width: 288, height: 432 });
      expect(pdf.text).toContain(carrier);
      expect(pdf.text).toContain('BOX 1 OF 2');
    },
  );
});

describe('EasyPost skeleton', () => {
  it('is used only when EASYPOST_API_KEY is set', () => {
    expect(defaultCarrier({}).kind).toBe('sandbox');
    expect(defaultCarrier({ EASYPOST_API_KEY: 'EZTK123' }).kind).toBe('easypost');
  });

  it('maps carrier messages to the spec codes', () => {
    expect(classifyCarrierMessage('Cannot ship to P.O. Box addresses')).toBe('PO_BOX');
    expect(classifyCarrierMessage('Missing or invalid ship to phone number')).toBe('MISSING_RECIPIENT_PHONE');
    expect(classifyCarrierMessage('The account is locked')).toBe('LOCKED_OUT');
    expect(classifyCarrierMessage('Bad', 401)).toBe('UNAUTHORIZED');
    expect(classifyCarrierMessage('Street address line 1 is invalid')).toBe('INVALID_STREET');
    expect(classifyCarrierMessage('Request timed out')).toBe('NO_RESPONSE');
    expect(classifyCarrierMessage('Weight exceeds the service limit')).toBeNull();
  });

  it('creates, buys and downloads one shipment per box, with idempotency keys', async () => {
    const seen: { url: string; key: string | null; body: string | undefined }[] = [];
    const fake = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      const headers = new Headers(init?.headers);
      seen.push({ url, key: headers.get('idempotency-key'), body: init?.body as string | undefined });
      const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status });
      if (url.includes('/shipments?reference=')) return json({ shipments: [] });
      if (url.endsWith('/shipments'))
        return json({
          id: `shp_${seen.length}`,
          rates: [{ id: 'rate_1', carrier: 'UPS', service: 'Ground', rate: '9.10' }],
        });
      if (url.endsWith('/buy'))
        return json({
          id: 'shp',
          tracking_code: `1ZTEST${seen.length}`,
          postage_label: { label_pdf_url: 'https://files.example/label.pdf' },
          selected_rate: { service: 'Ground' },
        });
      if (url === 'https://files.example/label.pdf') return new Response(Buffer.from('%PDF-1.4 fake'));
      return json({ error: { message: 'unexpected' } }, 500);
    }) as typeof fetch;
    const adapter = easypostCarrier({ apiKey: 'EZTK', fetch: fake, baseUrl: 'https://api.example/v2' });
    const result = await adapter.buyLabels(request());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.labels).toHaveLength(2);
    expect(result.labels[0]?.pdf.toString()).toContain('%PDF');
    expect(seen.filter((s) => s.url.endsWith('/buy')).map((s) => s.key)).toEqual(['k1:1:buy', 'k1:2:buy']);
    expect(seen.find((s) => s.url.endsWith('/buy') && s.body?.includes('"insurance":"100.00"'))).toBeTruthy();
  });

  it('answers a refused purchase with the mapped code', async () => {
    const fake = (async (input: string | URL | Request) =>
      String(input).includes('reference=')
        ? new Response(JSON.stringify({ shipments: [] }))
        : new Response(JSON.stringify({ error: { message: 'Cannot ship to a PO Box' } }), {
            status: 422,
          })) as typeof fetch;
    const result = await easypostCarrier({ apiKey: 'k', fetch: fake }).buyLabels(request());
    expect(result).toMatchObject({ ok: false, errors: [{ code: 'PO_BOX', carrier: 'UPS' }] });
  });
});
