/**
 * The events the store sends out (docs/decisions/0138): one envelope for the feed and for webhooks, the
 * feed's query and its page.
 */
import { ENVELOPE_EVENT_TYPES, OUTGOING_EVENT_TYPES, text } from '@mc/domain';
import { z } from 'zod';
import { BatchSchema } from '../bulk/schemas.ts';
import { OrderDetailSchema } from '../orders/detail-schemas.ts';

/** The types a subscription and the feed's `types` name. */
export const EventTypeSchema = z.enum(OUTGOING_EVENT_TYPES).meta({ id: 'EventType' });

/** An event id: `evt_` and 26 letters and digits; it is also the `webhook-id` of its deliveries. */
export const EventIdSchema = z
  .string()
  .max(30, 'after must be an event id')
  .regex(/^evt_[0-9A-Za-z]{26}$/, 'after must be an event id');

/**
 * One event. `data.order` is the order as GET /m/v2/orders/{id} answers it when the change committed (the
 * customer's email and phone are empty unless the subscriber may see them); `batch.completed` carries
 * `data.batch` instead, and a test send `data.test`.
 */
export const EventSchema = z
  .object({
    id: z.string(),
    /** One of EventType, or `webhook.test` for a test send. */
    type: z.enum(ENVELOPE_EVENT_TYPES),
    /** When the change was made (ISO 8601, UTC). */
    timestamp: z.string(),
    /** The merchant key (tmk) of the store. */
    merchant: z.string(),
    /** The marketplace brand the order came through; null for a batch. */
    application_ref: z.string().nullable(),
    data: z.union([
      z.object({ order: OrderDetailSchema }),
      z.object({ batch: BatchSchema }),
      z.object({ test: z.object({ message: z.string() }) }),
    ]),
  })
  .meta({ id: 'Event' });
export type OutgoingEvent = z.infer<typeof EventSchema>;

/** `types=order.accepted,order.shipped`: a comma list of event types. */
const typesList = text('note')
  .regex(/^[a-z_.]+(,[a-z_.]+)*$/, 'types must be a comma list of event types')
  .refine(
    (v) => v.split(',').every((t) => (OUTGOING_EVENT_TYPES as readonly string[]).includes(t)),
    `types must be among ${OUTGOING_EVENT_TYPES.join(', ')}`,
  );

const limit = z
  .string()
  .max(3, 'limit must be a whole number from 1 to 100')
  .regex(/^\d{1,3}$/, 'limit must be a whole number from 1 to 100')
  .refine((v) => Number(v) >= 1 && Number(v) <= 100, 'limit must be a whole number from 1 to 100');

/** GET …/events: events after `after` (exclusive; none = the oldest kept), oldest first. */
export const EventFeedQuerySchema = z.object({
  after: EventIdSchema.optional(),
  /** 1 to 100; 50 when absent. */
  limit: limit.optional(),
  types: typesList.optional(),
});
export type EventFeedQuery = z.infer<typeof EventFeedQuerySchema>;

/** The marketplace's feed, across merchants; `application_ref` keeps one brand's orders. */
export const MarketplaceEventFeedQuerySchema = EventFeedQuerySchema.extend({
  application_ref: text('id').min(1).optional(),
});
export type MarketplaceEventFeedQuery = z.infer<typeof MarketplaceEventFeedQuerySchema>;

/**
 * A page of the feed. `next_after` is the id to pass as `after` for the next page (the last item's, or the
 * `after` given when the page is empty): keep it and poll with it; no event is ever skipped.
 */
export const EventFeedSchema = z
  .object({ items: z.array(EventSchema), next_after: z.string().nullable() })
  .meta({ id: 'EventFeed' });
export type EventFeed = z.infer<typeof EventFeedSchema>;
