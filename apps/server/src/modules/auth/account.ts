/**
 * Account operations behind the /a/v2 endpoints that are more than one call: the client credential of
 * sign-up, who may see a profile, logout, and the OpenID Connect redirects.
 */
import type { OidcConfig, User } from '@mc/api';
import { can, DomainError, type SignUpBody } from '@mc/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../lib/principal.ts';
import { checkSignUpLimits } from './account-limits.ts';
import {
  clearFlowCookie,
  OIDC_COOKIE,
  OIDC_START_PATH,
  oidcCallback,
  oidcClient,
  oidcStart,
  readCookie,
} from './oidc.ts';
import { announceSessionsRevoked } from './session-events.ts';
import { revokeSession } from './sessions.ts';
import { signUp } from './sign-up.ts';
import { loadUser } from './user-view.ts';

/** Sign-up needs the console's basic client credential (401 otherwise). */
export async function signUpWithClientCredential(
  ctx: AppContext,
  authorization: string | undefined,
  body: SignUpBody,
  meta: { ip: string; log?: FastifyBaseLogger },
): Promise<{ user: User }> {
  const expected = `Basic ${Buffer.from(ctx.config.clientBasicCredential).toString('base64')}`;
  if (authorization !== expected)
    throw new DomainError('UNAUTHENTICATED', 'A valid client credential is required');
  await checkSignUpLimits(ctx.database.db, meta.ip, body.email);
  return { user: await signUp(ctx, body, meta.log) };
}

/** A profile the caller may see: their own, or a teammate's for owners and managers (404 otherwise). */
export async function getVisibleUser(ctx: AppContext, principal: Principal, id: string): Promise<User> {
  const user = await loadUser(ctx.database.db, id, { withPending: id === principal.userId });
  const visible =
    user &&
    (user.id === principal.userId ||
      (user.aux_data.authorized_merchant !== null &&
        user.aux_data.authorized_merchant === principal.tmk &&
        can(principal.roles, 'team.read')));
  if (!visible) throw new DomainError('NOT_FOUND', 'User not found');
  return user;
}

/** Ends this session now, and tells its open event streams. */
export async function logout(ctx: AppContext, principal: Principal): Promise<{ success: true }> {
  await revokeSession(ctx.database.db, principal.sessionId);
  await announceSessionsRevoked(ctx, { user_id: principal.userId, session_id: principal.sessionId });
  return { success: true };
}

export function oidcConfig(ctx: AppContext): OidcConfig {
  const c = oidcClient(ctx);
  return {
    enabled: Boolean(c),
    provider: c?.providerName ?? null,
    google: c?.providerName === 'Google',
    start_path: c ? OIDC_START_PATH : null,
  };
}

export interface Redirect {
  location: string;
  setCookie: string;
}

/** Where the browser goes to sign in with the provider, and the cookie that holds this flow. */
export async function oidcStartRedirect(
  ctx: AppContext,
  callbackPath: string,
  returnTo?: string,
): Promise<Redirect> {
  const { url, cookie } = await oidcStart(ctx, callbackPath, returnTo);
  return { location: url, setCookie: cookie };
}

/**
 * The provider's redirect back: into the console signed in (at `/`, or the start's return path), or to the
 * sign-up page with the reason when refused (the browser is mid-redirect, so a refusal is a page, not an
 * error answer).
 */
export async function oidcCallbackRedirect(
  ctx: AppContext,
  query: Record<string, string | undefined>,
  cookieHeader: string | undefined,
  meta: { ip: string; userAgent?: string; log?: { warn(o: object, m: string): void } },
): Promise<Redirect> {
  const setCookie = clearFlowCookie(ctx);
  try {
    const { token, tmk, returnTo } = await oidcCallback(
      ctx,
      query,
      readCookie(cookieHeader, OIDC_COOKIE),
      meta,
    );
    // returnTo passed safeReturnPath: a path of this origin. The session rides in its query.
    const to = new URL(returnTo ?? '/', 'http://console.invalid');
    to.searchParams.set('jwt', token);
    if (tmk) to.searchParams.set('tmk', tmk);
    return { location: `${to.pathname}${to.search}${to.hash}`, setCookie };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { location: `/signup?${new URLSearchParams({ oidc_error: err.message })}`, setCookie };
  }
}
