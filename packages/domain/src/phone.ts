/**
 * Phone validation with libphonenumber-js, apart from validation.ts so that a page without a phone field
 * (sign-in, the orders list) does not load the library's metadata (~30 KB gzip).
 */
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { text } from './limits-schemas.ts';
import { invalidFieldMessage, requiredMessage } from './validation.ts';

/** Phone parsed with US as the default country and valid. */
export function isValidPhone(value: string): boolean {
  const v = value.trim();
  if (!v) return false;
  try {
    return isValidPhoneNumber(v, 'US');
  } catch {
    return false;
  }
}

/** E.164 form with +1 as the default country code; null when the number is not valid. */
export function toE164Us(input: string): string | null {
  const v = input.trim();
  if (!isValidPhone(v)) return null;
  return parsePhoneNumberFromString(v, 'US')?.number ?? null;
}

function requiredPhone(field: string) {
  const req = requiredMessage(field);
  return text('phone', { error: req })
    .trim()
    .min(1, { error: req, abort: true })
    .refine(isValidPhone, invalidFieldMessage(field));
}

function optionalPhone(field: string) {
  return text('phone')
    .trim()
    .refine((v) => v === '' || isValidPhone(v), invalidFieldMessage(field))
    .optional();
}

/**
 * Phone parsed as US (default +1) and valid: 'Please enter a valid {field}'.
 * Optional (empty allowed) unless `{ required: true }`.
 */
export function phoneSchema(field?: string, opts?: { required?: false }): ReturnType<typeof optionalPhone>;
export function phoneSchema(field: string, opts: { required: true }): ReturnType<typeof requiredPhone>;
export function phoneSchema(field = 'phone', opts: { required?: boolean } = {}) {
  return opts.required ? requiredPhone(field) : optionalPhone(field);
}
