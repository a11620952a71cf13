/**
 * OpenID Connect sign-in against a local provider stand-in (discovery, JWKS, RS256 ID token, a token
 * endpoint that checks the PKCE verifier): the whole flow through the API, and the refusals: another
 * browser's state, a replayed state, a wrong nonce, an expired code, an unverified email; discovery that
 * fails at start and recovers on first use.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.ts';
import { type OidcProviderStandIn, startOidcProvider } from '../../test/oidc-provider.ts';
import { clearFlowCookie, OIDC_COOKIE, oidcProviderName } from './oidc.ts';

let op: OidcProviderStandIn;
let t: TestApp;

beforeAll(async () => {
  op = await startOidcProvider();
  op.failDiscovery(1); // the discovery at start fails: the server starts anyway
  t = await createTestApp({
    config: {
      oidc: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, name: 'Contoso ID' },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

/** Starts a flow: the provider URL and this browser's flow cookie. */
async function start(path = '/a/v2/oidc/start') {
  const res = await t.app.inject({ method: 'GET', url: path });
  expect(res.statusCode, res.body).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0]!;
  return { location: String(res.headers.location), setCookie, cookie };
}
const callback = (params: Record<string, string>, cookie?: string, path = '/a/v2/oidc/callback') =>
  t.app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams(params)}`,
    headers: cookie ? { cookie } : {},
  });
/** A refused sign-in: back to /signup with the reason (the browser is mid-redirect), no session. */
function expectRefused(res: { statusCode: number; headers: Record<string, unknown> }, message?: string) {
  expect(res.statusCode).toBe(302);
  const to = new URL(String(res.headers.location), 'http://x');
  expect(to.pathname).toBe('/signup');
  expect(to.searchParams.get('jwt')).toBeNull();
  if (message) expect(to.searchParams.get('oidc_error')).toBe(message);
  else expect(to.searchParams.get('oidc_error')).toBeTruthy();
}
const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1))[0];

describe(`OpenID Connect with any provider (${TEST_DB})`, () => {
  it('the console learns the provider name; discovery failing at start did not stop the server', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/a/v2/oidc/config' });
    expect(res.json()).toEqual({
      enabled: true,
      provider: 'Contoso ID',
      google: false,
      start_path: '/a/v2/oidc/start',
    });
  });

  it('start: discovery is retried on first use, then a redirect with PKCE S256, state and nonce, and the flow cookie', async () => {
    const { location, setCookie } = await start();
    expect(op.discoveryCount()).toBe(2);
    const u = new URL(location);
    expect(`${u.origin}${u.pathname}`).toBe(`${op.issuer}/authorize`);
    expect(u.searchParams.get('client_id')).toBe(op.clientId);
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('redirect_uri')).toBe(`${t.ctx.config.publicUrl}/a/v2/oidc/callback`);
    expect(u.searchParams.get('scope')).toBe('openid email profile');
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(u.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(u.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(setCookie).toMatch(new RegExp(`^${OIDC_COOKIE}=[\\w-]+\\.[\\w-]+\\.[\\w-]+; `));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/a/v2/oidc');
    expect(setCookie).toContain('Max-Age=600');
    expect(setCookie).not.toContain('Secure'); // not in production
    await start();
    expect(op.discoveryCount()).toBe(2); // the metadata is cached: no new discovery
  });

  it('the whole flow: code + state + this browser cookie → session, new account and store; the cookie is cleared', async () => {
    const { location, cookie } = await start();
    const state = new URL(location).searchParams.get('state')!;
    const code = op.issueCode(location, { email: 'nora@contoso.test' });
    const res = await callback({ code, state }, cookie);
    expect(res.statusCode, res.body).toBe(302);
    const to = new URL(String(res.headers.location), 'http://x');
    expect(to.pathname).toBe('/');
    expect(to.searchParams.get('jwt')).toBeTruthy();
    expect(to.searchParams.get('tmk')).toBeTruthy();
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${OIDC_COOKIE}=; .*Max-Age=0`));
    // The token request carried the PKCE verifier matching the challenge (the stand-in checked it).
    const form = op.tokenRequests.at(-1)!;
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);
    expect(form.get('redirect_uri')).toBe(`${t.ctx.config.publicUrl}/a/v2/oidc/callback`);
    const user = await userByEmail('nora@contoso.test');
    expect(user).toMatchObject({ first_name: 'Nora', last_name: 'Owner', roles: ['merch.owner'] });
    // The session works.
    const me = await t.app.inject({
      method: 'GET',
      url: `/a/v2/users/${user!.id}`,
      headers: { authorization: `Bearer ${to.searchParams.get('jwt')}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('a replayed state (the same callback again, even with a fresh code) is refused, without calling the provider', async () => {
    const { location, cookie } = await start();
    const state = new URL(location).searchParams.get('state')!;
    expect(
      (await callback({ code: op.issueCode(location, { email: 'replay@contoso.test' }), state }, cookie))
        .statusCode,
    ).toBe(302);
    const tokenCalls = op.tokenRequests.length;
    const again = await callback(
      { code: op.issueCode(location, { email: 'replay@contoso.test' }), state },
      cookie,
    );
    expectRefused(again, 'The Contoso ID sign-in has expired. Please try again.');
    expect(op.tokenRequests.length).toBe(tokenCalls);
  });

  it("login CSRF: a state from another browser's flow, or no cookie at all, is refused", async () => {
    const mine = await start();
    const theirs = await start();
    const theirState = new URL(theirs.location).searchParams.get('state')!;
    const code = op.issueCode(theirs.location, { email: 'victim@contoso.test' });
    const expired = 'The Contoso ID sign-in has expired. Please try again.';
    expectRefused(await callback({ code, state: theirState }, mine.cookie), expired);
    expectRefused(await callback({ code, state: theirState }), expired);
    expectRefused(await callback({ code, state: theirState }, `${OIDC_COOKIE}=forged.cookie.value`), expired);
    expect(await userByEmail('victim@contoso.test')).toBeUndefined();
  });

  it('a wrong nonce in the ID token is refused and creates nothing', async () => {
    const { location, cookie } = await start();
    const state = new URL(location).searchParams.get('state')!;
    const code = op.issueCode(location, { email: 'nonce@contoso.test', nonce: 'someone-elses-nonce' });
    const res = await callback({ code, state }, cookie);
    expectRefused(res, 'Contoso ID did not accept the sign-in. Please try again.');
    expect(await userByEmail('nonce@contoso.test')).toBeUndefined();
  });

  it('an expired code is refused by the provider → refused, nothing created', async () => {
    const { location, cookie } = await start();
    const state = new URL(location).searchParams.get('state')!;
    const code = op.issueCode(location, { email: 'late@contoso.test', expiresInMs: -1 });
    const res = await callback({ code, state }, cookie);
    expectRefused(res);
    expect(await userByEmail('late@contoso.test')).toBeUndefined();
  });

  it('an email the provider did not verify is refused', async () => {
    const { location, cookie } = await start();
    const state = new URL(location).searchParams.get('state')!;
    const code = op.issueCode(location, { email: 'unverified@contoso.test', emailVerified: false });
    const res = await callback({ code, state }, cookie);
    expectRefused(res);
    expect(await userByEmail('unverified@contoso.test')).toBeUndefined();
  });

  it('the provider answering with an error (user cancelled) → refused with a message', async () => {
    const { location, cookie } = await start();
    const state = new URL(location).searchParams.get('state')!;
    const res = await callback({ error: 'access_denied', state }, cookie);
    expectRefused(res, 'Contoso ID did not complete the sign-in.');
  });

  it('the Google paths stay as aliases (their own redirect URI), and an existing account signs in', async () => {
    const { location, cookie } = await start('/a/v2/oidc/google/start');
    expect(new URL(location).searchParams.get('redirect_uri')).toBe(
      `${t.ctx.config.publicUrl}/a/v2/oidc/google/callback`,
    );
    const state = new URL(location).searchParams.get('state')!;
    const code = op.issueCode(location, { email: 'NORA@contoso.test' });
    const res = await callback({ code, state }, cookie, '/a/v2/oidc/google/callback');
    expect(res.statusCode, res.body).toBe(302);
    const count = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'nora@contoso.test'`);
    expect(count).toHaveLength(1);
    expect(op.tokenRequests.at(-1)!.get('redirect_uri')).toBe(
      `${t.ctx.config.publicUrl}/a/v2/oidc/google/callback`,
    );
  });
});

