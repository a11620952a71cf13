/**
 * Settings contract: store details, aux data, hours, team, roles,
 * revoke, billing, payment onboarding and the carrier account. Request bodies reuse the domain's
 * form schemas so the server answers with the same messages the forms show.
 */
import {
  BillingSchema,
  emailSchema,
  HoursSchema,
  MERCHANT_ROLES,
  ROLE_REQUIRED_MESSAGE,
  requiredString,
  StoreDetailsSchema,
  text,
} from '@mc/domain';
import { z } from 'zod';

// ---------------------------------------------------------------- store details

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

// ---------------------------------------------------------------- team and roles

export const RoleSchema = z.object({ name: z.string(), label: z.string() });
export type Role = z.infer<typeof RoleSchema>;

export const TeamMemberSchema = z
  .object({
    uuid: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    last_login: z.string().nullable(),
    date_created: z.string(),
    roles: z.array(RoleSchema),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamResponseSchema = z.object({ items: z.array(TeamMemberSchema) });
export type TeamResponse = z.infer<typeof TeamResponseSchema>;

const roleField = z.enum(MERCHANT_ROLES, { error: ROLE_REQUIRED_MESSAGE });

/** POST /c/v2/merchants/{tmk}/users: invite (the password is generated and emailed). */
export const InviteUserBodySchema = z
  .object({
    first_name: requiredString('first_name', 'name'),
    last_name: requiredString('last_name', 'name'),
    email: emailSchema('email'),
    role: roleField,
  })
  .meta({ id: 'InviteUserBody' });
export type InviteUserBody = z.input<typeof InviteUserBodySchema>;
export const InviteUserResponseSchema = z.object({ user: TeamMemberSchema });

export const UserRolesResponseSchema = z.object({
  items: z.array(RoleSchema),
  message: z.string().optional(),
});
export type UserRolesResponse = z.infer<typeof UserRolesResponseSchema>;

/** POST /a/v2/users/{id}/roles: exactly one merchant role. */
export const SetUserRolesBodySchema = z
  .object({
    roles: z.array(roleField, { error: ROLE_REQUIRED_MESSAGE }).length(1, ROLE_REQUIRED_MESSAGE),
  })
  .meta({ id: 'SetUserRolesBody' });
export type SetUserRolesBody = z.infer<typeof SetUserRolesBodySchema>;

/** POST /a/v2/users/{id}/data: `{authorized_merchant: null}` revokes the user's access. */
export const UserDataBodySchema = z
  .object({
    authorized_merchant: z.null({ error: 'Only revoking access (authorized_merchant: null) is supported' }),
  })
  .meta({ id: 'UserDataBody' });
export type UserDataBody = z.infer<typeof UserDataBodySchema>;

// ---------------------------------------------------------------- billing

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

// ---------------------------------------------------------------- carrier

export const CARRIER_CHOICES = ['FedEx', 'UPS', 'GSO'] as const;
export type CarrierChoice = (typeof CARRIER_CHOICES)[number];
export const LABEL_SIZES = ['4x6', '4x8', '8.5x11'] as const;
export const LABEL_FORMATS = ['PDF', 'PNG', 'ZPL'] as const;

/** GET /c/v2/merchants/{tmk}/carrier: nulls when no carrier account is set up. */
export const CarrierAccountSchema = z
  .object({
    carrier: z.enum(CARRIER_CHOICES).nullable(),
    /** Masked ('******1A2B'), never the stored number. */
    account_number: z.string().nullable(),
    label_size: z.enum(LABEL_SIZES),
    label_format: z.enum(LABEL_FORMATS),
  })
  .meta({ id: 'CarrierAccount' });
export type CarrierAccount = z.infer<typeof CarrierAccountSchema>;

export const CARRIER_ACCOUNT_NUMBER_MESSAGE = 'Please enter a valid account number';

/** POST /c/v2/merchants/{tmk}/carrier. A masked or omitted account number keeps the stored one. */
export const CarrierAccountBodySchema = z
  .object({
    carrier: z.enum(CARRIER_CHOICES, { error: 'Please enter your carrier' }),
    account_number: text('short')
      .trim()
      .refine(
        (v) => v === '' || /[*•]/.test(v) || /^[A-Za-z0-9-]{4,32}$/.test(v),
        CARRIER_ACCOUNT_NUMBER_MESSAGE,
      )
      .optional(),
    label_size: z.enum(LABEL_SIZES, { error: 'Please enter your label size' }),
    label_format: z.enum(LABEL_FORMATS, { error: 'Please enter your label format' }),
  })
  .meta({ id: 'CarrierAccountBody' });
export type CarrierAccountBody = z.input<typeof CarrierAccountBodySchema>;
