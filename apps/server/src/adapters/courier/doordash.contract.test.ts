/**
 * DoorDash Drive v2 contract (https://developer.doordash.com/en-US/api/drive): quotes, deliveries, status,
 * cancel. A local stand-in answers with the API reference's Delivery object and error bodies
 * ({code, message, field_errors}); the tests check the JWT (DD-JWT-V1, HS256), paths, JSON bodies and the
 * mapping. No network.
 */
import { DomainError } from '@mc/domain';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { useStandIn } from '../../test/stand-in.ts';
import { COURIER_UNAVAILABLE, type CourierPickupRequest } from './courier.ts';
import { doordashCourier, doordashOrderStatus } from './doordash.ts';

const CREDS = {
  developerId: 'd1e5c8a0-0000-4000-8000-000000000001',
  keyId: 'k1e5c8a0-0000-4000-8000-000000000002',
  signingSecret: Buffer.from('a-32-byte-signing-secret-for-dd!').toString('base64url'),
};
const api = useStandIn();

const adapter = (timeoutMs = 2_000) =>
  doordashCourier({ ...CREDS, apiBase: api.url, timeoutMs, budgetMs: 3_000 });
const req: CourierPickupRequest = {
  orderId: '7d1c1f3e-0000-4000-8000-00000000abcd',
  idempotencyKey: 'courier-7d1c1f3e-0000-4000-8000-00000000abcd',
  pickup: {
    name: 'Rose & Co',
    street_1: '901 Market Street',
    city: 'San Francisco',
    state: 'CA',
    zipcode: '94103',
    phone_number: '(415) 555-0100',
  },
  dropoff: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    street_1: '101 Howard Street',
    street_2: 'Apt 301',
    city: 'San Francisco',
    state: 'CA',
    zipcode: '94105',
    phone_number: '415-555-0199',
  },
  numberOfPackages: 2,
  pickupInstructions: 'Back door',
  dispatchType: 'immediate',
};
const delivery = (status: string, extra: Record<string, unknown> = {}) => ({
  external_delivery_id: req.idempotencyKey,
  currency: 'USD',
  delivery_status: status,
  fee: 975,
  pickup_address: '901 Market Street, San Francisco, CA 94103',
  pickup_phone_number: '+14155550100',
  dropoff_address: '101 Howard Street, Apt 301, San Francisco, CA 94105',
  dropoff_phone_number: '+14155550199',
  pickup_time_estimated: '2026-11-23T23:15:00Z',
  dropoff_time_estimated: '2026-11-23T23:55:00Z',
  support_reference: '1343593',
  tracking_url: 'https://doordash.com/drive/portal/track/71e85c4f-3fd8-4ea2-9e2a-0a6f4a5d1b4e',
  ...extra,
});
const ddError = (status: number, code: string, message: string, field_errors?: unknown[]) => ({
  status,
  body: { code, message, ...(field_errors ? { field_errors } : {}) },
});

async function expectDoorDashJwt(authorization: string | undefined) {
  expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  const token = authorization!.slice('Bearer '.length);
  expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT', 'dd-ver': 'DD-JWT-V1' });
  const { payload } = await jwtVerify(token, Buffer.from(CREDS.signingSecret, 'base64url'), {
    audience: 'doordash',
    issuer: CREDS.developerId,
  });
  expect(payload.kid).toBe(CREDS.keyId);
  expect(payload.exp! - payload.iat!).toBe(300);
}

