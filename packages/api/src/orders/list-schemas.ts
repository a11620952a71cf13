/**
 * Orders list, counts, filters and live events.
 * Query keys are the spec's bracketed names: `filter[tab]`, `sort[date]`, ...
 */
import { type MaxLengthKey, ORDER_TABS, SORT_DIRECTIONS, safeString, text } from '@mc/domain';
import { z } from 'zod';
import {
  INVALID,
  ORDER_LIST_FILTER_KEYS,
  ORDER_LIST_FILTERS,
  type OrderListFilter,
  type OrderListFilterKey,
  orderListFilterKey,
} from './list-filters.ts';
import { ORDER_STREAM_EVENT_TYPES, type OrderStreamEvent } from './stream-event.ts';

/** Largest page a caller may ask for. */
export const ORDERS_MAX_LIMIT = 100;

/**
 * A whole-number query parameter: the document says `integer` with its range (a generated client passes a
 * number), and the query string's digits become that number before it is checked. Anything but 1–9 digits
 * stays text and is refused by name.
 */
const intParam = (name: string, min: number, max: number) => {
  const range = `${name} must be between ${min} and ${max}`;
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${name} must be a whole number` })
      .int({ error: `${name} must be a whole number` })
      .min(min, { error: range })
      .max(max, { error: range }),
  );
};

/** A filter's query parameter: its raw text within its limit, then its `parse` (INVALID is a 400 on its key). */
function filterSchema<N extends string, V>(f: {
  name: N;
  max: MaxLengthKey;
  parse: (raw: string) => V;
  invalid?: string;
}) {
  const message = `${orderListFilterKey(f.name)} ${f.invalid}`;
  return text(f.max)
    .transform((raw, c) => {
      const v = f.parse(raw);
      if (v === INVALID) {
        c.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return v as Exclude<V, typeof INVALID>;
    })
    .optional();
}

type FilterSchemas = {
  [F in OrderListFilter as OrderListFilterKey<F['name']>]: ReturnType<
    typeof filterSchema<F['name'], ReturnType<F['parse']>>
  >;
};

/** One query parameter per filter of the table (list-filters.ts), in its order (typed per key above). */
const FILTER_SCHEMAS = Object.fromEntries(
  ORDER_LIST_FILTERS.map((f) => [orderListFilterKey(f.name), filterSchema<string, unknown>(f)]),
) as unknown as FilterSchemas;

export const OrdersListQuerySchema = z
  .looseObject({
    limit: intParam('limit', 1, ORDERS_MAX_LIMIT).optional(),
    offset: intParam('offset', 0, 100_000_000).optional(),
    /** Keyset cursor from `next_url` / `prev_url` (opaque). */
    cursor: text('token')
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor is not valid')
      .optional(),
    ...FILTER_SCHEMAS,
    'sort[date]': z
      .enum(SORT_DIRECTIONS, { message: `sort[date] must be one of ${SORT_DIRECTIONS.join(', ')}` })
      .optional(),
  })
  .superRefine((q, c) => {
    for (const key of Object.keys(q)) {
      if ((key.startsWith('filter') || key.startsWith('sort')) && !ORDER_LIST_FILTER_KEYS.includes(key)) {
        c.addIssue({ code: 'custom', path: [key], message: `${key} is not a known filter or sort` });
      }
    }
  });
export type OrdersListQuery = z.infer<typeof OrdersListQuerySchema>;

export const NameValueSchema = z.object({ name: z.string(), value: z.string() });
export type NameValue = z.infer<typeof NameValueSchema>;

export const OnTrackStatusSchema = z.object({ type: z.enum(['SLA0', 'SLA1', 'SLA2']), message: z.string() });

/** One row of the orders list (and of the header search results). */
export const OrderListItemSchema = z
  .object({
    id: z.string(),
    logistic_order_ref: z.string().nullable(),
    status: z.string(),
    date_submitted: z.string(),
    printed_timestamp: z.string().nullable(),
    application_ref: z.string(),
    application_name: z.string(),
    application_brand_name: z.string(),
    delivery: z.object({
      method: z.string(),
      date: z.string().nullable(),
      window: z.tuple([z.string(), z.string()]).nullable(),
    }),
    courier_estimate_id: z.string().nullable(),
    gift_message: z.object({ message: z.string() }).nullable(),
    promo_code: z.string().nullable(),
    status_recent_comment: z.string().nullable(),
    on_track_status: OnTrackStatusSchema.nullable(),
    recipient: z.object({ first_name: z.string(), last_name: z.string() }),
    customer: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
    /** ITEMS column: the sum of item quantities (engraving lines excluded), kept at intake. */
    item_quantity: z.number().int(),
    /** Any item with stock behaviour NextDay ('At Distributor'). */
    has_at_distributor: z.boolean(),
    transaction: z.object({ total: z.number() }),
  })
  .meta({ id: 'OrderListItem' });
export type OrderListItem = z.infer<typeof OrderListItemSchema>;

export const OrdersListResponseSchema = z
  .object({
    items: z.array(OrderListItemSchema),
    /** The merchant's order timezone (dates are shown in it). */
    timezone: z.string(),
    next_url: z.string().nullable(),
    prev_url: z.string().nullable(),
    total_rows: z.number().int(),
    /** True when a filtered count reached its cap (1,000): total_rows is then a lower bound. */
    total_rows_capped: z.boolean(),
    current_filter: z.array(NameValueSchema),
    current_sort: z.array(NameValueSchema),
    available_filters: z.array(z.string()),
    available_sorts: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  })
  .meta({ id: 'OrdersList' });
export type OrdersListResponse = z.infer<typeof OrdersListResponseSchema>;

/** Per-tab counts (kept by a trigger, never a scan). */
export const OrderCountsSchema = z
  .object({
    active: z.number().int(),
    on_hold: z.number().int(),
    cancelled: z.number().int(),
    completed: z.number().int(),
  })
  .meta({ id: 'OrderCounts' });
export type OrderCounts = z.infer<typeof OrderCountsSchema>;

export const OrderFiltersSchema = z
  .object({
    items: z.array(
      z.union([
        z.object({
          name: z.literal('application'),
          options: z.array(z.object({ name: z.string(), uuid: z.string(), ref: z.string() })),
        }),
        z.object({ name: z.literal('delivery_methods'), options: z.array(z.object({ name: z.string() })) }),
      ]),
    ),
  })
  .meta({ id: 'OrderFilters' });
export type OrderFilters = z.infer<typeof OrderFiltersSchema>;

/** One server-sent event on /orders/events (`event:` is the type, `data:` this JSON). */
export const OrderStreamEventSchema = z.object({
  type: z.enum(ORDER_STREAM_EVENT_TYPES),
  order_id: z.string(),
  status: z.string(),
  tab: z.enum(ORDER_TABS),
  version: z.number().int().optional(),
  at: z.string(),
}) satisfies z.ZodType<OrderStreamEvent>;

/**
 * The event stream takes a single-use ticket (POST …/orders/events/ticket) in place of the bearer header
 * that EventSource cannot send. Tokens never travel in URLs: `access_token` is refused with 400.
 */
export const EventsQuerySchema = z.looseObject({ ticket: safeString(100).min(1).optional() });

/** A ticket for one event stream: single use, valid `expires_in` seconds (60), bound to the session. */
export const EventsTicketSchema = z
  .object({ ticket: z.string(), expires_in: z.number().int() })
  .meta({ id: 'EventsTicket' });
export type EventsTicket = z.infer<typeof EventsTicketSchema>;
