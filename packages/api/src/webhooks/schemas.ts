/**
 * Webhook endpoints (docs/decisions/0139): a store's (owner) or a storefront's (the marketplace key) URL
 * that receives the events it chose, signed as Standard Webhooks, and the log of each delivery attempt.
 */
import { ENVELOPE_EVENT_TYPES, httpUrlSchema, OUTGOING_EVENT_TYPES, safeString, text } from '@mc/domain';
import { z } from 'zod';
import { EventTypeSchema } from '../events/schemas.ts';

const eventList = z
  .array(EventTypeSchema)
  .min(1, 'events must name at least one event type')
  .max(OUTGOING_EVENT_TYPES.length);
const description = safeString(200).trim();

/** An endpoint as the API answers it (never with its secret, except `secret` once on create and rotate). */
export const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(EventTypeSchema),
    description: z.string().nullable(),
    /** Storefront endpoints: only this brand's orders (null: every order of the marketplace). */
    application_ref: z.string().nullable(),
    /** Merchant endpoints: the payload keeps the customer's email and phone. Storefronts always see them. */
    include_customer_contact: z.boolean(),
    /** `disabled` after a 410 answer or when every retry of a delivery failed; PATCH `enabled: true` turns it on again. */
    status: z.enum(['enabled', 'disabled']),
    disabled_reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** The endpoint with its signing secret (`whsec_` + base64), shown once: on create and on rotate. */
export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({ secret: z.string() }).meta({
  id: 'WebhookEndpointWithSecret',
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WebhookEndpointListSchema = z
  .object({ items: z.array(WebhookEndpointSchema) })
  .meta({ id: 'WebhookEndpointList' });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

/** POST …/webhooks (merchant). The URL is refused when it reaches a private address (unless allowed). */
export const CreateWebhookBodySchema = z
  .object({
    url: httpUrlSchema(),
    events: eventList,
    description: description.optional(),
    include_customer_contact: z.boolean().default(false),
  })
  .meta({ id: 'CreateWebhookBody' });
export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>;

/** PATCH …/webhooks/{id}: the fields to change; `enabled: true` turns a disabled endpoint on again. */
export const UpdateWebhookBodySchema = z
  .object({
    url: httpUrlSchema().optional(),
    events: eventList.optional(),
    description: description.nullable().optional(),
    include_customer_contact: z.boolean().optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Name at least one field to change')
  .meta({ id: 'UpdateWebhookBody' });
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBodySchema>;

/** POST /m/v2/marketplace/webhooks: a storefront's endpoint, across merchants, optionally one brand's orders. */
export const CreateMarketplaceWebhookBodySchema = z
  .object({
    url: httpUrlSchema(),
    events: eventList,
    description: description.optional(),
    application_ref: text('id').min(1).optional(),
  })
  .meta({ id: 'CreateMarketplaceWebhookBody' });
export type CreateMarketplaceWebhookBody = z.infer<typeof CreateMarketplaceWebhookBodySchema>;

const endpointId = z.uuid({ message: 'Webhook endpoint not found' });
export const WebhookParamsSchema = z.object({ tmk: text('id').min(1), id: endpointId });
export const WebhookDeliveryParamsSchema = WebhookParamsSchema.extend({
  delivery_id: z.uuid({ message: 'Delivery not found' }),
});
export const MarketplaceWebhookParamsSchema = z.object({ id: endpointId });

/** One delivery attempt of an event to an endpoint (the log). */
export const WebhookDeliverySchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event_type: z.enum(ENVELOPE_EVENT_TYPES),
    /** 1 for the first attempt of the event, then 2, 3, … (a replay starts again at 1). */
    attempt: z.number().int(),
    at: z.string(),
    /** The receiver's status; null when no answer came (timeout, refused connection, refused address). */
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    /** The start of the receiver's answer, at most 1 KB. */
    response_body: z.string().nullable(),
    /** Why no answer came, when none did. */
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** GET …/deliveries: the endpoint's latest attempts, newest first (at most 100). */
export const WebhookDeliveryListSchema = z
  .object({ items: z.array(WebhookDeliverySchema) })
  .meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;

/** A delivery queued (test send, replay): the worker sends it; its attempts appear in the log. */
export const WebhookQueuedSchema = z
  .object({ event_id: z.string(), queued: z.literal(true) })
  .meta({ id: 'WebhookQueued' });
export type WebhookQueued = z.infer<typeof WebhookQueuedSchema>;

export const WebhookDeletedSchema = z.object({ success: z.literal(true) });
