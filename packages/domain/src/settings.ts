/**
 * Settings forms: store details, billing, profile, delivery hours, role edit.
 */
import { z } from 'zod';
import { safeString, text } from './limits-schemas.ts';
import { phoneSchema } from './phone.ts';
import { MERCHANT_ROLES, type MerchantRole } from './roles.ts';
import {
  DESCRIPTOR_MAX_LENGTH,
  DESCRIPTOR_MESSAGE,
  fieldLabel,
  isValidRoutingNumber,
  ROUTING_NUMBER_MESSAGE,
  requiredMessage,
  stripEinDashes,
  stripNonDigits,
} from './validation.ts';
import {
  birthdaySchema,
  emailSchema,
  optionalEmailSchema,
  optionalPasswordSchema,
  requiredString,
  zipSchema,
} from './validation-schemas.ts';
import { WEEKDAYS, type Weekday } from './weekdays.ts';

/** Runs an object-level rule even when field rules failed, so every issue is reported at once. */
const always = { when: () => true } as const;

// ---------------------------------------------------------------------------
// US states (incl. DC and PR)
// ---------------------------------------------------------------------------

export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;
export type UsStateCode = (typeof US_STATES)[number]['code'];
export const US_STATE_CODES = US_STATES.map((s) => s.code) as UsStateCode[];

export function isUsState(value: string): value is UsStateCode {
  return (US_STATE_CODES as string[]).includes(value);
}

/** A state code from the list (upper-cased). */
export function stateSchema(field = 'state') {
  const msg = requiredMessage(field);
  return text('state', { error: msg })
    .trim()
    .toUpperCase()
    .min(1, { error: msg, abort: true })
    .refine(isUsState, `Please enter a valid ${fieldLabel(field)}`);
}

// ---------------------------------------------------------------------------
// Store details (Company page)
// ---------------------------------------------------------------------------

export const StoreDetailsSchema = z.object({
  name: requiredString('store_name', 'name'),
  address: z.object({
    street_1: requiredString('street'),
    street_2: requiredString('suite_floor'),
    street_3: text('addressLine').trim().optional(),
    city: requiredString('city', 'city'),
    state: stateSchema('state'),
    zipcode: zipSchema('zip'),
  }),
  primary_phone: phoneSchema('primary_phone', { required: true }),
  email: emailSchema('primary_email'),
  timezone: text('short').trim().optional(),
  aux_data: z.object({
    primary_contact_name: requiredString('primary_contact', 'name'),
    secondary_contact_name: text('name').trim().optional(),
    secondary_email: optionalEmailSchema(),
    secondary_phone_number: phoneSchema('secondary_phone'),
  }),
});
export type StoreDetailsInput = z.infer<typeof StoreDetailsSchema>;

// ---------------------------------------------------------------------------
// Billing
// ---------------------------------------------------------------------------

export const EIN_MESSAGE = 'Please enter a valid EIN';
export const ACCOUNT_NUMBER_MESSAGE = 'Please enter a valid account number';

/** The masked account number shown in the form, e.g. '******6789'. */
export function maskAccountNumber(last4: string | null | undefined): string {
  return last4 ? `******${last4}` : '';
}

/** A masked value (contains '*' or '•') is the stored account number, not a new one. */
export function isMaskedAccountNumber(value: string | null | undefined): boolean {
  return /[*•]/.test(value ?? '');
}

function billingAddress(prefix: string) {
  return z.object({
    street_address: requiredString(`${prefix}street`),
    locality: requiredString(`${prefix}city`, 'city'),
    region: stateSchema(`${prefix}state`),
    postal_code: zipSchema(`${prefix}zip`),
  });
}

function accountNumberSchema() {
  return text('short', { error: requiredMessage('account_number') })
    .trim()
    .min(1, { error: requiredMessage('account_number'), abort: true })
    .refine((v) => isMaskedAccountNumber(v) || /^\d{4,17}$/.test(v), ACCOUNT_NUMBER_MESSAGE);
}

