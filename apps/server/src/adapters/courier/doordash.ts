/**
 * DoorDash Drive (v2 deliveries API, https://developer.doordash.com/en-US/api/drive) behind the courier
 * interface, used when DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET are set.
 *
 * - Authentication: a short-lived JWT per request (header `dd-ver: DD-JWT-V1`, HS256 signed with the
 *   base64url-decoded signing secret; claims aud=doordash, iss=developer id, kid=key id, iat, exp = +5 min).
 * - Idempotency: the order's courier idempotency key is the `external_delivery_id`. DoorDash refuses a second
 *   delivery with the same id (409 duplicate_delivery_id), so a create is retried safely; a 409 reads the
 *   existing delivery instead of booking another courier — unless it was cancelled (the compensation of a
 *   booking whose order change was not written): then the next derived id is booked (`nextDeliveryKey`).
 * - Calls go through the shared outbound helper (10 s per attempt, 12 s in all, back-off on 429/5xx).
 */
import { DomainError, formatAddressLine, toE164Us } from '@mc/domain';
import { SignJWT } from 'jose';
import { type HttpResponse, ProviderUnavailableError, providerHttpClient } from '../http.ts';
import {
  COURIER_UNAVAILABLE,
  type CourierAdapter,
  type CourierPickupRequest,
  type CourierStatus,
  MAX_BOOKINGS_PER_KEY,
  nextDeliveryKey,
} from './courier.ts';

export interface DoorDashOptions {
  developerId: string;
  keyId: string;
  signingSecret: string;
  /** COURIER_API_BASE (https://openapi.doordash.com). */
  apiBase?: string;
  timeoutMs?: number;
  budgetMs?: number;
}

/** The Drive v2 Delivery object (the fields this adapter reads). */
export interface DoorDashDelivery {
  external_delivery_id: string;
  delivery_status?: string;
  currency?: string;
  fee?: number;
  tracking_url?: string;
  support_reference?: string;
  pickup_time_estimated?: string;
  dropoff_time_estimated?: string;
  dasher_name?: string;
  dasher_dropoff_phone_number?: string;
  dasher_pickup_phone_number?: string;
}

interface DoorDashError {
  code?: string;
  message?: string;
  field_errors?: { field?: string; error?: string }[];
}

/** DoorDash's delivery_status and webhook event names to the order's courier status. */
export function doordashOrderStatus(statusOrEvent: string | undefined): string {
  const s = (statusOrEvent ?? '').toLowerCase();
  const map: Record<string, string> = {
    quote: 'QUOTED',
    created: 'PICKUP_REQUESTED',
    confirmed: 'PICKUP_REQUESTED',
    dasher_confirmed: 'COURIER_ASSIGNED',
    enroute_to_pickup: 'COURIER_ASSIGNED',
    arrived_at_pickup: 'COURIER_AT_PICKUP',
    dasher_confirmed_pickup_arrival: 'COURIER_AT_PICKUP',
    picked_up: 'PICKED_UP',
    dasher_picked_up: 'PICKED_UP',
    enroute_to_dropoff: 'PICKED_UP',
    arrived_at_dropoff: 'COURIER_AT_DROPOFF',
    dasher_confirmed_dropoff_arrival: 'COURIER_AT_DROPOFF',
    delivered: 'DELIVERED',
    dasher_dropped_off: 'DELIVERED',
    cancelled: 'CANCELLED',
    delivery_cancelled: 'CANCELLED',
    delivery_return_initialized: 'RETURNING',
    enroute_to_return: 'RETURNING',
    dasher_confirmed_return_arrival: 'RETURNING',
    returned: 'RETURNED',
    delivery_returned: 'RETURNED',
  };
  return map[s] ?? (s ? s.toUpperCase() : 'PICKUP_REQUESTED');
}

/** The DoorDash JWT (DD-JWT-V1) for one request. */
export async function doordashJwt(
  o: Pick<DoorDashOptions, 'developerId' | 'keyId' | 'signingSecret'>,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ aud: 'doordash', iss: o.developerId, kid: o.keyId, iat, exp: iat + 300 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', 'dd-ver': 'DD-JWT-V1' })
    .sign(Buffer.from(o.signingSecret, 'base64url'));
}

function phone(p: string | null | undefined): string | undefined {
  return p ? (toE164Us(p) ?? undefined) : undefined;
}

function deliveryBody(req: CourierPickupRequest) {
  const d = req.dropoff;
  return {
    external_delivery_id: req.idempotencyKey,
    pickup_address: formatAddressLine(req.pickup),
    pickup_business_name: req.pickup.name,
    pickup_phone_number: phone(req.pickup.phone_number),
    pickup_instructions: req.pickupInstructions || undefined,
    pickup_reference_tag: `Order ${req.orderId.slice(0, 8)}`,
    dropoff_address: formatAddressLine(d),
    dropoff_phone_number: phone(d.phone_number),
    dropoff_contact_given_name: d.first_name || undefined,
    dropoff_contact_family_name: d.last_name || undefined,
    items: [{ name: 'Package', quantity: req.numberOfPackages }],
  };
}

