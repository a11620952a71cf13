/**
 * Sign-in with any OpenID Connect provider (Google by default) through `openid-client`:
 *
 * - Discovery: OIDC_ISSUER's metadata is fetched when the server starts and cached; a failure does not stop
 *   the start (it is logged and discovery is tried again on the next sign-in).
 * - Authorization code flow with PKCE (S256). `state`, `nonce`, the PKCE verifier and the redirect URI are
 *   kept in a short-lived (10 min) cookie of the browser that started the flow: HttpOnly, SameSite=Lax,
 *   Secure in production, signed with the server's secret, path /a/v2/oidc. The callback accepts only the
 *   state in that cookie, once (a replayed state is refused), and clears the cookie.
 * - The ID token is checked by openid-client (signature against the provider's JWKS, issuer, audience,
 *   expiry, nonce). A provider that follows the OpenID Connect core rules returns the `email` scope's
 *   claims from userinfo, not in the ID token: when the ID token lacks `email` or `email_verified`, both
 *   are read from userinfo (openid-client checks that its `sub` is the ID token's).
 * - Which account the identity signs in to, links or creates: oidc-accounts.ts.
 * - An optional `return_to` path of this console (safeReturnPath) rides in the flow cookie: the callback
 *   lands there instead of `/`.
 */
import { endpoints } from '@mc/api';
import { DomainError, safeReturnPath } from '@mc/domain';
import { jwtVerify, SignJWT } from 'jose';
import * as client from 'openid-client';
import type { AppContext } from '../../context.ts';
import {
  accountForIdentity,
  type OidcAccountOutcome,
  type OidcIdentity,
  UnverifiedOidcEmail,
  unverifiedEmailMessage,
} from './oidc-accounts.ts';
import { createSession } from './sessions.ts';

export const OIDC_START_PATH = endpoints.startOidc.path;
export const OIDC_CALLBACK_PATH = endpoints.oidcCallback.path;
export const OIDC_GOOGLE_START_PATH = endpoints.startGoogleOidc.path;
export const OIDC_GOOGLE_CALLBACK_PATH = endpoints.googleOidcCallback.path;
export const OIDC_COOKIE = 'mc_oidc';
const FLOW_TTL_SECONDS = 600;
export const OIDC_NOT_CONFIGURED = 'Sign-in with an identity provider is not configured on this server.';

/** 'Google' for Google's issuer, a known name for a few others, else the issuer's host name. */
export function oidcProviderName(issuer: string): string {
  const host = new URL(issuer).hostname.toLowerCase();
  if (host === 'accounts.google.com') return 'Google';
  if (host === 'login.microsoftonline.com' || host.endsWith('.microsoftonline.com')) return 'Microsoft';
  if (host.endsWith('okta.com')) return 'Okta';
  if (host.endsWith('auth0.com')) return 'Auth0';
  return host;
}

interface FlowCookie {
  state: string;
  nonce: string;
  verifier: string;
  redirect_uri: string;
  /** A path of this console to land on after the callback (safeReturnPath), or absent. */
  return_to?: string;
}