describe('OpenID settings', () => {
  it('OIDC_* with Google as the default issuer; OIDC_GOOGLE_* still work', () => {
    expect(
      loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'x',
        OIDC_GOOGLE_CLIENT_ID: 'g',
        OIDC_GOOGLE_CLIENT_SECRET: 's',
      }).oidc,
    ).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'g',
      clientSecret: 's',
      name: undefined,
    });
    expect(
      loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'x',
        OIDC_ISSUER: 'https://login.microsoftonline.com/tid/v2.0/',
        OIDC_CLIENT_ID: 'm',
        OIDC_CLIENT_SECRET: 's',
      }).oidc,
    ).toMatchObject({ issuer: 'https://login.microsoftonline.com/tid/v2.0', clientId: 'm' });
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x' }).oidc).toBeUndefined();
  });

  it('names the provider: Google, Microsoft, else the host', () => {
    expect(oidcProviderName('https://accounts.google.com')).toBe('Google');
    expect(oidcProviderName('https://login.microsoftonline.com/tid/v2.0')).toBe('Microsoft');
    expect(oidcProviderName('https://id.example.org')).toBe('id.example.org');
  });

  it('the flow cookie is Secure in production', () => {
    const ctx = { config: { env: 'production' } } as AppContext;
    expect(clearFlowCookie(ctx)).toContain('Secure');
  });

  it('with no OIDC settings, the config says so and start is a 404', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/a/v2/oidc/config' })).json()).toEqual({
        enabled: false,
        provider: null,
        google: false,
        start_path: null,
      });
      expect((await plain.app.inject({ method: 'GET', url: '/a/v2/oidc/start' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
