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

/** The sizes a catalogue line may name: a number and ml, cl or l (`750ml`, `1.75L`, `50 ml`). */
export const CATALOGUE_SIZE_PATTERN = /^\s*\d{1,5}(\.\d{1,3})?\s*(ml|cl|l)\s*$/i;

/** One line of a catalogue sync: the merchant's offering, upserted by its `merchant_sku`. */
export const CatalogueItemSchema = z.object({
  merchant_sku: str(64).min(1),
  /** The product as the customer sees it, e.g. 'Old Harbor Small Batch Bourbon'. */
  name: str(200).min(1),
  /** The maker, when known; a name that begins with it is filed under it ('Old Harbor' + 'Small Batch Bourbon'). */
  brand: str(100).min(1).optional(),
  size: str(20).regex(CATALOGUE_SIZE_PATTERN, 'size must look like 750ml, 1.75L or 50 ml'),
  /** In dollars, as the intake takes it. */
  price: money.refine(
    (p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6,
    'price must be in dollars and cents',
  ),
  image_url: z
    .url({ protocol: /^https?$/, error: 'image_url must be an http(s) address' })
    .max(2000)
    .optional(),
  category: str(60).optional(),
  active: z.boolean(),
});
export type CatalogueItem = z.infer<typeof CatalogueItemSchema>;

/** PUT /m/v2/marketplace/merchants/{tmk}/offerings: 1 to 1,000 lines, each `merchant_sku` once. */
export const CatalogueSyncBodySchema = z
  .object({
    items: z
      .array(CatalogueItemSchema)
      .min(1)
      .max(1000)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((item, i) => {
          if (seen.has(item.merchant_sku))
            ctx.addIssue({
              code: 'custom',
              path: [i, 'merchant_sku'],
              message: 'merchant_sku appears twice',
            });
          seen.add(item.merchant_sku);
        });
      }),
  })
  .meta({ id: 'CatalogueSyncBody' });
export type CatalogueSyncBody = z.infer<typeof CatalogueSyncBodySchema>;

/** What a sync did: every line is exactly one of created, updated or unchanged. */
export const CatalogueSyncResultSchema = z
  .object({
    created: z.number().int().min(0),
    updated: z.number().int().min(0),
    unchanged: z.number().int().min(0),
  })
  .meta({ id: 'CatalogueSyncResult' });
export type CatalogueSyncResult = z.infer<typeof CatalogueSyncResultSchema>;
