/** Inventory contract (part 1 §3 Offering, §7): GET /c/v2/merchants/{tmk}/offerings. */
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

/** Query: `filter[selling_with_{product}]=true` narrows to what is sold through the provider; `filter[id]` to one item. */
export const OfferingsQuerySchema = z.record(text('search'), text('addressLine'));
