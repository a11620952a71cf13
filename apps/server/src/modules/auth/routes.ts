import { ErrorBodySchema, LoginResponseSchema, OkSchema, UpdateUserBodySchema, UserSchema } from '@mc/api';
import {
  can,
  DomainError,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordSchema,
  SignUpBodySchema,
  text,
} from '@mc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { login } from './login.ts';
import { googleCallback, googleStartUrl } from './oidc-google.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { revokeSession } from './sessions.ts';
import { signUp } from './sign-up.ts';
import { updateUser } from './update-user.ts';
import { loadUser } from './user-view.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const IdParams = z.object({ id: z.uuid({ message: 'Invalid user id' }) });

export function registerAuthRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['Accounts'];

  app.post(
    '/a/v2/login',
    {
      schema: {
        tags,
        summary: 'Sign in',
        body: LoginSchema,
        response: { 200: LoginResponseSchema, ...errors, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (req) => login(ctx, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] }),
  );

  app.post(
    '/a/v2/users',
    {
      schema: {
        tags,
        summary: 'Sign up (basic client credential)',
        description:
          'Creates the account and a store owned by it. Needs `Authorization: Basic` with the console client credential.',
        body: SignUpBodySchema,
        response: { 201: z.object({ user: UserSchema }), ...errors, 409: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const expected = `Basic ${Buffer.from(ctx.config.clientBasicCredential).toString('base64')}`;
      if (req.headers.authorization !== expected)
        throw new DomainError('UNAUTHENTICATED', 'A valid client credential is required');
      const user = await signUp(ctx, req.body);
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/a/v2/users/:id',
    {
      schema: {
        tags,
        summary: 'A user profile (self, or a teammate for owners and managers)',
        params: IdParams,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (req) => {
      const principal = await requireUser(ctx, req);
      const user = await loadUser(ctx.database.db, req.params.id);
      const visible =
        user &&
        (user.id === principal.userId ||
          (user.aux_data.authorized_merchant !== null &&
            user.aux_data.authorized_merchant === principal.tmk &&
            can(principal.roles, 'team.read')));
      if (!visible) throw new DomainError('NOT_FOUND', 'User not found');
      return user;
    },
  );

  app.post(
    '/a/v2/users/:id',
    {
      schema: {
        tags,
        summary: 'Update your own profile',
        params: IdParams,
        body: UpdateUserBodySchema,
        response: { 200: UserSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (req) => updateUser(ctx, await requireUser(ctx, req), req.params.id, req.body),
  );

  app.post(
    '/a/v2/accounts/password_token',
    {
      schema: {
        tags,
        summary: 'Email a password reset link',
        body: ForgotPasswordSchema,
        response: { 200: OkSchema, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => {
      await requestPasswordReset(ctx, req.body.email);
      return { success: true as const };
    },
  );

  app.post(
    '/a/v2/accounts/password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: ResetPasswordSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => {
      await resetPassword(ctx, req.body.reset_token, req.body.new_password);
      return { success: true as const };
    },
  );

  app.post(
    '/a/v2/logout',
    { schema: { tags, summary: 'End this session', response: { 200: OkSchema, 401: ErrorBodySchema } } },
    async (req) => {
      const principal = await requireUser(ctx, req);
      await revokeSession(ctx.database.db, principal.sessionId);
      return { success: true as const };
    },
  );

  app.get(
    '/a/v2/oidc/config',
    {
      schema: {
        tags,
        summary: 'Which third-party sign-ins are configured',
        response: { 200: z.object({ google: z.boolean() }) },
      },
    },
    async () => ({ google: Boolean(ctx.config.oidcGoogle) }),
  );

  app.get(
    '/a/v2/oidc/google/start',
    { schema: { tags, summary: 'Start Google sign-in (OpenID Connect)', hide: false } },
    async (_req, reply) => reply.redirect(await googleStartUrl(ctx)),
  );

  app.get(
    '/a/v2/oidc/google/callback',
    {
      schema: {
        tags,
        summary: 'Google sign-in callback',
        querystring: z.object({ code: text('token').min(1), state: text('token').min(1) }),
      },
    },
    async (req, reply) => {
      const { token, tmk } = await googleCallback(ctx, req.query.code, req.query.state, { ip: req.ip });
      const q = new URLSearchParams({ jwt: token, ...(tmk ? { tmk } : {}) });
      return reply.redirect(`/?${q}`);
    },
  );
}
