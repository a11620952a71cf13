import { text } from '@mc/domain';
import { z } from 'zod';

export const MerchantSchema = z
  .object({
    id: z.string(),
    tmk: z.string(),
    name: z.string(),
    carrier_integration: z.boolean(),
    merchant_account_id: z.string().nullable(),
    timezone: z.string(),
    address: z.object({
      street_1: z.string(),
      street_2: z.string(),
      street_3: z.string(),
      city: z.string(),
      state: z.string(),
      zipcode: z.string(),
    }),
    primary_phone: z.string(),
    email: z.string(),
    aux_data: z.object({
      primary_contact_name: z.string(),
      secondary_contact_name: z.string(),
      secondary_email: z.string(),
      secondary_phone_number: z.string(),
      suite_floor: z.string().optional(),
    }),
  })
  .meta({ id: 'Merchant' });
export type Merchant = z.infer<typeof MerchantSchema>;

export const StripeAccountSchema = z.object({ merchant_account_id: z.string().nullable() });
export type StripeAccount = z.infer<typeof StripeAccountSchema>;

/** `{tmk}` in a path: the merchant key (bounded and clean, like every string the API takes). */
export const TmkParamsSchema = z.object({ tmk: text('id').min(1) });