describe('DoorDash Drive: the requests', () => {
  it('create delivery: POST /drive/v2/deliveries, JWT, JSON with the external_delivery_id → courier info', async () => {
    api.answer(() => ({ status: 200, body: delivery('created') }));
    const now = new Date('2026-11-23T23:00:00Z');
    const result = await adapter().requestPickup(req, now);
    expect(result).toEqual({
      ok: true,
      info: {
        provider: 'DoorDash',
        delivery_id: req.idempotencyKey,
        tracking_url: 'https://doordash.com/drive/portal/track/71e85c4f-3fd8-4ea2-9e2a-0a6f4a5d1b4e',
        number_of_packages: 2,
        requested_pickup_time: '2026-11-23T23:00:00.000Z',
        estimated_pickup_time: '2026-11-23T23:15:00Z',
        estimated_delivery_time: '2026-11-23T23:55:00Z',
        order_status: 'PICKUP_REQUESTED',
        courier_name: '',
        courier_phone: '',
        pickup_instructions: 'Back door',
      },
    });
    const r = api.requests[0]!;
    expect(`${r.method} ${r.path}`).toBe('POST /drive/v2/deliveries');
    expect(r.headers['content-type']).toBe('application/json');
    await expectDoorDashJwt(r.headers.authorization);
    expect(r.json()).toEqual({
      external_delivery_id: req.idempotencyKey,
      pickup_address: '901 Market Street, San Francisco, CA 94103',
      pickup_business_name: 'Rose & Co',
      pickup_phone_number: '+14155550100',
      pickup_instructions: 'Back door',
      pickup_reference_tag: 'Order 7d1c1f3e',
      dropoff_address: '101 Howard Street, Apt 301, San Francisco, CA 94105',
      dropoff_phone_number: '+14155550199',
      dropoff_contact_given_name: 'Ada',
      dropoff_contact_family_name: 'Lovelace',
      items: [{ name: 'Package', quantity: 2 }],
    });
  });

  it('quote: POST /drive/v2/quotes → fee and estimates', async () => {
    api.answer(() => ({ status: 200, body: delivery('quote', { expires_at: '2026-11-23T23:05:00Z' }) }));
    expect(await adapter().quote(req)).toEqual({
      ok: true,
      quote: {
        fee_cents: 975,
        currency: 'USD',
        estimated_pickup_time: '2026-11-23T23:15:00Z',
        estimated_delivery_time: '2026-11-23T23:55:00Z',
      },
    });
    expect(`${api.requests[0]!.method} ${api.requests[0]!.path}`).toBe('POST /drive/v2/quotes');
  });

  it('status: GET /drive/v2/deliveries/:id → mapped status, courier and tracking URL', async () => {
    api.answer(() => ({
      status: 200,
      body: delivery('enroute_to_dropoff', {
        dasher_name: 'Sam',
        dasher_dropoff_phone_number: '+14155550111',
      }),
    }));
    expect(await adapter().status(req.idempotencyKey)).toMatchObject({
      order_status: 'PICKED_UP',
      courier_name: 'Sam',
      courier_phone: '+14155550111',
      tracking_url: expect.stringContaining('/track/'),
    });
    const r = api.requests[0]!;
    expect(`${r.method} ${r.path}`).toBe(`GET /drive/v2/deliveries/${req.idempotencyKey}`);
    await expectDoorDashJwt(r.headers.authorization);
  });

  it('status of an unknown delivery (404) → null', async () => {
    api.answer(() => ddError(404, 'not_found', 'Delivery not found'));
    expect(await adapter().status('nope')).toBeNull();
  });

  it('cancel: PUT /drive/v2/deliveries/:id/cancel; a delivery already picked up cannot be cancelled', async () => {
    api.answer(() => ({
      status: 200,
      body: delivery('cancelled', { cancellation_reason: 'cancelled_by_creator' }),
    }));
    expect(await adapter().cancel(req.idempotencyKey)).toEqual({ ok: true });
    expect(`${api.requests[0]!.method} ${api.requests[0]!.path}`).toBe(
      `PUT /drive/v2/deliveries/${req.idempotencyKey}/cancel`,
    );
    api.answer(() =>
      ddError(400, 'cannot_be_cancelled', 'Delivery cannot be cancelled once the Dasher picked it up'),
    );
    expect(await adapter().cancel(req.idempotencyKey)).toEqual({
      ok: false,
      message: 'Delivery cannot be cancelled once the Dasher picked it up',
    });
  });
});

