import { createHash } from 'node:crypto';
import type { AddressLike } from '@mc/domain';

export interface CourierPickupRequest {
  orderId: string;
  /** Derived from the order id: a repeated request books one courier. */
  idempotencyKey: string;
  pickup: AddressLike & { name: string };
  dropoff: AddressLike;
  numberOfPackages: number;
  pickupInstructions: string;
  dispatchType: 'immediate';
}

/** Courier info as stored on the order and returned to the console (the order detail's courier info). */
export interface CourierPickup {
  provider: string;
  delivery_id: string;
  tracking_url: string;
  number_of_packages: number;
  estimated_pickup_time: string;
  estimated_delivery_time: string;
  requested_pickup_time: string;
  order_status: string;
  courier_name: string;
  courier_phone: string;
  pickup_instructions: string;
}

export type CourierResult = { ok: true; info: CourierPickup } | { ok: false; message: string };

export interface CourierQuote {
  fee_cents: number;
  currency: string;
  estimated_pickup_time: string | null;
  estimated_delivery_time: string | null;
}

/** Where a delivery is now (provider's words mapped to order_status) and its tracking page. */
export interface CourierStatus {
  delivery_id: string;
  order_status: string;
  tracking_url: string | null;
  courier_name: string | null;
  courier_phone: string | null;
  estimated_pickup_time: string | null;
  estimated_delivery_time: string | null;
}

/**
 * Local courier services (on-demand pickup): the sandbox by default, DoorDash Drive when DOORDASH_* are set.
 * A refusal (bad address, too many packages) is an answer ({ok: false}); a provider that cannot be reached
 * throws DomainError('UNAVAILABLE'), so the command writes nothing.
 */
export interface CourierAdapter {
  readonly kind: 'sandbox' | 'doordash';
  quote(
    req: CourierPickupRequest,
  ): Promise<{ ok: true; quote: CourierQuote } | { ok: false; message: string }>;
  requestPickup(req: CourierPickupRequest, now?: Date): Promise<CourierResult>;
  status(deliveryId: string): Promise<CourierStatus | null>;
  /** Cancels a booked delivery (the compensation of a booking whose order change was not written). */
  cancel(deliveryId: string): Promise<{ ok: true } | { ok: false; message: string }>;
}

/** How many bookings one order's key may go through when the earlier ones were cancelled. */
export const MAX_BOOKINGS_PER_KEY = 5;

/**
 * The key of the n-th booking under one idempotency key (n from 1). A provider answers a repeated key with
 * the delivery it booked first, cancelled or not: once that one is cancelled (a compensation), the next
 * request books under the next key instead of being answered with a cancelled courier. Every request walks
 * the same sequence, so repeated and concurrent requests still book one live delivery.
 */
export function nextDeliveryKey(idempotencyKey: string, n: number): string {
  return n <= 1 ? idempotencyKey : `${idempotencyKey}-${n}`;
}

export interface SandboxCourierAdapter extends CourierAdapter {
  readonly kind: 'sandbox';
  /** The deliveries cancelled so far, oldest first (tests, and what the sandbox answers next). */
  cancelled(): string[];
}

/** The spec has no wording for a courier outage; the console shows the server's message as is. */
export const COURIER_UNAVAILABLE = 'The courier service is not responding. Please try again.';

export const SANDBOX_COURIER_MAX_PACKAGES = 10;
const COURIERS = [
  ['Jamie Rivera', '(212) 555-0181'],
  ['Sam Okafor', '(212) 555-0142'],
  ['Lee Chen', '(212) 555-0127'],
  ['Ana Souza', '(212) 555-0163'],
] as const;

/**
 * The sandbox courier: assigns a courier at once (deterministic per idempotency key), pickup in 15 minutes,
 * delivery 45 minutes later, and a tracking page on this server. More than 10 packages is refused, as a
 * bike courier would.
 */
export function sandboxCourier(publicUrl: string): SandboxCourierAdapter {
  const cancelled: string[] = [];
  const deliveryId = (key: string) => {
    const digest = createHash('sha256').update(key).digest();
    return { id: `dlv_${digest.toString('hex').slice(0, 16)}`, digest };
  };
  return {
    kind: 'sandbox',
    cancelled: () => [...cancelled],
    async quote(req) {
      if (req.numberOfPackages > SANDBOX_COURIER_MAX_PACKAGES) {
        return {
          ok: false,
          message: `The courier can carry at most ${SANDBOX_COURIER_MAX_PACKAGES} packages`,
        };
      }
      const at = (min: number) => new Date(Date.now() + min * 60_000).toISOString();
      return {
        ok: true,
        quote: {
          fee_cents: 975,
          currency: 'USD',
          estimated_pickup_time: at(15),
          estimated_delivery_time: at(60),
        },
      };
    },
    async status(deliveryId) {
      return {
        delivery_id: deliveryId,
        order_status: cancelled.includes(deliveryId) ? 'CANCELLED' : 'PICKUP_REQUESTED',
        tracking_url: `${publicUrl}/v1/sandbox/courier/${deliveryId}`,
        courier_name: null,
        courier_phone: null,
        estimated_pickup_time: null,
        estimated_delivery_time: null,
      };
    },
    async cancel(deliveryId) {
      if (!cancelled.includes(deliveryId)) cancelled.push(deliveryId);
      if (cancelled.length > 10_000) cancelled.shift();
      return { ok: true };
    },
    async requestPickup(req, now = new Date()) {
      if (req.numberOfPackages > SANDBOX_COURIER_MAX_PACKAGES) {
        return {
          ok: false,
          message: `The courier can carry at most ${SANDBOX_COURIER_MAX_PACKAGES} packages`,
        };
      }
      // The same key books the same delivery, unless that one was cancelled: then the next key's.
      let booking = deliveryId(req.idempotencyKey);
      for (let n = 2; n <= MAX_BOOKINGS_PER_KEY && cancelled.includes(booking.id); n++)
        booking = deliveryId(nextDeliveryKey(req.idempotencyKey, n));
      const { id, digest } = booking;
      const [name, phone] = COURIERS[(digest[0] ?? 0) % COURIERS.length]!;
      const at = (min: number) => new Date(now.getTime() + min * 60_000).toISOString();
      return {
        ok: true,
        info: {
          provider: 'Sandbox Courier',
          delivery_id: id,
          tracking_url: `${publicUrl}/v1/sandbox/courier/${id}`,
          number_of_packages: req.numberOfPackages,
          requested_pickup_time: now.toISOString(),
          estimated_pickup_time: at(15),
          estimated_delivery_time: at(60),
          order_status: 'PICKUP_REQUESTED',
          courier_name: name,
          courier_phone: phone,
          pickup_instructions: req.pickupInstructions,
        },
      };
    },
  };
}
