import { describe, expect, it } from 'vitest';
import { canAddBoxes } from './dialogs.ts';
import { NO_CARRIER_MESSAGE } from './label-errors.ts';
import { labelAvailability, maxLabelBoxes, normalizeLabelCarrier } from './shipping-labels.ts';

describe('labelAvailability', () => {
  it.each([
    [null, { canCreate: false, carrier: null, isGso: false, message: NO_CARRIER_MESSAGE }],
    [{ carrier: '' }, { canCreate: false, carrier: null, isGso: false, message: NO_CARRIER_MESSAGE }],
    [{ carrier: 'ups' }, { canCreate: true, carrier: 'UPS', isGso: false, message: null }],
    [{ carrier: 'FedEx' }, { canCreate: true, carrier: 'FedEx', isGso: false, message: null }],
    [{ carrier: 'gso' }, { canCreate: true, carrier: 'GSO', isGso: true, message: null }],
    [{ carrier: 'DHL' }, { canCreate: false, carrier: null, isGso: false, message: NO_CARRIER_MESSAGE }],
  ])('%j', (account, expected) => {
    expect(labelAvailability(account)).toEqual(expected);
  });

  it('normalises carrier names', () => {
    expect(normalizeLabelCarrier(' Fedex ')).toBe('FedEx');
    expect(normalizeLabelCarrier(undefined)).toBeNull();
  });
});

describe('maxLabelBoxes agrees with canAddBoxes', () => {
  it.each([0, 1, 2, 3, 7])('%i units', (qty) => {
    const max = maxLabelBoxes(qty);
    expect(canAddBoxes(qty, max)).toBe(false);
    if (max > 1) expect(canAddBoxes(qty, max - 1)).toBe(true);
    expect(max).toBe(qty >= 2 ? qty : 1);
  });
});
