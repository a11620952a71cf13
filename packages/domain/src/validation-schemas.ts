/**
 * The zod schemas of the shared validation rules (validation.ts) and of the account forms.
 * Kept apart from the rules so a page that only needs a rule or a message loads no zod
 * (docs/decisions/0109).
 */
import { z } from 'zod';
import type { MaxLengthKey } from './limits.ts';
import { safeString, text } from './limits-schemas.ts';
import {
  BIRTH_DATE_MESSAGE,
  DESCRIPTOR_MAX_LENGTH,
  DESCRIPTOR_MESSAGE,
  EMAIL_MESSAGE,
  invalidFieldMessage,
  isValidBirthDate,
  isValidEmail,
  isValidRoutingNumber,
  isValidZip,
  type LoginInput,
  PASSWORD_MESSAGE,
  PASSWORD_MIN_LENGTH,
  ROUTING_NUMBER_LENGTH,
  ROUTING_NUMBER_MESSAGE,
  requiredMessage,
  TERMS_MESSAGE,
} from './validation.ts';

// ---------------------------------------------------------------------------
// Reusable zod field schemas
// ---------------------------------------------------------------------------

/** Required text (trimmed): 'Please enter your {field}'. */
export function requiredString(field: string, max: MaxLengthKey = 'addressLine') {
  const msg = requiredMessage(field);
  return text(max, { error: msg }).trim().min(1, msg);
}

/** Optional text: absent or empty allowed. */
export function optionalString(max: MaxLengthKey = 'addressLine') {
  return text(max).trim().optional();
}

/** Required email: 'Please enter your {field}' when empty, 'Please enter a valid email' otherwise. */
export function emailSchema(field = 'email') {
  const msg = requiredMessage(field);
  return text('email', { error: msg })
    .trim()
    .min(1, { error: msg, abort: true })
    .refine(isValidEmail, EMAIL_MESSAGE);
}

/** Optional email: empty passes, otherwise must be an email. */
export function optionalEmailSchema() {
  return text('email')
    .trim()
    .refine((v) => v === '' || isValidEmail(v), EMAIL_MESSAGE)
    .optional();
}

/** New password: required and at least 10 characters. Not trimmed. */
export function passwordSchema(field = 'password') {
  const msg = requiredMessage(field);
  return text('password', { error: msg })
    .min(1, { error: msg, abort: true })
    .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGE);
}

/** Optional password (profile): empty passes, otherwise at least 10 characters. */
export function optionalPasswordSchema() {
  return text('password')
    .refine((v) => v === '' || v.length >= PASSWORD_MIN_LENGTH, PASSWORD_MESSAGE)
    .optional();
}

function requiredZip(field: string) {
  const req = requiredMessage(field);
  return text('zip', { error: req })
    .trim()
    .min(1, { error: req, abort: true })
    .refine(isValidZip, invalidFieldMessage(field));
}

function optionalZip(field: string) {
  return text('zip')
    .trim()
    .refine((v) => v === '' || isValidZip(v), invalidFieldMessage(field))
    .optional();
}

/** Zip: 5 digits or 5-4, 'Please enter a valid {field}'. Required unless `{ required: false }`. */
export function zipSchema(field?: string, opts?: { required?: true }): ReturnType<typeof requiredZip>;
export function zipSchema(field: string, opts: { required: false }): ReturnType<typeof optionalZip>;
export function zipSchema(field = 'zip', opts: { required?: boolean } = {}) {
  return opts.required === false ? optionalZip(field) : requiredZip(field);
}

/** Routing number: exactly 9 digits. */
export function routingNumberSchema() {
  return safeString(ROUTING_NUMBER_LENGTH + 20, { error: ROUTING_NUMBER_MESSAGE })
    .trim()
    .refine(isValidRoutingNumber, ROUTING_NUMBER_MESSAGE);
}

function optionalDescriptor() {
  return safeString(DESCRIPTOR_MAX_LENGTH + 100)
    .trim()
    .max(DESCRIPTOR_MAX_LENGTH, DESCRIPTOR_MESSAGE)
    .optional();
}

function requiredDescriptor() {
  const req = requiredMessage('descriptor');
  return safeString(DESCRIPTOR_MAX_LENGTH + 100, { error: req })
    .trim()
    .min(1, { error: req, abort: true })
    .max(DESCRIPTOR_MAX_LENGTH, DESCRIPTOR_MESSAGE);
}

/** Deposit descriptor: max 22 characters. Required unless `{ required: false }`. */
export function descriptorSchema(opts?: { required?: true }): ReturnType<typeof requiredDescriptor>;
export function descriptorSchema(opts: { required: false }): ReturnType<typeof optionalDescriptor>;
export function descriptorSchema(opts: { required?: boolean } = {}) {
  return opts.required === false ? optionalDescriptor() : requiredDescriptor();
}

/** Birthday 'YYYY-MM-DD': a real date earlier than one day before `now()`. */
export function birthdaySchema(now: () => Date = () => new Date(), field = 'birthday') {
  const req = requiredMessage(field);
  return text('short', { error: req })
    .trim()
    .min(1, { error: req, abort: true })
    .refine((v) => isValidBirthDate(v, now()), BIRTH_DATE_MESSAGE);
}

// ---------------------------------------------------------------------------
// Account forms
// ---------------------------------------------------------------------------

/** Sign-up form schema; `now` is injectable for tests. */
export function makeSignUpSchema(now: () => Date = () => new Date()) {
  return z.object({
    first_name: requiredString('first_name', 'name'),
    last_name: requiredString('last_name', 'name'),
    email: emailSchema('email'),
    password: passwordSchema('password'),
    birthday: birthdaySchema(now),
    terms: z.literal(true, { error: TERMS_MESSAGE }),
  });
}

export const SignUpSchema = makeSignUpSchema();
export type SignUpInput = z.infer<typeof SignUpSchema>;

/** POST /a/v2/users body: the sign-up form without the terms checkbox. */
export const SignUpBodySchema = SignUpSchema.omit({ terms: true });
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const LoginSchema = z.object({
  email: emailSchema('email'),
  password: text('password', { error: requiredMessage('password') }).min(1, requiredMessage('password')),
}) satisfies z.ZodType<LoginInput>;

export const ForgotPasswordSchema = z.object({ email: emailSchema('email') });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z.object({
  new_password: passwordSchema('new_password'),
  reset_token: requiredString('reset_token', 'token'),
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;
