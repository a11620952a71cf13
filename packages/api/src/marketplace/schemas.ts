import { MAX_LENGTH, safeString, text } from '@mc/domain';
import { z } from 'zod';

const money = z.number().min(0).max(1_000_000);
const str = (max: number = MAX_LENGTH.addressLine) => safeString(max).trim();

export const MarketplaceAddressSchema = z.object({
  first_name: str(100).min(1),
  last_name: str(100).min(1),
  street_1: str().min(1),
  street_2: str().default(''),
  street_3: str().default(''),
  city: str(100).min(1),
  state: str(2).min(2),
  zipcode: text('zip').regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid zipcode'),
  country: str(2).default('US'),
  phone_number: str(30).default(''),
  delivery_instructions: str(1000).default(''),
});

export const MarketplaceItemSchema = z.object({
  /** The merchant's offering (by id or retailer item code); name and price default from it. */
  offering_id: z.uuid().optional(),
  merchant_sku: str(64).optional(),
  name: str().optional(),
  description: str(1000).optional(),
  quantity: z.number().int().min(1).max(999),
  price: money.optional(),
  discount: money.default(0),
  engraving_message: z.array(str(120)).max(10).optional(),
  /** Per-unit engraving fee, added as an 'Engraving' child line item when a message is given. */
  engraving_price: money.default(15),
  preorder_type: z.enum(['preorder', 'deposit']).optional(),
  preorder_available_date: z.iso.date().optional(),
  preorder_balance_due_excl_taxes_fees: money.optional(),
  /** The product's category (e.g. 'Whiskey'), for the pick list's grouping; none lists it under 'Other'. */
  category: str(60).optional(),
  /** The customer asked for this line to be gift-wrapped (called out on the pick list). */
  gift_wrap: z.boolean().optional(),
});

export const PlaceOrderBodySchema = z
  .object({
    /** The merchant key (tmk) of the store the order is for. */
    merchant: text('id').min(1),
    /** Marketplace brand (application) ref; created on first use with `application_name`. */
    application_ref: text('id').min(1),
    application_name: str(100).optional(),
    id: text('id')
      .regex(/^[A-Z0-9]{7}-[A-Z0-9]{3}-[A-Z0-9]{2}$/, 'id must look like 2ABNPFR-3A0-9E')
      .optional(),
    status: z.enum(['SUBMITTED', 'PAYMENT_SUBMITTED', 'PAYMENT_APPROVED', 'ACTIVE']).default('SUBMITTED'),
    date_submitted: z.iso.datetime({ offset: true }).optional(),
    delivery: z.object({
      method: z.enum(['on_demand', 'scheduled', 'shipping', 'preorder', 'deposit', 'courier']),
      date: z.iso.date().optional(),
      window: z.tuple([z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true })]).optional(),
    }),
    courier_estimate_id: str(64).optional(),
    recipient: MarketplaceAddressSchema,
    customer: z.object({
      first_name: str(100).min(1),
      last_name: str(100).min(1),
      email: z.email().max(MAX_LENGTH.email),
      phone_number: str(30).default(''),
    }),
    items: z.array(MarketplaceItemSchema).min(1).max(100),
    transaction: z
      .object({
        tax: money.default(0),
        delivery_fee: money.default(0),
        shipping: money.default(0),
        tip: money.default(0),
      })
      .default({ tax: 0, delivery_fee: 0, shipping: 0, tip: 0 }),
    gift_message: str(1000).optional(),
    promo_code: str(64).optional(),
    order_weight: z.number().min(0).max(999999).optional(),
    /** Sandbox payments: 'decline' makes the capture on accept fail (demo of PAYMENT_DECLINED). */
    payment_behavior: z.enum(['approve', 'decline']).default('approve'),
  })
  .meta({ id: 'PlaceOrderBody' });
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

export const MARKETPLACE_EVENT_TYPES = [
  'payment_declined',
  'customer_cancelled',
  'customer_accepted_changes',
  'dispute',
  'refund',
] as const;

export const MarketplaceEventBodySchema = z.object({
  type: z.enum(MARKETPLACE_EVENT_TYPES),
  comment: str(1000).optional(),
});
export type MarketplaceEventBody = z.infer<typeof MarketplaceEventBodySchema>;

export const PlacedOrderSchema = z.object({ id: z.string(), status: z.string(), merchant: z.string() });

/** GET /m/v2/marketplace/merchants/{tmk}/offerings: a merchant's active offerings as the marketplace lists them. */
export const MarketplaceOfferingsSchema = z
  .object({
    items: z.array(
      z.object({ id: z.string(), merchant_sku: z.string(), name: z.string(), price: z.number() }),
    ),
  })
  .meta({ id: 'MarketplaceOfferings' });
export type MarketplaceOfferings = z.infer<typeof MarketplaceOfferingsSchema>;
