import { LABEL_ERROR_MESSAGES, labelErrorMessage } from '@mc/domain';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../pdf/test-fixtures.ts';
import { RECIPIENT_ADDRESS, STORE_ADDRESS } from '../../test/label-addresses.ts';
import type { LabelPurchaseRequest } from './carrier.ts';
import { classifyCarrierMessage } from './easypost.ts';
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
    from: STORE_ADDRESS,
    to: { ...RECIPIENT_ADDRESS, ...overrides.to },
    boxes: [{ weight: 2 }, { weight: 3, insurance: 100 }],
  };
}

describe('sandbox carrier triggers, each mapped to the spec message', () => {
  it.each([
    ['PO Box', { to: { street_1: 'PO Box 12' } }, LABEL_ERROR_MESSAGES.PO_BOX],
    ['P.O. Box in line 2', { to: { street_2: 'P.O. Box 9' } }, LABEL_ERROR_MESSAGES.PO_BOX],
    ['no recipient phone', { to: { phone_number: '' } }, LABEL_ERROR_MESSAGES.MISSING_RECIPIENT_PHONE],
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

describe('EasyPost messages', () => {
  it('maps carrier messages to the spec codes', () => {
    expect(classifyCarrierMessage('Cannot ship to P.O. Box addresses')).toBe('PO_BOX');
    expect(classifyCarrierMessage('Missing or invalid ship to phone number')).toBe('MISSING_RECIPIENT_PHONE');
    expect(classifyCarrierMessage('The account is locked')).toBe('LOCKED_OUT');
    expect(classifyCarrierMessage('Bad', 401)).toBe('UNAUTHORIZED');
    expect(classifyCarrierMessage('Street address line 1 is invalid')).toBe('INVALID_STREET');
    expect(classifyCarrierMessage('Request timed out')).toBe('NO_RESPONSE');
    expect(classifyCarrierMessage('Weight exceeds the service limit')).toBeNull();
  });
});
