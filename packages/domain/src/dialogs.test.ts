import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildRejectionMessage,
  CourierRequestSchema,
  canAddBoxes,
  carrierTrackingUrl,
  carrierWithLogo,
  courierRequestBody,
  DECLARED_VALUE_LIMIT_TEXT,
  DeliveredSchema,
  deliveredOnIso,
  isPriceChanged,
  labelPurchaseBoxes,
  OUT_OF_STOCK_TEXTS,
  OutOfStockSchema,
  PRICE_UNCHANGED_MESSAGE,
  parseRejectionMessage,
  partialRejectionItems,
  REJECT_PLACEHOLDER,
  RejectOrderSchema,
  rejectOrderBody,
  SendToPhoneSchema,
  ShippingBoxesSchema,
  ShippingBoxSchema,
  splitWeight,
  TRACKING_CARRIER_LABELS,
  TRACKING_CARRIERS,
  TrackingSchema,
  to24Hour,
  WrongPriceSchema,
  wrongPriceSchema,
} from './dialogs.ts';
import { fieldErrors } from './validation.ts';

const errs = (r: { success: boolean; error?: unknown }) =>
  r.success ? {} : fieldErrors(r.error as Parameters<typeof fieldErrors>[0]);

describe('reject dialog', () => {
  it('default reason is customer_cancelled', () => {
    expect(RejectOrderSchema.parse({})).toEqual({ reason: 'customer_cancelled' });
  });
  it("'other' requires text: 'Please insert a reason'", () => {
    expect(errs(RejectOrderSchema.safeParse({ reason: 'other', other_reason: '   ' }))).toEqual({
      other_reason: 'Please insert a reason',
    });
    expect(RejectOrderSchema.safeParse({ reason: 'other', other_reason: 'Broken bottle' }).success).toBe(
      true,
    );
    expect(REJECT_PLACEHOLDER).toBe('Please describe the issue...');
  });
  it('body', () => {
    expect(rejectOrderBody({ reason: 'store_closed' })).toEqual({
      status: 'MERCHANT_REJECTED',
      reason: 'store_closed',
      status_comment: 'Store closed',
    });
    expect(rejectOrderBody({ reason: 'other', other_reason: 'Flood' }).status_comment).toBe('Flood');
  });
});

describe('item dialogs', () => {
  it('wrong price', () => {
    expect(WrongPriceSchema.parse({ item_id: 'i1', price: '12.50' })).toEqual({ item_id: 'i1', price: 12.5 });
    expect(errs(WrongPriceSchema.safeParse({ item_id: 'i1', price: '' }))).toEqual({
      price: 'Please enter the new price',
    });
    expect(errs(WrongPriceSchema.safeParse({ item_id: 'i1', price: 'abc' }))).toEqual({
      price: 'Only numbers are accepted.',
    });
    expect(errs(WrongPriceSchema.safeParse({ item_id: 'i1', price: '0' }))).toEqual({
      price: 'Please enter a valid price',
    });
  });
  it('out of stock texts and default', () => {
    expect(OUT_OF_STOCK_TEXTS.available_4d).toBe('Item can be obtained and shipped within 4 days.');
    expect(OUT_OF_STOCK_TEXTS.available_48h).toContain('48 hrs');
    expect(OutOfStockSchema.parse({ item_id: 'i1' }).choice).toBe('available_48h');
  });
  it('rejection_message round trip', () => {
    const msg = buildRejectionMessage({
      outOfStock: [{ item_id: 'a', choice: 'unavailable' }],
      wrongPrice: [{ item_id: 'b', price: 9.5 }],
    });
    expect(msg).toEqual({
      outOfStock: { a: { checked: true, message: OUT_OF_STOCK_TEXTS.unavailable, value: 'unavailable' } },
      wrongPrice: { b: { checked: true, price: 9.5 } },
    });
    expect(parseRejectionMessage(JSON.stringify(msg))).toEqual(msg);
    expect(parseRejectionMessage(undefined)).toEqual({});
    expect(parseRejectionMessage('not json')).toEqual({});
    expect(parseRejectionMessage('')).toEqual({});
  });
  it('partial rejection items', () => {
    expect(
      partialRejectionItems([
        { offering_id: 'o1', reason: 'outOfStock' },
        { offering_id: 'o1', reason: 'wrongPrice' },
        { offering_id: 'o2', reason: 'wrongPrice' },
      ]),
    ).toEqual([
      { offering_id: 'o1', statuslist: ['OUT_OF_STOCK', 'WRONG_PRICE'] },
      { offering_id: 'o2', statuslist: ['WRONG_PRICE'] },
    ]);
  });
});

