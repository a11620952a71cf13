/**
 * Billing details and payment onboarding (owner). The request body reuses the domain's form schema so the
 * server answers with the messages the form shows.
 */
import { BillingSchema } from '@mc/domain';
import { z } from 'zod';

const address = z.object({
  street_address: z.string(),
  locality: z.string(),
  region: z.string(),
  postal_code: z.string(),
});

/** GET /c/v2/merchants/{tmk}/payments: the form data; the account number only ever masked. */
export const BillingResponseSchema = z
  .object({
    is_business: z.boolean(),
    individual: z.object({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone: z.string(),
      date_of_birth: z.string(),
      address,
    }),
    funding: z.object({
      descriptor: z.string(),
      routing_number: z.string(),
      /** Masked ('******6789') or empty. */
      account_number: z.string(),
      account_number_last_4: z.string(),
    }),
    business: z.object({ legal_name: z.string(), dba_name: z.string(), tax_id: z.string(), address }),
    tos_accepted: z.boolean(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'Billing' });
export type BillingResponse = z.infer<typeof BillingResponseSchema>;

/**
 * POST /c/v2/merchants/{tmk}/payments. The account number may be omitted (or be the masked value)
 * to keep the stored one.
 */
type BillingInputShape = z.input<typeof BillingSchema>;
export type BillingBody = Omit<BillingInputShape, 'funding'> & {
  funding: Omit<BillingInputShape['funding'], 'account_number'> & { account_number?: string };
};
/** Typed as `BillingBody` (account number optional), what the schema accepts at run time. */
export const BillingBodySchema = (
  BillingSchema.safeExtend({
    funding: BillingSchema.shape.funding.extend({
      account_number: BillingSchema.shape.funding.shape.account_number.optional(),
    }),
  } as unknown as Pick<typeof BillingSchema.shape, 'funding'>) as unknown as z.ZodType<
    BillingBody,
    BillingBody
  >
).meta({ id: 'BillingBody' });
export const BillingSaveResponseSchema = z.object({
  success: z.boolean(),
  errors: z.record(z.string(), z.string()),
  billing: BillingResponseSchema,
});
export type BillingSaveResponse = z.infer<typeof BillingSaveResponseSchema>;

/** GET /v1/merchant/{tmk}/stripe: where the billing page sends the owner. */
export const StripeOnboardingSchema = z
  .object({
    merchant_account_id: z.string().nullable(),
    complete: z.boolean(),
    onboarding_data: z.object({ url: z.string() }).nullable(),
    login_link: z.string().nullable(),
  })
  .meta({ id: 'StripeOnboarding' });
export type StripeOnboarding = z.infer<typeof StripeOnboardingSchema>;
