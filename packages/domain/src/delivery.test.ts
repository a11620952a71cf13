import { describe, expect, it } from 'vitest';
import { formatAddressLine } from './address.ts';
import {
  addressActions,
  DEPOSIT_NOTE,
  deliveryMethodDetail,
  directionsDeliveryText,
  directionsSmsMessage,
  directionsWindowText,
  fulfilmentFlow,
  isCourierOrder,
  isDeliverMethod,
  mapsDirectionsUrl,
  onDemandDeliverByText,
  PREORDER_NOTE,
  resolveDeliveryWindow,
  scheduledDateText,
  showCourierDetails,
  staticMapUrl,
} from './delivery.ts';
import { DELIVERY_METHODS, deliveryMethodFilterOptions, deliveryMethodLabel } from './delivery-methods.ts';

const NY = 'America/New_York';

describe('labels', () => {
  it.each([
    ['on_demand', null, 'Same Day'],
    ['scheduled', null, 'Scheduled'],
    ['scheduled', 'est_1', 'Scheduled (courier)'],
    ['preorder', null, 'Pre-sale'],
    ['deposit', null, 'Pre-sale'],
    ['courier', null, 'Courier'],
    ['shipping', null, 'Shipping'],
    ['anything', null, 'Shipping'],
    [null, null, 'Shipping'],
  ])('%s (%s) → %s', (method, est, label) =>
    expect(deliveryMethodLabel({ method, courier_estimate_id: est })).toBe(label),
  );
  it('filter options', () => {
    // Every method is offered, 'Pre-sale' once for preorder and deposit.
    const all = deliveryMethodFilterOptions();
    expect(all).toHaveLength(DELIVERY_METHODS.length - 1);
    expect(all.flatMap((o) => o.value.split(',')).sort()).toEqual([...DELIVERY_METHODS].sort());
    expect(all.filter((o) => o.label === 'Pre-sale')).toEqual([
      { value: 'preorder,deposit', label: 'Pre-sale' },
    ]);
    expect(new Set(all.map((o) => o.label)).size).toBe(all.length);
    expect(deliveryMethodFilterOptions(['on_demand', 'on_demand', 'shipping'])).toEqual([
      { value: 'on_demand', label: 'Same Day' },
      { value: 'shipping', label: 'Shipping' },
    ]);
  });
});

describe('flows', () => {
  it.each([
    ['on_demand', null, true, false, 'deliver_order'],
    ['scheduled', null, true, false, 'deliver_order'],
    ['scheduled', 'e1', true, true, 'request_pickup'],
    ['courier', null, false, true, 'request_pickup'],
    ['shipping', null, false, false, 'ship'],
    ['preorder', null, false, false, 'ship'],
  ])('%s est=%s', (method, est, deliver, courier, flow) => {
    const order = { delivery: { method }, courier_estimate_id: est };
    expect(isDeliverMethod(method)).toBe(deliver);
    expect(isCourierOrder(order)).toBe(courier);
    expect(fulfilmentFlow(order)).toBe(flow);
  });
  it('address actions', () => {
    expect(addressActions({ delivery: { method: 'on_demand' } })).toEqual({
      printDirections: false,
      openInMaps: true,
      sendToPhone: true,
      mapDirections: true,
    });
    expect(addressActions({ delivery: { method: 'shipping' } }).printDirections).toBe(true);
    expect(addressActions({ delivery: { method: 'courier' } })).toEqual({
      printDirections: false,
      openInMaps: false,
      sendToPhone: false,
      mapDirections: true,
    });
    const none = { printDirections: false, openInMaps: false, sendToPhone: false, mapDirections: false };
    for (const status of ['CANCELLED', 'PAYMENT_DECLINED', 'MERCHANT_REJECTED', 'REFUNDED', 'DISPUTED'])
      for (const method of ['on_demand', 'shipping'])
        expect(addressActions({ status, delivery: { method } }), `${status} ${method}`).toEqual(none);
    expect(
      addressActions({ status: 'MERCHANT_ACCEPTED', delivery: { method: 'shipping' } }).printDirections,
    ).toBe(true);
  });
  it('courier details panel', () => {
    expect(showCourierDetails('MERCHANT_SHIPPED', { order_status: 'PICKED_UP' })).toBe(true);
    expect(
      showCourierDetails('MERCHANT_ACCEPTED', { order_status: 'REQUESTED', number_of_packages: 2 }),
    ).toBe(true);
    expect(
      showCourierDetails('MERCHANT_ACCEPTED', { order_status: 'ORDER_FAILED', number_of_packages: 2 }),
    ).toBe(false);
    expect(showCourierDetails('MERCHANT_ACCEPTED', { order_status: 'REQUESTED' })).toBe(false);
    expect(showCourierDetails('MERCHANT_SHIPPED', null)).toBe(false);
  });
});

