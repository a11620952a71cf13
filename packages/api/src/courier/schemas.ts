/**
 * DoorDash Drive webhooks (https://developer.doordash.com/en-US/docs/drive/reference/webhooks): the delivery
 * events DoorDash POSTs to POST /v1/courier/doordash/events.
 */
import { httpUrlSchema, text } from '@mc/domain';
import { z } from 'zod';

export const DoordashEventSchema = z
  .object({
    event_name: text('short').min(1, 'event_name is required'),
    external_delivery_id: text('id').min(1, 'external_delivery_id is required'),
    created_at: text('short').optional(),
    delivery_status: text('short').optional(),
    tracking_url: httpUrlSchema().optional(),
    dasher_name: text('name').optional(),
    dasher_dropoff_phone_number: text('phone').optional(),
    dasher_pickup_phone_number: text('phone').optional(),
    pickup_time_estimated: text('short').optional(),
    dropoff_time_estimated: text('short').optional(),
    support_reference: text('id').optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'DoordashEvent' });
export type DoordashEvent = z.infer<typeof DoordashEventSchema>;

export const DoordashEventReceiptSchema = z.object({ received: z.literal(true), matched: z.boolean() });
export type DoordashEventReceipt = z.infer<typeof DoordashEventReceiptSchema>;