describe('tracking', () => {
  it('offers FedEx, UPS, GSO and OTHER, spelled as the carriers list writes them', () => {
    expect(TRACKING_CARRIERS.map((c) => TRACKING_CARRIER_LABELS[c])).toEqual([
      'FedEx',
      'UPS',
      'GSO',
      'OTHER',
    ]);
  });

  it('shows the FedEx and UPS logos, in any spelling, and writes other carriers out', () => {
    expect(carrierWithLogo('fedex')).toBe('FedEx');
    expect(carrierWithLogo('FedEx')).toBe('FedEx');
    expect(carrierWithLogo('UPS')).toBe('UPS');
    expect(carrierWithLogo('ups')).toBe('UPS');
    expect(carrierWithLogo('GSO')).toBeNull();
    expect(carrierWithLogo('OTHER')).toBeNull();
    expect(carrierWithLogo(null)).toBeNull();
    expect(carrierWithLogo(undefined)).toBeNull();
  });
  const FILL = '* Please fill in all the fields';
  it('carrier route strips spaces', () => {
    expect(TrackingSchema.parse({ tracking_provider: 'UPS', tracking_id: ' 1Z 999 AA1 ' })).toEqual({
      tracking_provider: 'UPS',
      tracking_id: '1Z999AA1',
    });
  });
  it.each([
    [{ tracking_provider: '', tracking_id: '123' }, { tracking_provider: FILL }],
    [{ tracking_provider: 'FedEx', tracking_id: '   ' }, { tracking_id: FILL }],
    [{ tracking_provider: 'FedEx' }, { tracking_id: FILL }],
    [
      { tracking_provider: 'GSO', tracking_id: '1'.repeat(31) },
      { tracking_id: 'The tracking number must have at most 30 characters' },
    ],
    [
      { tracking_provider: 'OTHER', tracking_id: '' },
      { tracking_id: FILL, other_tracking_provider: FILL, tracking_url: FILL },
    ],
    [
      { tracking_provider: 'OTHER', tracking_id: 'X1', other_tracking_provider: 'DHL' },
      { tracking_url: FILL },
    ],
  ])('%j → %j', (input, expected) => expect(errs(TrackingSchema.safeParse(input))).toEqual(expected));
  it('30 characters pass; OTHER complete passes', () => {
    expect(TrackingSchema.safeParse({ tracking_provider: 'GSO', tracking_id: '1'.repeat(30) }).success).toBe(
      true,
    );
    expect(
      TrackingSchema.safeParse({
        tracking_provider: 'OTHER',
        tracking_id: 'X1',
        other_tracking_provider: 'DHL',
        tracking_url: 'https://dhl.example/X1',
      }).success,
    ).toBe(true);
  });
  it('carrier urls', () => {
    expect(carrierTrackingUrl('UPS', '1Z 9')).toBe('https://www.ups.com/track?tracknum=1Z9');
    expect(carrierTrackingUrl('FedEx', '12')).toBe('https://www.fedex.com/fedextrack/?trknbr=12');
    expect(carrierTrackingUrl('OTHER', '12')).toBeNull();
  });
});

describe('delivered dialog', () => {
  it.each([
    ['12:00', 'AM', '00:00'],
    ['12:30', 'AM', '00:30'],
    ['1:05', 'AM', '01:05'],
    ['11:59', 'AM', '11:59'],
    ['12:00', 'PM', '12:00'],
    ['1:00', 'PM', '13:00'],
    ['11:45', 'PM', '23:45'],
  ])('to24Hour(%s %s) = %s', (t, ap, out) => expect(to24Hour(t, ap)).toBe(out));
  it('required fields', () => {
    const F = 'Please fill in required fields';
    expect(errs(DeliveredSchema.safeParse({ date: '', time: '' }))).toEqual({ date: F, time: F, ampm: F });
    expect(errs(DeliveredSchema.safeParse({ date: '02/30/2025', time: '13:00', ampm: 'PM' }))).toEqual({
      date: 'Please enter a valid date',
      time: 'Please enter a valid time',
    });
    expect(
      DeliveredSchema.safeParse({ date: '06/12/2025', time: '3:15', ampm: 'PM', signed_by: 'Bob' }).success,
    ).toBe(true);
  });
  it('delivered_on in the merchant timezone', () => {
    expect(deliveredOnIso({ date: '06/12/2025', time: '3:15', ampm: 'PM' }, 'America/New_York')).toBe(
      '2025-06-12T19:15:00.000Z',
    );
  });
});