describe('DoorDash Drive: each answer, mapped', () => {
  it('validation error (400 field_errors) → refused with the field message', async () => {
    api.answer(() =>
      ddError(400, 'validation_error', 'Validation Failed', [
        { field: 'dropoff_phone_number', error: 'Invalid phone number' },
      ]),
    );
    expect(await adapter().requestPickup(req)).toEqual({
      ok: false,
      message: 'dropoff_phone_number: Invalid phone number',
    });
  });

  it('a create retried after a lost answer (409 duplicate_delivery_id) reads the existing delivery: one courier', async () => {
    api.answer((r) =>
      r.method === 'POST'
        ? ddError(409, 'duplicate_delivery_id', 'Delivery with the same external_delivery_id already exists')
        : { status: 200, body: delivery('confirmed', { dasher_name: 'Lee' }) },
    );
    const result = await adapter().requestPickup(req);
    expect(result).toMatchObject({
      ok: true,
      info: { delivery_id: req.idempotencyKey, courier_name: 'Lee' },
    });
    expect(api.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('a delivery cancelled by a compensation is not answered again: the next derived id is booked', async () => {
    const second = `${req.idempotencyKey}-2`;
    api.answer((r) => {
      if (r.method === 'POST' && r.json().external_delivery_id === req.idempotencyKey)
        return ddError(
          409,
          'duplicate_delivery_id',
          'Delivery with the same external_delivery_id already exists',
        );
      if (r.method === 'GET')
        return { status: 200, body: delivery('cancelled', { cancellation_reason: 'cancelled_by_creator' }) };
      return { status: 200, body: delivery('created', { external_delivery_id: second }) };
    });
    const result = await adapter().requestPickup(req);
    expect(result).toMatchObject({
      ok: true,
      info: { delivery_id: second, order_status: 'PICKUP_REQUESTED' },
    });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /drive/v2/deliveries',
      `GET /drive/v2/deliveries/${req.idempotencyKey}`,
      'POST /drive/v2/deliveries',
    ]);
    expect(api.requests[2]!.json().external_delivery_id).toBe(second);
  });

  it.each([
    [
      'auth error (401)',
      ddError(401, 'authentication_error', 'The [iss] claim is not a valid developer id'),
      1,
    ],
    ['forbidden (403)', ddError(403, 'authorization_error', 'Not authorized'), 1],
    [
      'rate limit (429 + Retry-After), retried',
      { ...ddError(429, 'request_rate_limited', 'Too many requests'), headers: { 'retry-after': '0' } },
      3,
    ],
    ['server error (500), retried', ddError(500, 'internal_server_error', 'Something went wrong'), 3],
  ])('%s → UNAVAILABLE (nothing booked, nothing written)', async (_n, answer, attempts) => {
    api.answer(() => answer);
    const err = await adapter()
      .requestPickup(req)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('UNAVAILABLE');
    expect((err as DomainError).message).toBe(COURIER_UNAVAILABLE);
    expect(api.requests).toHaveLength(attempts);
    // Every attempt carried the same external_delivery_id.
    expect(new Set(api.requests.map((r) => r.json().external_delivery_id))).toEqual(
      new Set([req.idempotencyKey]),
    );
  });

  it('time-out → UNAVAILABLE within the budget', async () => {
    api.answer(() => 'hang');
    const started = Date.now();
    const err = await doordashCourier({ ...CREDS, apiBase: api.url, timeoutMs: 200, budgetMs: 800 })
      .requestPickup(req)
      .catch((e: unknown) => e);
    expect((err as DomainError).code).toBe('UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('maps delivery statuses and webhook events', () => {
    expect(doordashOrderStatus('DASHER_CONFIRMED')).toBe('COURIER_ASSIGNED');
    expect(doordashOrderStatus('DASHER_PICKED_UP')).toBe('PICKED_UP');
    expect(doordashOrderStatus('DASHER_DROPPED_OFF')).toBe('DELIVERED');
    expect(doordashOrderStatus('DELIVERY_CANCELLED')).toBe('CANCELLED');
    expect(doordashOrderStatus('delivered')).toBe('DELIVERED');
    expect(doordashOrderStatus('something_new')).toBe('SOMETHING_NEW');
  });
});
