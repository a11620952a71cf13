import { optionalPasswordSchema, passwordSchema, requiredString, text } from '@mc/domain';
import { z } from 'zod';

export const UserSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
    birthday: z.string().nullable(),
    date_created: z.string(),
    last_login: z.string().nullable(),
    userRoles: z.array(z.string()),
    aux_data: z.object({ authorized_merchant: z.string().nullable() }),
    /** The address was proven: a confirmation link, an accepted invitation or a verified OpenID sign-in. */
    email_verified: z.boolean(),
    /** A new address waiting for its confirmation link (your own profile only; null otherwise). */
    pending_email: z.string().nullable(),
    /** False for an account that signs in only through OpenID: its changes need a fresh OpenID sign-in. */
    has_password: z.boolean(),
    /** A temporary password from an old invitation: set a new one before anything else. */
    password_must_change: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/**
 * POST /a/v2/users/{id}. A new email or a new password needs `password` (the current one; an account without
 * a password: a fresh OpenID sign-in within 5 minutes). A new email stays pending until its link is opened.
 */
export const UpdateUserBodySchema = z.object({
  first_name: text('name').min(1).optional(),
  last_name: text('name').min(1).optional(),
  email: text('email').optional(),
  phone_number: text('phone').optional(),
  password: text('password').optional(),
  new_password: optionalPasswordSchema(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/** POST /a/v2/accounts/email: the single-use link of a confirmation email (sign-up, resend or new address). */
export const VerifyEmailBodySchema = z
  .object({ token: requiredString('token', 'token') })
  .meta({ id: 'VerifyEmailBody' });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

export const VerifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The address now confirmed (the account's email). */
  email: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** POST /a/v2/accounts/invitation: the invitation link's token and the password the invited person chooses. */
export const AcceptInvitationBodySchema = z
  .object({
    token: requiredString('token', 'token'),
    new_password: passwordSchema('new_password'),
  })
  .meta({ id: 'AcceptInvitationBody' });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;

export const OkSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type Ok = z.infer<typeof OkSchema>;

export const SignUpResponseSchema = z.object({ user: UserSchema });
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

/** `{id}` of a user in a path. */
export const UserIdParamsSchema = z.object({ id: z.uuid({ message: 'Invalid user id' }) });

/** GET /a/v2/oidc/config: which third-party sign-in is configured, and the provider name the button shows. */
export const OidcConfigSchema = z
  .object({
    enabled: z.boolean(),
    provider: z.string().nullable(),
    google: z.boolean(),
    start_path: z.string().nullable(),
  })
  .meta({ id: 'OidcConfig' });
export type OidcConfig = z.infer<typeof OidcConfigSchema>;

/**
 * GET /a/v2/oidc/start: where the console lands after the sign-in. Only a path of this console is kept
 * (one leading `/`, not `//`, no scheme, at most 200 characters); anything else is ignored, not refused.
 */
export const OidcStartQuerySchema = z.object({
  // Bounded like every request string; a path longer than safeReturnPath's 200 characters is ignored, not refused.
  return_to: z.string().max(2000).optional().meta({
    description:
      'A path of this console to land on after the sign-in (e.g. `/settings/profile`); anything that is not such a path is ignored.',
    example: '/settings/profile',
  }),
});
export type OidcStartQuery = z.infer<typeof OidcStartQuerySchema>;

/** The identity provider's redirect back: a code and state, or an error. */
export const OidcCallbackQuerySchema = z
  .object({
    code: text('token').optional(),
    state: text('token').optional(),
    error: text('token').optional(),
    error_description: text('note').optional(),
  })
  .catchall(text('token'));