describe('courier request', () => {
  it('packages', () => {
    expect(errs(CourierRequestSchema.safeParse({ number_of_package: '' }))).toEqual({
      number_of_package: 'Please fill in required fields',
    });
    for (const bad of ['0', '-1', '1.5', 'x'])
      expect(errs(CourierRequestSchema.safeParse({ number_of_package: bad }))).toEqual({
        number_of_package: 'The number of packages must be greater than 0',
      });
    const ok = CourierRequestSchema.parse({ number_of_package: '2', pickup_instructions: 'Back door' });
    expect(courierRequestBody(ok)).toEqual({
      courier_info: {
        dispatch_type: 'immediate',
        number_of_package: 2,
        pickup_instructions: 'Back door',
        save_instructions: false,
      },
    });
  });
});

describe('shipping boxes', () => {
  it.each([
    [{ weight: '' }, { weight: 'Please enter the weight.' }],
    [{}, { weight: 'Please enter the weight.' }],
    [{ weight: 'abc' }, { weight: 'Only numbers are accepted.' }],
    [{ weight: '0' }, { weight: 'Min value is 0.01' }],
    [{ weight: '1000000' }, { weight: 'Max value is 999999.' }],
    [{ weight: '2', insurance: 'x' }, { insurance: 'Only numbers are accepted.' }],
    [{ weight: '2', insurance: '-1' }, { insurance: 'Min value is 0.' }],
    [{ weight: '2', insurance: '5000' }, { insurance: 'Max value is 4,999.99' }],
  ])('%j → %j', (input, expected) => expect(errs(ShippingBoxSchema.safeParse(input))).toEqual(expected));
  it('valid boxes', () => {
    expect(ShippingBoxSchema.parse({ weight: '0.01', insurance: '' })).toEqual({ weight: 0.01 });
    expect(ShippingBoxSchema.parse({ weight: 999999, insurance: '4999.99' })).toEqual({
      weight: 999999,
      insurance: 4999.99,
    });
    expect(ShippingBoxesSchema.safeParse([]).success).toBe(false);
    expect(
      labelPurchaseBoxes([
        { weight: 2, insurance: 0 },
        { weight: 3, insurance: 100 },
      ]),
    ).toEqual([{ weight: 2 }, { weight: 3, insurance: 100 }]);
    expect(DECLARED_VALUE_LIMIT_TEXT).toBe('limit $5,000.00');
  });
  it('additional boxes need 2+ items', () => {
    expect(canAddBoxes(1)).toBe(false);
    expect(canAddBoxes(2)).toBe(true);
    expect(canAddBoxes(2, 2)).toBe(false);
  });
  it('splitWeight', () => {
    expect(splitWeight(10, 3)).toEqual([3.34, 3.33, 3.33]);
    expect(splitWeight(5, 2)).toEqual([2.5, 2.5]);
    expect(splitWeight(4.2, 1)).toEqual([4.2]);
  });
  it('property: splitWeight sums to the weight and parts differ by at most 0.01', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        (hundredths, n) => {
          const parts = splitWeight(hundredths / 100, n);
          const sum = parts.reduce((s, p) => s + Math.round(p * 100), 0);
          const max = Math.max(...parts);
          const min = Math.min(...parts);
          return parts.length === n && sum === hundredths && Math.round((max - min) * 100) <= 1;
        },
      ),
    );
  });
});

describe('send to phone', () => {
  it('valid numbers become E.164 with +1 default', () => {
    expect(SendToPhoneSchema.parse({ number: '(212) 555-0123' })).toEqual({ number: '+12125550123' });
    expect(SendToPhoneSchema.parse({ number: '+44 20 7946 0958' })).toEqual({ number: '+442079460958' });
  });
  it.each(['', '123', '(123) 456-7890'])("'%s' → 'Please enter a valid phone number'", (n) =>
    expect(errs(SendToPhoneSchema.safeParse({ number: n }))).toEqual({
      number: 'Please enter a valid phone number',
    }),
  );
});

describe('wrong price must differ from the current price', () => {
  it('compares in whole cents', () => {
    expect(isPriceChanged(42.5, 42.5)).toBe(false);
    expect(isPriceChanged(42.5, 42.50000001)).toBe(false);
    expect(isPriceChanged(42.49, 42.5)).toBe(true);
  });
  it("the dialog's schema refuses the listed price on the price field", () => {
    const r = wrongPriceSchema(39.99).safeParse({ item_id: 'i1', price: '39.99' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['price'], message: PRICE_UNCHANGED_MESSAGE });
    expect(wrongPriceSchema(39.99).safeParse({ item_id: 'i1', price: '35' }).success).toBe(true);
  });
});