function buildBillingSchema<A extends z.ZodType<string | undefined, string | undefined>>(accountNumber: A) {
  return z
    .object({
      /** Registered as a business: EIN, legal name, DBA name and descriptor become required. */
      is_business: z.boolean().default(false),
      individual: z.object({
        first_name: requiredString('first_name', 'name'),
        last_name: requiredString('last_name', 'name'),
        email: emailSchema('email'),
        phone: phoneSchema('business_phone', { required: true }),
        date_of_birth: birthdaySchema(() => new Date(), 'birth_date'),
        address: billingAddress(''),
      }),
      funding: z.object({
        routing_number: text('short', { error: requiredMessage('routing_number') })
          .overwrite(stripNonDigits)
          .min(1, { error: requiredMessage('routing_number'), abort: true })
          .refine(isValidRoutingNumber, ROUTING_NUMBER_MESSAGE),
        account_number: accountNumber,
        account_number_last_4: text('short').optional(),
        descriptor: safeString(DESCRIPTOR_MAX_LENGTH + 100)
          .trim()
          .max(DESCRIPTOR_MAX_LENGTH, DESCRIPTOR_MESSAGE)
          .optional(),
      }),
      business: z.object({
        legal_name: text('name').trim().optional(),
        dba_name: text('name').trim().optional(),
        tax_id: text('short').trim().overwrite(stripEinDashes).optional(),
        address: billingAddress('business_'),
      }),
      tos_accepted: z.literal(true, { error: 'You must accept terms' }),
    })
    .superRefine((v, ctx) => {
      if (!v?.is_business) return;
      const b = v.business ?? {};
      const req = (value: string | undefined, path: (string | number)[], field: string) => {
        if (!value) ctx.addIssue({ code: 'custom', path, message: requiredMessage(field) });
      };
      req(b.tax_id, ['business', 'tax_id'], 'EIN');
      if (b.tax_id && !/^\d{9}$/.test(b.tax_id)) {
        ctx.addIssue({ code: 'custom', path: ['business', 'tax_id'], message: EIN_MESSAGE });
      }
      req(b.legal_name, ['business', 'legal_name'], 'legal_name');
      req(b.dba_name, ['business', 'dba_name'], 'DBA_name');
      req(v.funding?.descriptor, ['funding', 'descriptor'], 'descriptor');
    }, always);
}

/** The billing form: every required field. */
export const BillingSchema = buildBillingSchema(accountNumberSchema());

/**
 * The billing save body: as the form, but the account number may be omitted (or be the masked value)
 * to keep the stored one.
 */
export const BillingUpdateSchema = buildBillingSchema(accountNumberSchema().optional());
export type BillingUpdateBody = z.input<typeof BillingUpdateSchema>;
export type BillingInput = z.input<typeof BillingSchema>;
export type BillingValues = z.output<typeof BillingSchema>;

/** Labels for 'Please check {label} field', by issue path. */
export const BILLING_FIELD_LABELS: Readonly<Record<string, string>> = {
  'individual.first_name': 'First Name',
  'individual.last_name': 'Last Name',
  'individual.email': 'Email',
  'individual.phone': 'Business Phone',
  'individual.date_of_birth': 'Date of Birth',
  'individual.address.street_address': 'Street',
  'individual.address.locality': 'City',
  'individual.address.region': 'State',
  'individual.address.postal_code': 'Zip',
  'funding.routing_number': 'Routing Number',
  'funding.account_number': 'Account Number',
  'funding.descriptor': 'Descriptor',
  'business.legal_name': 'Legal Name',
  'business.dba_name': 'DBA Name',
  'business.tax_id': 'EIN',
  'business.address.street_address': 'Business Street',
  'business.address.locality': 'Business City',
  'business.address.region': 'Business State',
  'business.address.postal_code': 'Business Zip',
  tos_accepted: 'Terms of Service',
};

export const BILLING_MANDATORY_MESSAGE = 'Please check the mandatory fields';
export function billingFieldMessage(label: string): string {
  return `Please check ${label} field`;
}

/**
 * The billing toast for the dotted paths of the fields in error: 'Please check {label} field' for one
 * field, else 'Please check the mandatory fields'.
 */
export function billingErrorToast(paths: readonly string[]): string {
  const label = paths.length === 1 ? BILLING_FIELD_LABELS[paths[0] ?? ''] : undefined;
  return label ? billingFieldMessage(label) : BILLING_MANDATORY_MESSAGE;
}

/** Billing save body: EIN without dashes; the account number only when it is not the masked value. */
export function billingBody(values: BillingValues | z.output<typeof BillingUpdateSchema>): Omit<
  BillingValues,
  'funding'
> & {
  funding: Omit<BillingValues['funding'], 'account_number'> & { account_number?: string };
} {
  const { account_number, ...funding } = values.funding;
  return {
    ...values,
    funding:
      !account_number || isMaskedAccountNumber(account_number) ? funding : { ...funding, account_number },
  };
}

// ---------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------

export const ProfileSchema = z
  .object({
    first_name: requiredString('first_name', 'name'),
    last_name: requiredString('last_name', 'name'),
    email: emailSchema('email'),
    phone_number: phoneSchema('phone_number'),
    /** Current password, needed to set a new one or to change the email. */
    password: text('password').optional(),
    new_password: optionalPasswordSchema(),
    /** The account has no password (OpenID only): a fresh OpenID sign-in stands in for it. Never sent. */
    oidc_only: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v?.new_password && !v.password && !v.oidc_only) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: requiredMessage('current_password') });
    }
  }, always);
export type ProfileInput = z.infer<typeof ProfileSchema>;

/** POST /a/v2/users/{id} body: empty values dropped. */
export function profileBody(values: ProfileInput): Partial<ProfileInput> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string' && v.trim() !== '') out[k] = v;
  return out as Partial<ProfileInput>;
}

// ---------------------------------------------------------------------------
// Delivery hours
// ---------------------------------------------------------------------------

