/**
 * The order detail contract:
 * GET|PUT /m/v2/orders/{id}, POST /m/v2/merchant/{tmk}/orders/{id}/data|courier|ship and the map image.
 * Bodies are validated with the domain's dialog schemas, so the server answers with the dialogs' messages.
 */
import {
  AgeCheckOutcomeSchema,
  AgeVerificationSchema,
  CourierRequestSchema,
  FAILED_DELIVERY_REASONS,
  FILL_REQUIRED_MESSAGE,
  ITEM_STATUSES,
  ORDER_STATUSES,
  OrderStatusSchema,
  REJECT_OTHER_MESSAGE,
  REJECTION_REASONS,
  RejectionMessageInputSchema,
  TrackingSchema,
  text,
} from '@mc/domain';
import { z } from 'zod';

const nullableStr = z.string().nullable();

export const OrderAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  street_1: z.string(),
  street_2: z.string(),
  street_3: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
  phone_number: z.string(),
  delivery_instructions: z.string(),
});

export const OrderDetailItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  quantity: z.number(),
  price: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  image_spec: nullableStr,
  parent_line_item_id: nullableStr,
  product: z.object({
    id: nullableStr,
    container_size: z.object({ value: z.number(), unit: z.string(), formatted: z.string() }).nullable(),
  }),
  offering: z.object({ id: nullableStr, merchant_sku: nullableStr, stock_behavior: nullableStr }),
  aux_data: z.record(z.string(), z.unknown()),
  status_list: z.array(z.string()),
});
export type OrderDetailItem = z.infer<typeof OrderDetailItemSchema>;

