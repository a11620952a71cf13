/**
 * The store's settings: the Store Details form (details and the contacts kept in aux data) and the weekly
 * hours. Request bodies reuse the domain's form schemas so the server answers with the messages the forms
 * show.
 */
import { HoursSchema, StoreDetailsSchema } from '@mc/domain';
import { z } from 'zod';

/** POST /c/v2/merchants/{tmk}: the Store Details form without the contacts (those go to /data). */
export const MerchantDetailsBodySchema = StoreDetailsSchema.omit({ aux_data: true }).meta({
  id: 'MerchantDetailsBody',
});
export type MerchantDetailsBody = z.input<typeof MerchantDetailsBodySchema>;

/** POST /c/v2/merchants/{tmk}/data: contacts kept in the merchant's aux data. */
export const MerchantAuxDataBodySchema = StoreDetailsSchema.shape.aux_data.meta({
  id: 'MerchantAuxDataBody',
});
export type MerchantAuxDataBody = z.input<typeof MerchantAuxDataBodySchema>;

// ---------------------------------------------------------------- hours

export const HoursBodySchema = HoursSchema.meta({ id: 'Hours' });
export const HoursResponseSchema = z.object({
  regular_hours: z.array(z.object({ weekday: z.string(), time_open: z.string(), time_close: z.string() })),
});
export type HoursResponse = z.infer<typeof HoursResponseSchema>;
