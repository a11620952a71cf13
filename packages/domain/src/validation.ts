/**
 * Shared validation rules and messages.
 * Pure: no I/O. Every message is the spec's text, verbatim.
 *
 * No zod at run time here (the sign-in page reads this module): the schemas built from these rules are
 * in validation-schemas.ts (docs/decisions/0109).
 */
import type { z } from 'zod';
import { isCleanText, MAX_LENGTH, tooLongMessage, UNSAFE_TEXT_MESSAGE } from './limits.ts';

// ---------------------------------------------------------------------------
// Messages and constants
// ---------------------------------------------------------------------------

/** Human field name: underscores become spaces ('first_name' → 'first name'). */
export function fieldLabel(field: string): string {
  return field.replace(/_/g, ' ');
}

/** 'Please enter your {field}' (field name with underscores as spaces). */
export function requiredMessage(field: string): string {
  return `Please enter your ${fieldLabel(field)}`;
}

/** 'Please enter a valid {field}' (phone, zip). */
export function invalidFieldMessage(field: string): string {
  return `Please enter a valid ${fieldLabel(field)}`;
}

export const EMAIL_MESSAGE = 'Please enter a valid email';
export const PASSWORD_MESSAGE = 'Your password must have at least 10 characters';
export const TERMS_MESSAGE = 'You must accept terms';
/** The spec has two spellings ('chose' / 'choose'); we use the correct one everywhere. */
export const BIRTH_DATE_MESSAGE = 'You must choose a valid birth date';
export const PASSWORD_MIN_LENGTH = 10;
export const BIRTH_YEAR_SPAN = 120;
export const PHONE_NUMBER_MESSAGE = 'Please enter a valid phone number';
export const ROUTING_NUMBER_MESSAGE = 'Please enter a valid routing number';
export const ROUTING_NUMBER_LENGTH = 9;
export const DESCRIPTOR_MAX_LENGTH = 22;
export const DESCRIPTOR_MESSAGE = `The descriptor must have at most ${DESCRIPTOR_MAX_LENGTH} characters`;
export const PHONE_DEFAULT_COUNTRY_CODE = '+1';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------
// Predicates and formatters
// ---------------------------------------------------------------------------

const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** Email pattern check. Empty is NOT an email; schemas let the required rule report empties. */
export function isValidEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= 254 && EMAIL_RE.test(v) && !v.includes('..');
}

const ZIP_RE = /^\d{5}(?:-\d{4})?$/;

/** 5 digits, or 5 digits, a dash and 4 digits. */
export function isValidZip(value: string): boolean {
  return ZIP_RE.test(value.trim());
}

export function stripNonDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Formats as '(###) ###-####'. Works progressively for input masks ('212555' → '(212) 555').
 * A leading US country code 1 on an 11-digit number is dropped.
 */
export function formatUsPhone(value: string): string {
  let d = stripNonDigits(value);
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  d = d.slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * Display formatting: numbers starting with + are kept; numbers starting with '('
 * get a +1 prefix; 10 digits show as '+1 (xxx) xxx-xxxx'. Anything else is returned as given.
 */
export function formatPhoneDisplay(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  if (v.startsWith('+')) return v;
  if (v.startsWith('(')) return `${PHONE_DEFAULT_COUNTRY_CODE} ${v}`;
  const d = stripNonDigits(v);
  if (d.length === 10) return `${PHONE_DEFAULT_COUNTRY_CODE} ${formatUsPhone(d)}`;
  return v;
}

export function isValidRoutingNumber(value: string): boolean {
  return /^\d{9}$/.test(value);
}

/** For the routing number input: non-digits stripped as typed, max length 9. */
export function sanitizeRoutingNumberInput(value: string): string {
  return stripNonDigits(value).slice(0, ROUTING_NUMBER_LENGTH);
}

/** EIN dashes are stripped on save. */
export function stripEinDashes(ein: string): string {
  return ein.replace(/-/g, '').trim();
}

/** 'Characters Left' counter (never negative). */
export function charactersLeft(value: string | null | undefined, max = DESCRIPTOR_MAX_LENGTH): number {
  return Math.max(0, max - (value ?? '').length);
}

/** Strips HTML tags; each &nbsp; becomes a plain space. Trims the result. */
export function stripHtml(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;?/gi, ' ')
    .trim();
}