class OidcClient {
  private config: client.Configuration | undefined;
  private pending: Promise<client.Configuration> | undefined;
  private warm: Promise<void> | undefined;
  /** States already used by a callback in this process (with their expiry): a replay is refused. */
  private readonly consumed = new Map<string, number>();

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: NonNullable<AppContext['config']['oidc']>,
  ) {}

  get providerName(): string {
    return this.settings.name ?? oidcProviderName(this.settings.issuer);
  }

  /** The cached provider configuration, discovering it when missing (first use after a failed start). */
  async configuration(): Promise<client.Configuration> {
    if (this.config) return this.config;
    this.pending ??= (async () => {
      const insecure =
        new URL(this.settings.issuer).protocol === 'http:' && this.ctx.config.env !== 'production';
      const c = await client.discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        { timeout: 10, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
      );
      c.timeout = 10;
      this.config = c;
      return c;
    })().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** At start: discover once; a failure is logged, not thrown. */
  warmUp(log: { info(o: object, m: string): void; warn(o: object, m: string): void }): void {
    this.warm = this.configuration().then(
      () => log.info({ issuer: this.settings.issuer }, 'OpenID provider discovered'),
      (err: unknown) =>
        log.warn(
          { issuer: this.settings.issuer, err: err instanceof Error ? err.message : String(err) },
          'OpenID discovery failed; it will be retried on the next sign-in',
        ),
    );
  }

  private async available(): Promise<client.Configuration> {
    // The first sign-in waits for the discovery begun at start; if that failed, it discovers again.
    if (this.warm) await this.warm;
    this.warm = undefined;
    try {
      return await this.configuration();
    } catch {
      throw new DomainError(
        'UNAVAILABLE',
        `Sign-in with ${this.providerName} is not available right now. Please try again later.`,
      );
    }
  }

  /** The provider's authorization URL and the flow cookie to set. */
  async start(redirectUri: string, returnTo?: string | null): Promise<{ url: string; cookie: string }> {
    const config = await this.available();
    const flow: FlowCookie = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      redirect_uri: redirectUri,
      ...(returnTo ? { return_to: returnTo } : {}),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      ...(this.providerName === 'Google' ? { prompt: 'select_account' } : {}),
    });
    const value = await new SignJWT({ ...flow, purpose: 'oidc-flow' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
      .sign(this.ctx.config.jwtSecret);
    return { url: url.href, cookie: flowCookie(this.ctx, value, FLOW_TTL_SECONDS) };
  }

  /**
   * Checks the return against this browser's flow cookie, redeems the code, and answers the identity (the
   * ID token's claims, completed from userinfo when it lacks the email) and the flow's return path.
   */
  async finish(
    query: Record<string, string | undefined>,
    cookieValue: string | undefined,
    log?: { warn(o: object, m: string): void },
  ): Promise<{ identity: OidcIdentity; returnTo: string | null }> {
    const expired = () =>
      new DomainError('UNAUTHENTICATED', `The ${this.providerName} sign-in has expired. Please try again.`);
    if (query.error) {
      throw new DomainError('UNAUTHENTICATED', `${this.providerName} did not complete the sign-in.`);
    }
    if (!cookieValue || !query.state || !query.code) throw expired();
    let flow: FlowCookie;
    try {
      const { payload } = await jwtVerify(cookieValue, this.ctx.config.jwtSecret, { algorithms: ['HS256'] });
      if (payload.purpose !== 'oidc-flow') throw new Error('not a flow cookie');
      flow = payload as unknown as FlowCookie;
    } catch {
      throw expired();
    }
    const now = Date.now();
    for (const [s, until] of this.consumed) if (until < now) this.consumed.delete(s);
    if (query.state !== flow.state || this.consumed.has(flow.state)) throw expired();
    this.consumed.set(flow.state, now + FLOW_TTL_SECONDS * 1000);
    const config = await this.available();
    const current = new URL(flow.redirect_uri);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) current.searchParams.set(k, v);
    let identity: OidcIdentity;
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token claims');
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== 'string' || typeof claims.email_verified !== 'boolean') {
        // The email scope's claims come from userinfo; its subject must be the ID token's.
        profile = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      }
      identity = {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof profile.email === 'string' ? profile.email.trim() : null,
        emailVerified: profile.email_verified === true,
        ...(typeof profile.given_name === 'string' ? { givenName: profile.given_name } : {}),
        ...(typeof profile.family_name === 'string' ? { familyName: profile.family_name } : {}),
      };
    } catch (err) {
      log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'OpenID sign-in refused');
      throw new DomainError(
        'UNAUTHENTICATED',
        `${this.providerName} did not accept the sign-in. Please try again.`,
      );
    }
    return { identity, returnTo: safeReturnPath(flow.return_to) };
  }
}

const clients = new WeakMap<AppContext, OidcClient>();

/** This server's OpenID client, or null when OIDC_CLIENT_ID/SECRET are not set. */
export function oidcClient(ctx: AppContext): OidcClient | null {
  if (!ctx.config.oidc) return null;
  let c = clients.get(ctx);
  if (!c) {
    c = new OidcClient(ctx, ctx.config.oidc);
    clients.set(ctx, c);
  }
  return c;
}

function requireClient(ctx: AppContext): OidcClient {
  const c = oidcClient(ctx);
  if (!c) throw new DomainError('NOT_FOUND', OIDC_NOT_CONFIGURED);
  return c;
}

function flowCookie(ctx: AppContext, value: string, maxAge: number): string {
  return [
    `${OIDC_COOKIE}=${value}`,
    'Path=/a/v2/oidc',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
    ...(ctx.config.env === 'production' ? ['Secure'] : []),
  ].join('; ');
}

export const clearFlowCookie = (ctx: AppContext) => flowCookie(ctx, '', 0);

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=') || undefined;
  }
  return undefined;
}

export async function oidcStart(ctx: AppContext, callbackPath: string, returnTo?: string) {
  return requireClient(ctx).start(`${ctx.config.publicUrl}${callbackPath}`, safeReturnPath(returnTo));
}

/** The callback: flow checks, code exchange, then the account the identity signs in to (oidc-accounts.ts). */
export async function oidcCallback(
  ctx: AppContext,
  query: Record<string, string | undefined>,
  cookieValue: string | undefined,
  meta: { ip: string; userAgent?: string; log?: { warn(o: object, m: string): void } },
): Promise<{ token: string; tmk: string | null; returnTo: string | null; outcome: OidcAccountOutcome }> {
  const c = requireClient(ctx);
  const { identity, returnTo } = await c.finish(query, cookieValue, meta.log);
  let account: Awaited<ReturnType<typeof accountForIdentity>>;
  try {
    account = await accountForIdentity(ctx, identity, c.providerName, meta.log);
  } catch (err) {
    if (err instanceof UnverifiedOidcEmail)
      throw new DomainError('UNAUTHENTICATED', unverifiedEmailMessage(c.providerName));
    throw err;
  }
  const token = await createSession(ctx, account.userId, { ip: meta.ip, userAgent: meta.userAgent });
  return { token, tmk: account.tmk, returnTo, outcome: account.outcome };
}
