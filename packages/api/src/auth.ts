import { optionalPasswordSchema, text } from '@mc/domain';
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
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const UpdateUserBodySchema = z.object({
  first_name: text('name').min(1).optional(),
  last_name: text('name').min(1).optional(),
  email: text('email').optional(),
  phone_number: text('phone').optional(),
  password: text('password').optional(),
  new_password: optionalPasswordSchema(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

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
  return_to: z.string().optional().meta({
    description:
      'A path of this console to land on after the sign-in (e.g. `/profile`); anything that is not such a path is ignored.',
    example: '/profile',
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
