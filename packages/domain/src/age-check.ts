/**
 * The age check at the door (docs/decisions/0101): an order the store's own driver hands
 * over (on-demand, or scheduled without a courier) is closed only with an ID check showing the person is 21
 * or older on the delivery date in the store's time zone. Shipping orders (the carrier's adult signature)
 * and courier orders (the courier's own check) are exempt.
 *
 * The outcome is kept, not the document: what is recorded is '21+', the ID type, who checked and when —
 * never the birth date (docs/security.md, "Personal data").
 */
import { z } from 'zod';
import { type DateInput, formatTime, isoDateInZone, toDate } from './dates.ts';
import { isCourierOrder, isDeliverMethod } from './delivery.ts';
import { text } from './limits-schemas.ts';
import { BIRTH_DATE_MESSAGE, BIRTH_YEAR_SPAN, parseIsoDate } from './validation.ts';

/** The legal drinking age the check proves. */
export const MIN_DRINKING_AGE = 21;

export const ID_TYPES = ['drivers_license', 'state_id', 'passport', 'military_id'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** How an ID type reads in a sentence ('ID checked: 21+, driver's licence, …'). */
export const ID_TYPE_TEXT: Readonly<Record<IdType, string>> = {
  drivers_license: "driver's licence",
  state_id: 'state ID',
  passport: 'passport',
  military_id: 'military ID',
};

/** The ID type choices of the delivery panel. */
export const ID_TYPE_OPTIONS: readonly { value: IdType; label: string }[] = ID_TYPES.map((value) => {
  const t = ID_TYPE_TEXT[value];
  return { value, label: t.charAt(0).toUpperCase() + t.slice(1) };
});

export const AGE_CHECK_MISSING_MESSAGE =
  "Check the customer's ID before closing this order: enter the ID type, the birth date and who checked it";
export const AGE_UNDER_21_MESSAGE =
  'The customer is under 21 on the delivery date: the order cannot be handed over';
export const ID_TYPE_MESSAGE = 'Choose the type of ID';
export const CHECKED_BY_MESSAGE = 'Enter who checked the ID';

/**
 * `delivery_info.age_verification` as the close request carries it. The birth date is only read to decide;
 * it is never stored (see ageCheckOutcome).
 */
export const AgeVerificationSchema = z.object({
  birth_date: text('short', { error: BIRTH_DATE_MESSAGE })
    .trim()
    .refine((v) => parseIsoDate(v) !== null, BIRTH_DATE_MESSAGE),
  id_type: z.enum(ID_TYPES, { error: ID_TYPE_MESSAGE }),
  checked_by: text('name', { error: CHECKED_BY_MESSAGE }).trim().min(1, CHECKED_BY_MESSAGE),
});
export type AgeVerification = z.infer<typeof AgeVerificationSchema>;

/**
 * Who answers for the age at the door:
 * - 'own_driver': on-demand and scheduled orders without a courier — the store's check is required;
 * - 'courier': courier orders — the courier checks (recorded from the courier's status);
 * - 'carrier': shipping and pre-sale orders — the carrier's adult signature.
 */
export type AgeCheckRule = 'own_driver' | 'courier' | 'carrier';

export function ageCheckRule(order: {
  delivery?: { method?: string | null } | null;
  courier_estimate_id?: string | number | null;
}): AgeCheckRule {
  if (isCourierOrder(order)) return 'courier';
  return isDeliverMethod(order.delivery?.method) ? 'own_driver' : 'carrier';
}

/** Whether closing the order needs the store's ID check (the delivery panel asks for it). */
export function needsAgeCheck(order: Parameters<typeof ageCheckRule>[0]): boolean {
  return ageCheckRule(order) === 'own_driver';
}

/**
 * Full years between a birth date and a day (both 'YYYY-MM-DD'), or null when either is not a real date.
 * A 29 February birthday is reached on 1 March in a common year (never a day early).
 */
export function ageOnDate(birthDate: string, onDate: string): number | null {
  const b = parseIsoDate(birthDate);
  const d = parseIsoDate(onDate);
  if (!b || !d) return null;
  let age = d.getUTCFullYear() - b.getUTCFullYear();
  const beforeBirthday =
    d.getUTCMonth() < b.getUTCMonth() ||
    (d.getUTCMonth() === b.getUTCMonth() && d.getUTCDate() < b.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** The store's check as recorded on the order and its history: the outcome, not the document. */
export interface StoreAgeCheck {
  by: 'store';
  result: '21+';
  id_type: IdType;
  checked_by: string;
  /** The handover instant (ISO): the delivery time. */
  checked_at: string;
}

/** A courier order's close: the courier checked, as its status last said. */
export interface CourierAgeCheck {
  by: 'courier';
  provider: string | null;
  courier_status: string | null;
}

export type AgeCheckOutcome = StoreAgeCheck | CourierAgeCheck;

export const AgeCheckOutcomeSchema = z.discriminatedUnion('by', [
  z.object({
    by: z.literal('store'),
    result: z.literal('21+'),
    id_type: z.enum(ID_TYPES),
    checked_by: z.string(),
    checked_at: z.string(),
  }),
  z.object({
    by: z.literal('courier'),
    provider: z.string().nullable(),
    courier_status: z.string().nullable(),
  }),
]);

export type AgeCheckDecision =
  | { ok: true; outcome: AgeCheckOutcome | null }
  | { ok: false; field: string; message: string };

/**
 * The close's age decision. A check sent with an exempt order is held to the same rule and recorded.
 * `deliveredOn` is the handover instant; the age counts on its calendar day in the store's zone `tz`.
 */
export function decideAgeCheck(input: {
  rule: AgeCheckRule;
  verification?: AgeVerification | null;
  deliveredOn: DateInput;
  tz: string;
  courier?: { provider?: unknown; order_status?: unknown } | null;
}): AgeCheckDecision {
  const v = input.verification;
  if (!v) {
    if (input.rule === 'own_driver')
      return { ok: false, field: 'age_verification', message: AGE_CHECK_MISSING_MESSAGE };
    if (input.rule === 'courier') {
      const str = (x: unknown) => (typeof x === 'string' && x ? x : null);
      return {
        ok: true,
        outcome: {
          by: 'courier',
          provider: str(input.courier?.provider),
          courier_status: str(input.courier?.order_status),
        },
      };
    }
    return { ok: true, outcome: null };
  }
  const day = isoDateInZone(input.deliveredOn, input.tz);
  const age = ageOnDate(v.birth_date, day);
  if (age === null || age < 0 || age >= BIRTH_YEAR_SPAN)
    return { ok: false, field: 'age_verification.birth_date', message: BIRTH_DATE_MESSAGE };
  if (age < MIN_DRINKING_AGE)
    return { ok: false, field: 'age_verification.birth_date', message: AGE_UNDER_21_MESSAGE };
  return {
    ok: true,
    outcome: {
      by: 'store',
      result: '21+',
      id_type: v.id_type,
      checked_by: v.checked_by,
      checked_at: toDate(input.deliveredOn).toISOString(),
    },
  };
}

/**
 * The line the order, its history and the receipt show, in the store's zone:
 * 'ID checked: 21+, driver's licence, by Sam Driver at 7:42 PM', or 'ID checked by the courier (DoorDash,
 * status DELIVERED)'. Null for anything that is not a recorded outcome (stored JSON is read defensively).
 */
export function ageCheckText(outcome: unknown, tz?: string | null): string | null {
  const parsed = AgeCheckOutcomeSchema.safeParse(outcome);
  if (!parsed.success) return null;
  const o = parsed.data;
  if (o.by === 'courier') {
    const detail = [o.provider, o.courier_status && `status ${o.courier_status}`].filter(Boolean).join(', ');
    return detail ? `ID checked by the courier (${detail})` : 'ID checked by the courier';
  }
  const at = Number.isNaN(toDate(o.checked_at).getTime()) ? '' : ` at ${formatTime(o.checked_at, tz)}`;
  return `ID checked: ${o.result}, ${ID_TYPE_TEXT[o.id_type]}, by ${o.checked_by}${at}`;
}
