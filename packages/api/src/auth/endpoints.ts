/**
 * Accounts (/a/v2): sign-in, sign-up, the signed-in user's profile and email, password reset, logout and
 * OpenID Connect. Its part of the endpoint table (endpoints.ts).
 */
import { ForgotPasswordSchema, LoginSchema, ResetPasswordSchema, SignUpBodySchema } from '@mc/domain';
import { bodyErrors, errors, TAGS } from '../endpoint-parts.ts';
import { type Endpoint, redirect } from '../endpoint-types.ts';
import {
  AcceptInvitationBodySchema,
  LoginResponseSchema,
  OidcCallbackQuerySchema,
  OidcConfigSchema,
  OidcStartQuerySchema,
  OkSchema,
  SignUpResponseSchema,
  UpdateUserBodySchema,
  UserIdParamsSchema,
  UserSchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
} from './schemas.ts';

const oidcStartDescription =
  'Redirects to the provider (authorization code flow with PKCE S256) and sets a 10-minute HttpOnly, ' +
  'SameSite=Lax cookie holding the state and nonce of this browser (and `return_to`, when it is a path of ' +
  'this console).';
const oidcCallbackDescription =
  "Accepts only the state held in this browser's cookie, once; redeems the code with the PKCE verifier " +
  'and checks the ID token (signature, issuer, audience, expiry, nonce); reads the email from userinfo ' +
  '(subject checked) when the ID token lacks it. Signs in the account linked to this issuer and subject, ' +
  'else links a verified email to its account (an account whose email was never proven loses its password ' +
  'and sessions to the identity), else creates one. Redirects to the console signed in ' +
  "(`/?jwt=…&tmk=…`, or the start's `return_to` path), or to `/signup?oidc_error=<reason>` when refused.";

