/** Inventory contract (offerings): GET /c/v2/merchants/{tmk}/offerings. */
import { text } from '@mc/domain';
import { z } from 'zod';

export const OfferingSchema = z
  .object({
    /** The retailer item code. */
    id: z.string(),
    offering_id: z.string(),
    price: z.number(),
    quantity: z.number().int(),
    is_active: z.boolean(),
    stock_behavior: z.string(),
    selling_with_provider: z.boolean(),
    updated_at: z.string(),
    product: z
      .object({
        tpk: z.string(),
        product_line: z.object({ name: z.string(), brand: z.object({ name: z.string() }) }).nullable(),
        container_size: z.object({ formatted: z.string() }).nullable(),
      })
      .nullable(),
    merchant: z.object({ name: z.string() }),
  })
  .meta({ id: 'Offering' });
export type Offering = z.infer<typeof OfferingSchema>;

export const OfferingsResponseSchema = z.object({
  items: z.array(OfferingSchema),
  total_rows: z.number().int(),
  /** When the list was read (the page shows 'Last Update' from when the data arrives). */
  received_at: z.string(),
});
export type OfferingsResponse = z.infer<typeof OfferingsResponseSchema>;

/**
 * Query: `filter[selling_with_{provider}]=true` narrows to what is sold through that provider
 * (`filter[selling_with_marketplace]` for this marketplace); `filter[id]` (or `filter[offering_id]`) to one
 * item by offering id or retailer item code. Other keys are ignored.
 */
export const OfferingsQuerySchema = z
  .object({
    'filter[selling_with_marketplace]': text('short')
      .optional()
      .meta({ description: '`true`: only items sold through the marketplace' }),
    'filter[id]': text('addressLine')
      .optional()
      .meta({ description: 'One item, by offering id or retailer item code' }),
    'filter[offering_id]': text('addressLine').optional().meta({ description: 'Alias of `filter[id]`' }),
  })
  .catchall(text('addressLine'));