export function doordashCourier(o: DoorDashOptions): CourierAdapter {
  const http = providerHttpClient('DoorDash', o.apiBase ?? 'https://openapi.doordash.com', o);

  async function call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<HttpResponse> {
    try {
      return await http.request({
        method,
        path,
        headers: {
          authorization: `Bearer ${await doordashJwt(o)}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // The key is the external_delivery_id in the body: it makes the write retryable.
        idempotencyKey,
        idempotencyHeader: false,
      });
    } catch (err) {
      if (err instanceof ProviderUnavailableError) throw new DomainError('UNAVAILABLE', COURIER_UNAVAILABLE);
      throw err;
    }
  }

  /** A refusal DoorDash explains (4xx other than auth and rate limit) → its message; else unavailable. */
  function refusal(res: HttpResponse): string {
    if (res.status === 401 || res.status === 403 || res.status === 429 || res.status >= 500) {
      throw new DomainError('UNAVAILABLE', COURIER_UNAVAILABLE);
    }
    const e = res.json<DoorDashError>();
    const field = e?.field_errors?.find((f) => f.error);
    return field
      ? `${field.field}: ${field.error}`
      : (e?.message ?? `The courier refused the request (${res.status})`);
  }

  const toStatus = (d: DoorDashDelivery): CourierStatus => ({
    delivery_id: d.external_delivery_id,
    order_status: doordashOrderStatus(d.delivery_status),
    tracking_url: d.tracking_url ?? null,
    courier_name: d.dasher_name ?? null,
    courier_phone: d.dasher_dropoff_phone_number ?? d.dasher_pickup_phone_number ?? null,
    estimated_pickup_time: d.pickup_time_estimated ?? null,
    estimated_delivery_time: d.dropoff_time_estimated ?? null,
  });

  async function read(id: string): Promise<DoorDashDelivery | null> {
    const res = await call('GET', `/drive/v2/deliveries/${encodeURIComponent(id)}`);
    if (res.status === 404) return null;
    if (!res.ok) throw new DomainError('UNAVAILABLE', refusal(res));
    return res.json<DoorDashDelivery>() ?? null;
  }

  return {
    kind: 'doordash',
    async quote(req) {
      const res = await call('POST', '/drive/v2/quotes', deliveryBody(req), req.idempotencyKey);
      if (!res.ok) return { ok: false, message: refusal(res) };
      const q = res.json<DoorDashDelivery>() ?? ({} as DoorDashDelivery);
      return {
        ok: true,
        quote: {
          fee_cents: q.fee ?? 0,
          currency: q.currency ?? 'USD',
          estimated_pickup_time: q.pickup_time_estimated ?? null,
          estimated_delivery_time: q.dropoff_time_estimated ?? null,
        },
      };
    },
    async requestPickup(req, now = new Date()) {
      let d: DoorDashDelivery | null = null;
      for (let n = 1; n <= MAX_BOOKINGS_PER_KEY; n++) {
        const key = nextDeliveryKey(req.idempotencyKey, n);
        const res = await call(
          'POST',
          '/drive/v2/deliveries',
          deliveryBody({ ...req, idempotencyKey: key }),
          key,
        );
        if (res.ok) d = res.json<DoorDashDelivery>() ?? null;
        else if (res.status === 409 && res.json<DoorDashError>()?.code === 'duplicate_delivery_id') {
          d = await read(key); // booked by an earlier attempt: the same courier
          if (d && doordashOrderStatus(d.delivery_status) === 'CANCELLED') continue;
        } else return { ok: false, message: refusal(res) };
        break;
      }
      if (!d) throw new DomainError('UNAVAILABLE', COURIER_UNAVAILABLE);
      if (doordashOrderStatus(d.delivery_status) === 'CANCELLED')
        return { ok: false, message: 'Every courier booked for this order was cancelled' };
      const s = toStatus(d);
      return {
        ok: true,
        info: {
          provider: 'DoorDash',
          delivery_id: d.external_delivery_id,
          tracking_url: s.tracking_url ?? '',
          number_of_packages: req.numberOfPackages,
          requested_pickup_time: now.toISOString(),
          estimated_pickup_time: s.estimated_pickup_time ?? '',
          estimated_delivery_time: s.estimated_delivery_time ?? '',
          order_status: s.order_status,
          courier_name: s.courier_name ?? '',
          courier_phone: s.courier_phone ?? '',
          pickup_instructions: req.pickupInstructions,
        },
      };
    },
    async status(id) {
      const d = await read(id);
      return d ? toStatus(d) : null;
    },
    async cancel(id) {
      const res = await call('PUT', `/drive/v2/deliveries/${encodeURIComponent(id)}/cancel`, {}, id);
      return res.ok ? { ok: true } : { ok: false, message: refusal(res) };
    },
  };
}
