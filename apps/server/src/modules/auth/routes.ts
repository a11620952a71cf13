import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { EndpointHandlers, HandlerInput } from '../../lib/endpoint-handlers.ts';
import {
  getVisibleUser,
  logout,
  oidcCallbackRedirect,
  oidcConfig,
  oidcStartRedirect,
  type Redirect,
  signUpWithClientCredential,
} from './account.ts';
import { acceptInvitation, confirmEmail } from './email-links.ts';
import { login } from './login.ts';
import { OIDC_CALLBACK_PATH, OIDC_GOOGLE_CALLBACK_PATH, oidcClient } from './oidc.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { resolvePrincipal } from './sessions.ts';
import { cancelEmailChange, resendEmailVerification, updateUser } from './update-user.ts';

type AuthOperation =
  | 'login'
  | 'signUp'
  | 'getUser'
  | 'updateUser'
  | 'resendEmailVerification'
  | 'cancelEmailChange'
  | 'verifyEmail'
  | 'acceptInvitation'
  | 'requestPasswordToken'
  | 'resetPassword'
  | 'logout'
  | 'getOidcConfig'
  | 'startOidc'
  | 'oidcCallback'
  | 'startGoogleOidc'
  | 'googleOidcCallback';

const redirectTo = (reply: FastifyReply, r: Redirect) =>
  reply.header('set-cookie', r.setCookie).header('cache-control', 'no-store').redirect(r.location);

const minute = (max: number) => ({ max, timeWindow: '1 minute' });

/** Accounts (/a/v2): sign-in, sign-up, profile, password reset, logout, OpenID Connect. */
export function authHandlers(ctx: AppContext, log: FastifyBaseLogger): EndpointHandlers<AuthOperation> {
  // Discovery at start (cached); a failure is logged and retried on first use.
  oidcClient(ctx)?.warmUp(log);
  const start =
    (callbackPath: string) =>
    async ({ reply, query }: HandlerInput<'startOidc' | 'startGoogleOidc'>) =>
      redirectTo(reply, await oidcStartRedirect(ctx, callbackPath, query.return_to));
  const callback = async ({ req, reply, query }: HandlerInput<'oidcCallback' | 'googleOidcCallback'>) =>
    redirectTo(
      reply,
      await oidcCallbackRedirect(ctx, query, req.headers.cookie, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        log: req.log,
      }),
    );
  // A confirmation link opened signed in keeps that session when the change ends the others; any other
  // header (none, expired, another user's) just keeps nothing.
  const optionalCaller = async (authorization: string | undefined) => {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
    if (!token) return null;
    return resolvePrincipal(ctx, token).catch(() => null);
  };
  return {
    login: {
      rateLimit: minute(60),
      handle: async ({ req, body }) => login(ctx, body, { ip: req.ip, userAgent: req.headers['user-agent'] }),
    },
    signUp: async ({ req, body }) =>
      signUpWithClientCredential(ctx, req.headers.authorization, body, { ip: req.ip, log: req.log }),
    getUser: async ({ principal, params }) => getVisibleUser(ctx, principal, params.id),
    updateUser: async ({ req, principal, params, body }) =>
      updateUser(ctx, principal, params.id, body, { ip: req.ip }),
    resendEmailVerification: {
      rateLimit: minute(10),
      handle: async ({ principal, params }) => resendEmailVerification(ctx, principal, params.id),
    },
    cancelEmailChange: async ({ principal, params }) => cancelEmailChange(ctx, principal, params.id),
    verifyEmail: {
      rateLimit: minute(30),
      handle: async ({ req, body }) =>
        confirmEmail(ctx, body.token, await optionalCaller(req.headers.authorization)),
    },
    acceptInvitation: {
      rateLimit: minute(30),
      handle: async ({ req, body }) =>
        acceptInvitation(ctx, body.token, body.new_password, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        }),
    },
    requestPasswordToken: {
      rateLimit: minute(10),
      handle: async ({ body }) => requestPasswordReset(ctx, body.email),
    },
    resetPassword: async ({ body }) => resetPassword(ctx, body.reset_token, body.new_password),
    logout: async ({ principal }) => logout(ctx, principal),
    getOidcConfig: async () => oidcConfig(ctx),
    startOidc: { rateLimit: minute(30), handle: start(OIDC_CALLBACK_PATH) },
    oidcCallback: { rateLimit: minute(30), handle: callback },
    startGoogleOidc: { rateLimit: minute(30), handle: start(OIDC_GOOGLE_CALLBACK_PATH) },
    googleOidcCallback: { rateLimit: minute(30), handle: callback },
  };
}