describe('texts', () => {
  it('on_demand deliver-by', () => {
    expect(onDemandDeliverByText('2025-06-12T16:00:00Z', NY)).toBe(', please deliver by 2:00 PM');
    expect(onDemandDeliverByText('2025-06-13T03:30:00Z', NY)).toBe(', please deliver by 06/13/2025 1:30 AM');
  });
  it('notes verbatim', () => {
    expect(PREORDER_NOTE.startsWith('Paid in full.')).toBe(true);
    expect(
      DEPOSIT_NOTE.startsWith('After order is accepted, customer will be charged balance before delivery.'),
    ).toBe(true);
  });
  it('scheduled date row', () => {
    const delivery = { method: 'scheduled', window: ['2025-06-12T18:00:00Z', '2025-06-12T20:00:00Z'] };
    expect(scheduledDateText(delivery, NY)).toBe('06/12/2025 between 2:00 PM and 4:00 PM');
    const local = { method: 'scheduled', date: '2025-06-12', window: ['14:00', '16:30'] };
    expect(resolveDeliveryWindow(local, NY)?.map((d) => d.toISOString())).toEqual([
      '2025-06-12T18:00:00.000Z',
      '2025-06-12T20:30:00.000Z',
    ]);
    expect(scheduledDateText({ date: '2025-06-12' }, NY)).toBe('06/12/2025');
  });
  it('detail rows', () => {
    expect(
      deliveryMethodDetail({ delivery: { method: 'on_demand' }, date_submitted: '2025-06-12T16:00:00Z' }, NY),
    ).toEqual({ label: 'Same Day', suffix: ', please deliver by 2:00 PM', date: null, note: null });
    expect(deliveryMethodDetail({ delivery: { method: 'deposit' } }, NY).note).toBe(DEPOSIT_NOTE);
  });
  it('directions sheet', () => {
    expect(directionsWindowText(['2025-06-12T18:00:00Z', '2025-06-12T20:00:00Z'], NY)).toBe(
      'Jun 12, 2 PM-4 PM',
    );
    expect(directionsWindowText(['2025-06-05T18:30:00Z', '2025-06-05T20:00:00Z'], NY)).toBe(
      'Jun 05, 2:30 PM-4 PM',
    );
    expect(directionsDeliveryText({ delivery: { method: 'on_demand' } }, NY)).toBe('ASAP');
    expect(
      directionsDeliveryText(
        { delivery: { method: 'scheduled', window: ['2025-06-12T18:00:00Z', '2025-06-12T20:00:00Z'] } },
        NY,
      ),
    ).toBe('Jun 12, 2 PM-4 PM');
  });
  it('address, maps and sms', () => {
    const a = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street_1: '1 Main St',
      street_2: 'Apt 2',
      city: 'Springfield',
      state: 'IL',
      zipcode: '62701',
      phone_number: '(217) 555-0100',
    };
    expect(formatAddressLine(a)).toBe('1 Main St, Apt 2, Springfield, IL 62701');
    expect(mapsDirectionsUrl(a)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20Main%20St%2C%20Apt%202%2C%20Springfield%2C%20IL%2062701',
    );
    expect(staticMapUrl(a, 'k')).toContain('size=640x480');
    expect(staticMapUrl(a)).toContain('zoom=16');
    const sms = directionsSmsMessage(a);
    expect(sms).toContain('Ada Lovelace');
    expect(sms).toContain('(217) 555-0100');
    expect(sms).toContain('https://www.google.com/maps/dir/');
  });
});