export const FULL_DAY = { time_open: '00:00', time_close: '23:59' } as const;
export const TIME_MESSAGE = 'Please enter a valid time';
export const HOUR_MESSAGE = 'Hour must be between 1 and 12';
export const MINUTE_MESSAGE = 'Minutes must be between 0 and 59';

const HHMM_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function capitalizeWeekday(day: string): string {
  const d = day.trim().toLowerCase();
  return d.charAt(0).toUpperCase() + d.slice(1);
}

export const HoursEntrySchema = z.object({
  weekday: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(WEEKDAYS)),
  time_open: text('short').regex(HHMM_RE, TIME_MESSAGE),
  time_close: text('short').regex(HHMM_RE, TIME_MESSAGE),
});
export type HoursEntry = z.infer<typeof HoursEntrySchema>;

/** PUT /c/v2/merchants/{tmk}/hours body: one entry per open day, weekday lowercase, 'HH:MM'. */
export const HoursSchema = z.object({
  regular_hours: z
    .array(HoursEntrySchema)
    .refine((list) => new Set(list.map((h) => h.weekday)).size === list.length, {
      message: 'Each day may appear once',
    }),
});
export type HoursBody = z.infer<typeof HoursSchema>;

export interface UiTime {
  hour: number; // 1–12
  minute: number; // 0–59
  ampm: 'AM' | 'PM';
}

export const UiTimeSchema = z.object({
  hour: z.coerce.number().int(HOUR_MESSAGE).min(1, HOUR_MESSAGE).max(12, HOUR_MESSAGE),
  minute: z.coerce.number().int(MINUTE_MESSAGE).min(0, MINUTE_MESSAGE).max(59, MINUTE_MESSAGE),
  ampm: z.enum(['AM', 'PM']),
});

export interface UiDayHours {
  /** Capitalised day name: 'Monday'. */
  day: string;
  closed: boolean;
  /** '24 Hrs': 00:00–23:59, shown as 12:00 AM to 11:59 PM. */
  allDay: boolean;
  open: UiTime;
  close: UiTime;
}

export const UiDayHoursSchema = z.object({
  day: z.string(),
  closed: z.boolean(),
  allDay: z.boolean(),
  open: UiTimeSchema,
  close: UiTimeSchema,
});
export const HoursFormSchema = z.object({ days: z.array(UiDayHoursSchema).length(7) });

/** 'HH:MM' → {hour 1–12, minute, AM/PM}. */
export function fromHHMM(value: string): UiTime {
  const m = HHMM_RE.exec(value);
  if (!m) throw new RangeError(`not HH:MM: ${value}`);
  const h = Number(m[1]);
  return { hour: h % 12 === 0 ? 12 : h % 12, minute: Number(m[2]), ampm: h < 12 ? 'AM' : 'PM' };
}

/** {hour 1–12, minute, AM/PM} → 'HH:MM' (12 AM = 00, 12 PM = 12). */
export function toHHMM(t: UiTime): string {
  const h = (t.hour % 12) + (t.ampm === 'PM' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
}

const DEFAULT_OPEN: UiTime = { hour: 9, minute: 0, ampm: 'AM' };
const DEFAULT_CLOSE: UiTime = { hour: 9, minute: 0, ampm: 'PM' };

/** API hours → the weekly table (Monday first); days not listed are closed. */
export function hoursToUi(
  regular_hours: readonly { weekday: string; time_open: string; time_close: string }[],
): UiDayHours[] {
  return WEEKDAYS.map((wd) => {
    const h = regular_hours.find((x) => x.weekday.trim().toLowerCase() === wd);
    if (!h)
      return {
        day: capitalizeWeekday(wd),
        closed: true,
        allDay: false,
        open: DEFAULT_OPEN,
        close: DEFAULT_CLOSE,
      };
    const allDay = h.time_open === FULL_DAY.time_open && h.time_close === FULL_DAY.time_close;
    return {
      day: capitalizeWeekday(wd),
      closed: false,
      allDay,
      open: fromHHMM(h.time_open),
      close: fromHHMM(h.time_close),
    };
  });
}

/** The weekly table → API hours: closed days removed, '24 Hrs' as 00:00–23:59, weekday lowercase. */
export function hoursFromUi(days: readonly UiDayHours[]): HoursBody {
  return {
    regular_hours: days
      .filter((d) => !d.closed)
      .map((d) => ({
        weekday: d.day.trim().toLowerCase() as Weekday,
        ...(d.allDay ? FULL_DAY : { time_open: toHHMM(d.open), time_close: toHHMM(d.close) }),
      })),
  };
}

// ---------------------------------------------------------------------------
// Role edit
// ---------------------------------------------------------------------------

export const ROLE_REQUIRED_MESSAGE = 'A role must be chosen';

export const RoleEditSchema = z.object({
  role: z.enum(MERCHANT_ROLES, { error: ROLE_REQUIRED_MESSAGE }),
});
export type RoleEditInput = z.infer<typeof RoleEditSchema>;

/** POST /a/v2/users/{id}/roles body: exactly one role. */
export function roleEditBody(input: { role: MerchantRole }): { roles: [MerchantRole] } {
  return { roles: [input.role] };
}