// ---------------------------------------------------------------------------
// Birth date helpers
// ---------------------------------------------------------------------------

/** Days in month (1–12), leap years included. */
export function daysInMonth(year: number, month1to12: number): number {
  if (month1to12 === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month1to12) ? 30 : 31;
}

/** The year choices: 120 years back from the current year, newest first (current year included). */
export function birthYearOptions(now: Date): number[] {
  const y = now.getFullYear();
  return Array.from({ length: BIRTH_YEAR_SPAN }, (_, i) => y - i);
}

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD' to a UTC-midnight Date when it names a real calendar day, else null. */
export function parseIsoDate(value: string): Date | null {
  const m = ISO_DATE_RE.exec(value);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  const date = new Date(Date.UTC(2000, mo - 1, d));
  date.setUTCFullYear(y);
  return date;
}

/** 'YYYY-MM-DD' from numeric parts (for the month/day/year selectors). */
export function toIsoDate(year: number, month1to12: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month1to12).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const TYPED_BIRTH_DATE_RE = /^(\d{1,2})\s*\/\s*(\d{1,2})\s*\/\s*(\d{4})$/;

/**
 * A birth date typed as MM/DD/YYYY (one-digit month and day too, or the eight digits MMDDYYYY) as
 * 'YYYY-MM-DD', or null when it is not a real day or its year is not one the year selector offers
 * (BIRTH_YEAR_SPAN years back from now): the typed field accepts exactly what the selectors can pick.
 */
export function parseTypedBirthDate(text: string, now: Date = new Date()): string | null {
  const t = text.trim();
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  const m = digits ?? TYPED_BIRTH_DATE_RE.exec(t);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const year = Number(m[3]);
  const years = birthYearOptions(now);
  if (year > (years[0] ?? year) || year < (years.at(-1) ?? year)) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return toIsoDate(year, month, day);
}

/** 'YYYY-MM-DD' as the typed birth-date field shows it: 'MM/DD/YYYY'; '' for anything else. */
export function formatTypedBirthDate(iso: string): string {
  const m = ISO_DATE_RE.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/** A valid date, earlier than one day before now. */
export function isValidBirthDate(value: string, now: Date = new Date()): boolean {
  const d = parseIsoDate(value);
  return d !== null && d.getTime() < now.getTime() - DAY_MS;
}

/** First message per field path (for forms and the server's `errors` map). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

// ---------------------------------------------------------------------------
// The sign-in form without zod (docs/decisions/0109)
// ---------------------------------------------------------------------------

/** What `text(max)` reports first for a string: too long, then an unsafe character; else null. */
function textIssue(value: string, max: number): string | null {
  if (value.length > max) return tooLongMessage(max);
  if (!isCleanText(value)) return UNSAFE_TEXT_MESSAGE;
  return null;
}

/** The sign-in form and POST /a/v2/login body (LoginSchema in validation-schemas.ts is checked against it). */
export interface LoginInput {
  email: string;
  password: string;
}

export type LoginCheck =
  | { ok: true; values: LoginInput }
  | { ok: false; errors: Partial<Record<keyof LoginInput, string>> };

/**
 * LoginSchema's rules as plain functions, for the sign-in page (which loads no zod): the same first
 * message per field and the same output (the email trimmed). `validation.test.ts` checks the two agree.
 */
export function checkLogin(input: { email: unknown; password: unknown }): LoginCheck {
  const errors: Partial<Record<keyof LoginInput, string>> = {};
  let email = '';
  if (typeof input.email !== 'string') errors.email = requiredMessage('email');
  else {
    email = input.email.trim();
    const issue = textIssue(input.email, MAX_LENGTH.email);
    if (issue) errors.email = issue;
    else if (email.length === 0) errors.email = requiredMessage('email');
    else if (!isValidEmail(email)) errors.email = EMAIL_MESSAGE;
  }
  if (typeof input.password !== 'string') errors.password = requiredMessage('password');
  else {
    const issue = textIssue(input.password, MAX_LENGTH.password);
    if (issue) errors.password = issue;
    else if (input.password.length === 0) errors.password = requiredMessage('password');
  }
  if (errors.email || errors.password) return { ok: false, errors };
  return { ok: true, values: { email, password: input.password as string } };
}
