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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { login } from './login.ts';
import {
  clearFlowCookie,
  OIDC_CALLBACK_PATH,
  OIDC_COOKIE,
  OIDC_GOOGLE_CALLBACK_PATH,
  OIDC_GOOGLE_START_PATH,
  OIDC_START_PATH,
  oidcCallback,
  oidcClient,
  oidcStart,
  readCookie,
} from './oidc.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { announceSessionsRevoked } from './session-events.ts';
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
      await announceSessionsRevoked(ctx, { user_id: principal.userId, session_id: principal.sessionId });
      return { success: true as const };
    },
  );

  const oidcConfig = () => {
    const c = oidcClient(ctx);
    return {
      enabled: Boolean(c),
      provider: c?.providerName ?? null,
      google: c?.providerName === 'Google',
      start_path: c ? OIDC_START_PATH : null,
    };
  };
  app.get(
    '/a/v2/oidc/config',
    {
      schema: {
        tags,
        summary: 'Which third-party sign-in is configured, and the provider name the button shows',
        response: {
          200: z.object({
            enabled: z.boolean(),
            provider: z.string().nullable(),
            google: z.boolean(),
            start_path: z.string().nullable(),
          }),
        },
      },
    },
    async () => oidcConfig(),
  );

  // Discovery at start (cached); a failure is logged and retried on first use.
  oidcClient(ctx)?.warmUp(root.log);

  const start = (callbackPath: string) => async (_req: unknown, reply: FastifyReply) => {
    const { url, cookie } = await oidcStart(ctx, callbackPath);
    reply.header('set-cookie', cookie).header('cache-control', 'no-store');
    return reply.redirect(url);
  };
  const CallbackQuery = z
    .object({
      code: text('token').optional(),
      state: text('token').optional(),
      error: text('token').optional(),
      error_description: text('note').optional(),
    })
    .catchall(text('token'));
  const callback = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('set-cookie', clearFlowCookie(ctx)).header('cache-control', 'no-store');
    const query = req.query as Record<string, string | undefined>;
    try {
      const { token, tmk } = await oidcCallback(ctx, query, readCookie(req.headers.cookie, OIDC_COOKIE), {
        ip: req.ip,
        log: req.log,
      });
      const q = new URLSearchParams({ jwt: token, ...(tmk ? { tmk } : {}) });
      return reply.redirect(`/?${q}`);
    } catch (err) {
      // The browser is mid-redirect: back to the sign-up page, which shows the reason.
      if (!(err instanceof DomainError)) throw err;
      return reply.redirect(`/signup?${new URLSearchParams({ oidc_error: err.message })}`);
    }
  };
  for (const [startPath, callbackPath, name] of [
    [OIDC_START_PATH, OIDC_CALLBACK_PATH, 'OpenID Connect'],
    [OIDC_GOOGLE_START_PATH, OIDC_GOOGLE_CALLBACK_PATH, 'Google (alias)'],
  ] as const) {
    app.get(
      startPath,
      {
        schema: {
          tags,
          summary: `Start sign-in with the identity provider (${name})`,
          description:
            'Redirects to the provider (authorization code flow with PKCE S256) and sets a 10-minute HttpOnly, ' +
            'SameSite=Lax cookie holding the state and nonce of this browser.',
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      start(callbackPath),
    );
    app.get(
      callbackPath,
      {
        schema: {
          tags,
          summary: `Sign-in callback (${name})`,
          description:
            "Accepts only the state held in this browser's cookie, once; redeems the code with the PKCE verifier " +
            'and checks the ID token (signature, issuer, audience, expiry, nonce, verified email). Redirects to ' +
            'the console signed in (`/?jwt=…&tmk=…`), or to `/signup?oidc_error=<reason>` when refused.',
          querystring: CallbackQuery,
        },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      callback,
    );
  }
}
