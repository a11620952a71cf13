/**
 * The event feed: a store's events (`events.read`) and the marketplace's, across merchants
 * (docs/decisions/0138). Its part of the endpoint table (endpoints.ts).
 */
import { errors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { TmkParamsSchema } from '../merchant/schemas.ts';
import { EventFeedQuerySchema, EventFeedSchema, MarketplaceEventFeedQuerySchema } from './schemas.ts';

const FEED_DESCRIPTION =
  'Oldest first. Pass the answer’s `next_after` as `after` to read on: an event that commits later never ' +
  'appears before one already read, so polling with `next_after` misses nothing. Events are kept 30 days.';

export const eventEndpoints = {
  listEvents: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/events',
    tags: TAGS.events,
    summary: 'The store’s events after a given one (order changes, finished batches)',
    description: `${FEED_DESCRIPTION} The customer’s email and phone are left out.`,
    access: { capability: 'events.read' },
    params: TmkParamsSchema,
    query: EventFeedQuerySchema,
    responses: { 200: EventFeedSchema, ...merchantErrors },
  },
  listMarketplaceEvents: {
    method: 'GET',
    path: '/m/v2/marketplace/events',
    tags: TAGS.events,
    summary: 'The marketplace’s order events across merchants, optionally one brand’s',
    description: FEED_DESCRIPTION,
    access: 'marketplace',
    query: MarketplaceEventFeedQuerySchema,
    responses: { 200: EventFeedSchema, ...errors(400, 401) },
  },
} as const satisfies Record<string, Endpoint>;