export const authEndpoints = {
  login: {
    method: 'POST',
    path: '/a/v2/login',
    tags: TAGS.accounts,
    summary: 'Sign in',
    access: 'public',
    body: LoginSchema,
    responses: { 200: LoginResponseSchema, ...errors(400, 401, 404, 429), ...bodyErrors },
  },
  signUp: {
    method: 'POST',
    path: '/a/v2/users',
    tags: TAGS.accounts,
    summary: 'Sign up (basic client credential)',
    description:
      'Creates the account and a store owned by it, and emails a link that confirms the address (24 hours, ' +
      'once); the account works at once. Needs `Authorization: Basic` with the console client credential. ' +
      'At most 5 sign-ups a minute and 20 an hour from one client address, and 10 a minute per email domain: ' +
      'more is 429 with Retry-After.',
    access: 'public',
    body: SignUpBodySchema,
    responses: { 201: SignUpResponseSchema, ...errors(400, 401, 404, 409, 429), ...bodyErrors },
  },
  getUser: {
    method: 'GET',
    path: '/a/v2/users/{id}',
    tags: TAGS.accounts,
    summary: 'A user profile (self, or a teammate for owners and managers)',
    access: 'self',
    params: UserIdParamsSchema,
    responses: { 200: UserSchema, ...errors(400, 401, 404) },
  },
  updateUser: {
    method: 'POST',
    path: '/a/v2/users/{id}',
    tags: TAGS.accounts,
    summary: 'Update your own profile',
    description:
      'A new `email` or `new_password` needs `password`, the current one (400 naming `password` without it or ' +
      'when wrong; wrong guesses count with failed sign-ins, so the 11th in a row is 429). An account without ' +
      'a password instead needs an OpenID sign-in within the last 5 minutes. A new email stays pending ' +
      '(`pending_email`) until the link mailed to it is opened; the current address is told. A new password ' +
      'ends every other session.',
    access: 'self',
    params: UserIdParamsSchema,
    body: UpdateUserBodySchema,
    responses: { 200: UserSchema, ...errors(400, 401, 404, 409, 429), ...bodyErrors },
  },
  resendEmailVerification: {
    method: 'POST',
    path: '/a/v2/users/{id}/email/verification',
    tags: TAGS.accounts,
    summary: 'Email the confirmation link again (the pending new address, else the unconfirmed one)',
    description: 'At most 3 confirmation emails an hour per account (429 with Retry-After).',
    access: 'self',
    params: UserIdParamsSchema,
    responses: { 200: OkSchema, ...errors(400, 401, 404, 409, 429), ...bodyErrors },
  },
  cancelEmailChange: {
    method: 'POST',
    path: '/a/v2/users/{id}/email/cancel',
    tags: TAGS.accounts,
    summary: 'Cancel the pending new email (its link stops working)',
    access: 'self',
    params: UserIdParamsSchema,
    responses: { 200: UserSchema, ...errors(400, 401, 404), ...bodyErrors },
  },
  verifyEmail: {
    method: 'POST',
    path: '/a/v2/accounts/email',
    tags: TAGS.accounts,
    summary: 'Confirm an email address with the token of its link',
    description:
      'A sign-up link marks the address confirmed; a new-address link makes it the account email and ends ' +
      'every other session of the account (the bearer session sending it, if any, stays). Each link works ' +
      'once and for 24 hours; otherwise 400 naming `token`.',
    access: 'public',
    body: VerifyEmailBodySchema,
    responses: { 200: VerifyEmailResponseSchema, ...errors(400, 401, 404, 409, 429), ...bodyErrors },
  },
  acceptInvitation: {
    method: 'POST',
    path: '/a/v2/accounts/invitation',
    tags: TAGS.accounts,
    summary: 'Accept an invitation: set your password with the token of the invitation link, and sign in',
    description:
      'The link works once and for 7 days (otherwise 400 naming `token`). The address it was sent to is ' +
      'confirmed; other sessions of the account end.',
    access: 'public',
    body: AcceptInvitationBodySchema,
    responses: { 200: LoginResponseSchema, ...errors(400, 401, 404, 429), ...bodyErrors },
  },
  requestPasswordToken: {
    method: 'POST',
    path: '/a/v2/accounts/password_token',
    tags: TAGS.accounts,
    summary: 'Email a password reset link',
    access: 'public',
    body: ForgotPasswordSchema,
    responses: { 200: OkSchema, ...errors(400, 401, 404, 429), ...bodyErrors },
  },
  resetPassword: {
    method: 'POST',
    path: '/a/v2/accounts/password',
    tags: TAGS.accounts,
    summary: 'Set a new password with a reset token',
    access: 'public',
    body: ResetPasswordSchema,
    responses: { 200: OkSchema, ...errors(400, 401, 404), ...bodyErrors },
  },
  logout: {
    method: 'POST',
    path: '/a/v2/logout',
    tags: TAGS.accounts,
    summary: 'End this session',
    access: 'self',
    responses: { 200: OkSchema, ...errors(400, 401), ...bodyErrors },
  },
  getOidcConfig: {
    method: 'GET',
    path: '/a/v2/oidc/config',
    tags: TAGS.accounts,
    summary: 'Which third-party sign-in is configured, and the provider name the button shows',
    access: 'public',
    responses: { 200: OidcConfigSchema, ...errors(400) },
  },
  startOidc: {
    method: 'GET',
    path: '/a/v2/oidc/start',
    tags: TAGS.accounts,
    summary: 'Start sign-in with the identity provider (OpenID Connect)',
    description: oidcStartDescription,
    access: 'public',
    query: OidcStartQuerySchema,
    responses: { 302: redirect('To the identity provider'), ...errors(400, 404, 429, 502) },
  },
  oidcCallback: {
    method: 'GET',
    path: '/a/v2/oidc/callback',
    tags: TAGS.accounts,
    summary: 'Sign-in callback (OpenID Connect)',
    description: oidcCallbackDescription,
    access: 'public',
    query: OidcCallbackQuerySchema,
    responses: { 302: redirect('To the console, signed in or with the reason'), ...errors(400, 429) },
  },
  startGoogleOidc: {
    method: 'GET',
    path: '/a/v2/oidc/google/start',
    tags: TAGS.accounts,
    summary: 'Start sign-in with the identity provider (Google (alias))',
    description: oidcStartDescription,
    access: 'public',
    query: OidcStartQuerySchema,
    responses: { 302: redirect('To the identity provider'), ...errors(400, 404, 429, 502) },
  },
  googleOidcCallback: {
    method: 'GET',
    path: '/a/v2/oidc/google/callback',
    tags: TAGS.accounts,
    summary: 'Sign-in callback (Google (alias))',
    description: oidcCallbackDescription,
    access: 'public',
    query: OidcCallbackQuerySchema,
    responses: { 302: redirect('To the console, signed in or with the reason'), ...errors(400, 429) },
  },
} as const satisfies Record<string, Endpoint>;
