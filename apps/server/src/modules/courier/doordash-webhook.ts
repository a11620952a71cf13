/**
 * DoorDash Drive webhooks (https://developer.doordash.com/en-US/docs/drive/reference/webhooks): DoorDash
 * POSTs delivery events (DASHER_CONFIRMED, DASHER_PICKED_UP, DASHER_DROPPED_OFF, DELIVERY_CANCELLED, ...)
 * with the Authorization header registered for the endpoint in the DoorDash developer portal. That header
 * value is DOORDASH_WEBHOOK_SECRET; a request without it is refused with 401 and changes nothing.
 * A matching event updates the order's courier info (status, courier, tracking, estimates), never its status.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { type DoordashEvent, type DoordashEventReceipt, endpoints } from '@mc/api';
import { DomainError } from '@mc/domain';
import { and, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { doordashOrderStatus } from '../../adapters/courier/doordash.ts';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema.ts';
import { orderTransaction, writeOrderEvent } from '../orders/index.ts';

export const DOORDASH_WEBHOOK_PATH = endpoints.receiveDoordashEvent.path;

/** Constant-time comparison of the presented Authorization header with the configured one. */
export function webhookAuthorized(presented: string | undefined, expected: string): boolean {
  const a = createHash('sha256')
    .update(presented ?? '')
    .digest();
  const b = createHash('sha256').update(expected).digest();
  return presented !== undefined && timingSafeEqual(a, b);
}

/**
 * DoorDash's Authorization header must be the configured secret (404 while webhooks are not configured,
 * 401 when wrong). Runs before the body is validated: a forged request learns nothing about the schema.
 */
export function checkDoordashWebhook(ctx: AppContext, authorization: string | undefined): void {
  const secret = ctx.config.providers.doordash?.webhookSecret;
  if (!secret) throw new DomainError('NOT_FOUND', 'DoorDash webhooks are not configured on this server');
  if (!webhookAuthorized(authorization, secret))
    throw new DomainError('UNAUTHENTICATED', 'Invalid webhook credentials');
}

/** Applies one delivery event to the order's courier info (never its status) and tells the consoles. */
export async function applyDoordashEvent(
  ctx: AppContext,
  e: DoordashEvent,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<DoordashEventReceipt> {
  const patch: Record<string, unknown> = {
    order_status: doordashOrderStatus(e.event_name),
    provider_event: e.event_name,
    provider_event_at: e.created_at ?? new Date().toISOString(),
  };
  if (e.tracking_url) patch.tracking_url = e.tracking_url;
  if (e.dasher_name) patch.courier_name = e.dasher_name;
  const courierPhone = e.dasher_dropoff_phone_number ?? e.dasher_pickup_phone_number;
  if (courierPhone) patch.courier_phone = courierPhone;
  if (e.pickup_time_estimated) patch.estimated_pickup_time = e.pickup_time_estimated;
  if (e.dropoff_time_estimated) patch.estimated_delivery_time = e.dropoff_time_estimated;
  if (e.support_reference) patch.support_reference = e.support_reference;
  const row = await orderTransaction(ctx, async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({
        courier_info: sql`coalesce(${orders.courier_info}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`,
        version: sql`${orders.version} + 1`,
        updated_at: new Date(),
      })
      .where(
        and(
          sql`${orders.courier_info}->>'provider' = 'DoorDash'`,
          sql`${orders.courier_info}->>'delivery_id' = ${e.external_delivery_id}`,
        ),
      )
      .returning({
        id: orders.id,
        merchant_id: orders.merchant_id,
        status: orders.status,
        version: orders.version,
      });
    if (updated)
      await writeOrderEvent(tx, {
        type: 'order.updated',
        merchant_id: updated.merchant_id,
        order_id: updated.id,
        status: updated.status,
        version: updated.version,
        // A courier's progress note keeps the status: no outgoing event (docs/decisions/0138).
        change: { from: updated.status, action: 'courier_update' },
      });
    return updated;
  });
  if (!row) {
    log.warn({ external_delivery_id: e.external_delivery_id }, 'DoorDash event for an unknown delivery');
    return { received: true, matched: false };
  }
  return { received: true, matched: true };
}