export const OrderHistoryEntrySchema = z.object({
  id: z.number(),
  actor_type: z.string(),
  actor_name: nullableStr,
  action: z.string(),
  from_status: nullableStr,
  to_status: nullableStr,
  comment: nullableStr,
  /** reject_items: the item problems recorded with the entry, out of stock first. */
  item_problems: z.array(z.enum(['OUT_OF_STOCK', 'WRONG_PRICE'])).optional(),
  /** delivered: the age check at the door (the outcome: never a birth date; decision 0101). */
  age_check: AgeCheckOutcomeSchema.optional(),
  /** delivery_failed: the reason and the attempt number (1 for the first failed attempt). */
  failed_delivery: z.object({ reason: z.string(), attempt: z.number().int() }).optional(),
  created_at: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

export const CourierInfoSchema = z
  .object({
    provider: z.string().optional(),
    delivery_id: z.string().optional(),
    tracking_url: z.string().optional(),
    number_of_packages: z.number().optional(),
    estimated_delivery_time: z.string().optional(),
    estimated_pickup_time: z.string().optional(),
    requested_pickup_time: z.string().optional(),
    order_status: z.string().optional(),
    courier_name: z.string().optional(),
    courier_phone: z.string().optional(),
    pickup_instructions: z.string().optional(),
  })
  .catchall(z.unknown());

export const OrderDetailSchema = z
  .object({
    id: z.string(),
    logistic_order_ref: nullableStr,
    status: z.enum(ORDER_STATUSES),
    version: z.number(),
    date_submitted: z.string(),
    printed_timestamp: nullableStr,
    application_name: z.string(),
    application_brand_name: z.string(),
    timezone: z.string(),
    gift_message: z.object({ message: z.string() }).nullable(),
    promo_code: nullableStr,
    status_recent_comment: nullableStr,
    on_track_status: z.object({ message: z.string(), type: z.string() }).nullable(),
    delivery: z.object({
      method: z.string(),
      date: nullableStr,
      window: z.tuple([z.string(), z.string()]).nullable(),
    }),
    courier_estimate_id: nullableStr,
    courier_info: CourierInfoSchema.nullable(),
    aux_data: z.object({ courier_pick_instructions: z.string().optional() }).catchall(z.unknown()),
    tracking_provider: nullableStr,
    tracking_id: nullableStr,
    tracking_url: nullableStr,
    other_tracking_provider: nullableStr,
    recipient: OrderAddressSchema,
    customer: z.object({
      first_name: z.string(),
      last_name: z.string(),
      phone_number: z.string(),
      email: z.string(),
      last_order: nullableStr,
    }),
    transaction: z.object({
      subtotal: z.number(),
      tax: z.number(),
      delivery_fee: z.number(),
      shipping: z.number(),
      tip: z.number(),
      discount: z.number(),
      total: z.number(),
      /** A delivery that failed for the age check: the terms' restocking fee the customer paid (dollars). */
      restocking_fee: z.number().optional(),
      /** What was given back to the customer with that cancellation (dollars). */
      refunded: z.number().optional(),
    }),
    /** Failed delivery attempts so far; `suggest_cancel` once there were two (docs/decisions/0102). */
    failed_delivery: z.object({ attempts: z.number().int(), suggest_cancel: z.boolean() }).optional(),
    items: z.array(OrderDetailItemSchema),
    order_weight: z.number().nullable(),
    shipment_info: z.array(
      z.object({
        carrier: z.string(),
        tracking_code: z.string(),
        tracking_url: nullableStr,
        label_url: nullableStr,
      }),
    ),
    maps: z.object({
      static_map_url: z.string(),
      directions_url: z.string(),
      width: z.number(),
      height: z.number(),
      zoom: z.number(),
    }),
    /** Parsed: keyed by reason, then order item id ({} when absent). */
    rejection_message: z.record(z.string(), z.unknown()),
    delivery_details: z.record(z.string(), z.unknown()).nullable(),
    history: z.array(OrderHistoryEntrySchema),
  })
  .meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderIdParamsSchema = z.object({ id: text('id').min(1) });
export const MerchantOrderParamsSchema = z.object({
  tmk: text('id').min(1),
  id: text('id').min(1),
});

export const DeliveryInfoSchema = z.object({
  signed_by: text('name').trim().default(''),
  delivered_by: text('name').trim().default(''),
  delivered_on: z.iso.datetime({ offset: true, error: FILL_REQUIRED_MESSAGE }),
  /**
   * The ID check at the door: required to close an own-driver order (on-demand, scheduled without a
   * courier); the person must be 21 on the delivery date in the store's zone. Only the outcome is kept.
   */
  age_verification: AgeVerificationSchema.optional(),
});
export type DeliveryInfo = z.infer<typeof DeliveryInfoSchema>;

export const ItemStatusEntrySchema = z
  .object({
    /** The item's offering (spec), or `id`: the order line item (lines without an offering). */
    offering_id: z.union([text('id').min(1), z.number()]).optional(),
    id: text('id').min(1).optional(),
    statuslist: z.array(z.enum(ITEM_STATUSES)).min(1),
  })
  .refine((v) => v.offering_id !== undefined || v.id !== undefined, {
    message: 'offering_id or id is required',
    path: ['offering_id'],
  });

/**
 * PUT /m/v2/orders/{id}: a status change with its data. MERCHANT_REJECTED needs a reason ('other' needs
 * text); REJECTED_PARTIAL needs items and their rejection_message; MERCHANT_SHIPPED may carry tracking_info;
 * CLOSED may carry delivery_info.
 */
export const UpdateOrderBodySchema = z
  .object({
    status: OrderStatusSchema,
    status_comment: text('note').trim().optional(),
    reason: z.enum(REJECTION_REASONS).optional(),
    other_reason: text('note').trim().optional(),
    items: z.array(ItemStatusEntrySchema).max(100).optional(),
    rejection_message: RejectionMessageInputSchema.optional(),
    tracking_info: TrackingSchema.optional(),
    delivery_info: DeliveryInfoSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'MERCHANT_REJECTED') {
      const reason = v.reason ?? 'customer_cancelled';
      if (reason === 'other' && !(v.other_reason || v.status_comment)) {
        ctx.addIssue({ code: 'custom', path: ['other_reason'], message: REJECT_OTHER_MESSAGE });
      }
    }
    if (v.status === 'REJECTED_PARTIAL') {
      if (!v.items?.length)
        ctx.addIssue({ code: 'custom', path: ['items'], message: 'Choose the item and its problem' });
      const rm = v.rejection_message;
      const entries = Object.keys(rm?.outOfStock ?? {}).length + Object.keys(rm?.wrongPrice ?? {}).length;
      if (!entries)
        ctx.addIssue({ code: 'custom', path: ['rejection_message'], message: 'Describe the item problem' });
    }
  })
  .meta({ id: 'UpdateOrderBody' });
export type UpdateOrderBody = z.input<typeof UpdateOrderBodySchema>;
export type UpdateOrderCommand = z.output<typeof UpdateOrderBodySchema>;

/** POST .../orders/{id}/data: tracking details, a rejection_message, delivery details or instructions. */
export const OrderDataBodySchema = z
  .object({
    tracking_provider: TrackingSchema.shape.tracking_provider.optional(),
    tracking_id: TrackingSchema.shape.tracking_id.optional(),
    tracking_url: TrackingSchema.shape.tracking_url,
    other_tracking_provider: TrackingSchema.shape.other_tracking_provider,
    rejection_message: RejectionMessageInputSchema.optional(),
    signed_by: text('name').trim().optional(),
    delivered_by: text('name').trim().optional(),
    delivered_on: z.iso.datetime({ offset: true, error: FILL_REQUIRED_MESSAGE }).optional(),
    delivery_instructions: text('note').trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.tracking_provider !== undefined || v.tracking_id !== undefined) {
      const r = TrackingSchema.safeParse(v);
      if (!r.success)
        for (const issue of r.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  })
  .meta({ id: 'OrderDataBody' });
export type OrderDataBody = z.input<typeof OrderDataBodySchema>;

/** POST .../orders/{id}/courier: the courier pickup request. */
export const CourierBodySchema = z
  .object({ courier_info: CourierRequestSchema })
  .meta({ id: 'CourierRequestBody' });
export type CourierBody = z.input<typeof CourierBodySchema>;

/** POST .../orders/{id}/failed_delivery: the store's driver could not deliver (docs/decisions/0102). */
export const FailedDeliveryBodySchema = z
  .object({
    reason: z.enum(FAILED_DELIVERY_REASONS, { error: 'Choose why the delivery failed' }),
    note: text('note').trim().optional(),
  })
  .meta({ id: 'FailedDeliveryBody' });
export type FailedDeliveryBody = z.input<typeof FailedDeliveryBodySchema>;

/** POST .../orders/{id}/ship: out for delivery (optionally with tracking). */
export const ShipOrderBodySchema = z
  .object({
    status: z.literal('MERCHANT_SHIPPED').default('MERCHANT_SHIPPED'),
    tracking_info: TrackingSchema.optional(),
  })
  .meta({ id: 'ShipOrderBody' });
export type ShipOrderBody = z.input<typeof ShipOrderBodySchema>;
