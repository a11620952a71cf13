/**
 * OpenID Connect sign-in against the real `oidc-provider` on its defaults (the ID token carries no email:
 * userinfo does), its login and consent pages posted over HTTP: the whole flow through the API; which
 * account an identity reaches (linked subject first, a proven email linked, an unproven one taken over,
 * else a new password-less account); the return path; and the refusals: another browser's state, a
 * replayed state, a wrong nonce, another flow's code (PKCE), an unverified email; discovery that fails
 * at start and recovers on first use.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../adapters/outbox/outbox.ts';
import { loadConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { sessions, userIdentities, users } from '../../db/schema.ts';
import { bearer, createTestApp, login, TEST_DB, type TestApp } from '../../test/harness.ts';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.ts';
import { postSignUp } from '../../test/sign-up.ts';
import { clearFlowCookie, OIDC_COOKIE, oidcProviderName } from './oidc.ts';
import { identityLinkedEmail } from './oidc-accounts.ts';

let op: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  op = await startOidcProvider();
  op.failDiscovery(1); // the discovery at start fails: the server starts anyway
  t = await createTestApp({
    config: {
      oidc: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, name: 'Contoso ID' },
    },
  });
  op.setRedirectUris([
    `${t.ctx.config.publicUrl}/a/v2/oidc/callback`,
    `${t.ctx.config.publicUrl}/a/v2/oidc/google/callback`,
  ]);
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
/** A whole sign-in as the provider's account `sub`: start, the provider's pages, the callback. */
async function signIn(sub: string, opts: { startPath?: string; callbackPath?: string } = {}) {
  const { location, cookie } = await start(opts.startPath);
  const back = await op.signIn(location, sub);
  expect(back.pathname).toBe(opts.callbackPath ?? '/a/v2/oidc/callback');
  const res = await callback(Object.fromEntries(back.searchParams), cookie, opts.callbackPath);
  expect(res.statusCode, res.body).toBe(302);
  const to = new URL(String(res.headers.location), 'http://x');
  return { res, to, token: to.searchParams.get('jwt'), tmk: to.searchParams.get('tmk') };
}
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
const identitiesOf = (userId: string) =>
  t.database.db.select().from(userIdentities).where(eq(userIdentities.user_id, userId));
const status = async (token: string, userId: string) =>
  (await t.app.inject({ url: `/a/v2/users/${userId}`, headers: bearer(token) })).statusCode;
const passwordLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/a/v2/login', payload: { email, password } });

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
    expect(u.origin).toBe(op.issuer);
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

  it('a provider that follows the spec (email only from userinfo): a new account without a password, its address proven, the identity linked', async () => {
    op.setAccount('nora-sub', { email: 'nora@contoso.test', given_name: 'Nora', family_name: 'Owner' });
    const userinfoBefore = op.userinfoCount();
    const { res, to, token } = await signIn('nora-sub');
    expect(to.pathname).toBe('/');
    expect(token).toBeTruthy();
    expect(to.searchParams.get('tmk')).toBeTruthy();
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${OIDC_COOKIE}=; .*Max-Age=0`));
    // The ID token had no email (conformIdTokenClaims): it came from userinfo.
    expect(op.userinfoCount()).toBe(userinfoBefore + 1);
    // The token request carried the PKCE verifier (the provider requires and checked it).
    const grant = op.tokenRequests.at(-1)!;
    expect(grant).toMatchObject({ ok: true, grant_type: 'authorization_code' });
    expect(grant.code_verifier).toMatch(/^[\w-]{43,128}$/);
    expect(grant.redirect_uri).toBe(`${t.ctx.config.publicUrl}/a/v2/oidc/callback`);
    const user = await userByEmail('nora@contoso.test');
    expect(user).toMatchObject({
      first_name: 'Nora',
      last_name: 'Owner',
      roles: ['merch.owner'],
      password_hash: null,
    });
    expect(user!.email_verified_at).toBeInstanceOf(Date);
    expect(user!.oidc_authenticated_at).toBeInstanceOf(Date);
    expect(await identitiesOf(user!.id)).toEqual([
      expect.objectContaining({ issuer: op.issuer, subject: 'nora-sub', email: 'nora@contoso.test' }),
    ]);
    expect(await status(token!, user!.id)).toBe(200);
    // No password to guess: a password sign-in is refused like a wrong one.
    expect((await passwordLogin('nora@contoso.test', '')).statusCode).toBe(400);
    expect((await passwordLogin('nora@contoso.test', 'any-password-1')).statusCode).toBe(401);
  });

  it('a second sign-in matches the linked issuer and subject, even after the account changed its email', async () => {
    const nora = (await userByEmail('nora@contoso.test'))!;
    await t.database.db.update(users).set({ email: 'nora.new@contoso.test' }).where(eq(users.id, nora.id));
    const before = nora.oidc_authenticated_at!.getTime();
    const { token } = await signIn('nora-sub'); // the provider still says nora@contoso.test
    expect(await status(token!, nora.id)).toBe(200);
    expect(await userByEmail('nora@contoso.test')).toBeUndefined(); // no second account
    const after = (await userByEmail('nora.new@contoso.test'))!;
    expect(after.oidc_authenticated_at!.getTime()).toBeGreaterThanOrEqual(before);
    expect(await identitiesOf(nora.id)).toHaveLength(1);
  });

  it('pre-account takeover: a password sign-up for an address the attacker does not own loses to the verified owner', async () => {
    const victim = 'victim@corp.test';
    const signUp = await postSignUp(t.app, {
      first_name: 'Mallory',
      last_name: 'Attacker',
      email: victim,
      password: 'attacker-password-1',
      birthday: '1990-01-01',
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const attackerToken = await login(t.app, victim, 'attacker-password-1');
    const account = (await userByEmail(victim))!;
    expect(account.email_verified_at).toBeNull();
    expect(await status(attackerToken, account.id)).toBe(200); // now in this process's session cache

    op.setAccount('victim-sub', { email: victim, given_name: 'Vera' });
    const { token } = await signIn('victim-sub');

    // The attacker's password and token are dead at once.
    expect((await passwordLogin(victim, 'attacker-password-1')).statusCode).toBe(401);
    expect(await status(attackerToken, account.id)).toBe(401);
    // The owner is signed in to that account, its address proven, the identity linked.
    expect(await status(token!, account.id)).toBe(200);
    const after = (await userByEmail(victim))!;
    expect(after.password_hash).toBeNull();
    expect(after.email_verified_at).toBeInstanceOf(Date);
    expect(after.oidc_authenticated_at).toBeInstanceOf(Date);
    expect(await identitiesOf(account.id)).toEqual([
      expect.objectContaining({ issuer: op.issuer, subject: 'victim-sub' }),
    ]);
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.user_id, account.id), sql`${sessions.revoked_at} is null`));
    expect(live).toHaveLength(1); // only the owner's new session
    // The address is told, in text and HTML.
    const notice = (await listOutbox(t.database.db)).find(
      (m) => m.to === victim && m.subject?.includes('linked to Contoso ID'),
    );
    expect(notice?.text).toContain('Any password set for this account before was removed');
    // The HTML part says the same, its names escaped.
    const html = identityLinkedEmail(victim, '<Vera>', 'Contoso ID', 'Retailer').html;
    expect(html).toContain('<p>Hello &lt;Vera&gt;,</p>');
    expect(html).toContain('Any password set for this account before was removed');
  });

  it('an account that proved its address is linked, keeping its password and sessions', async () => {
    const email = 'vince@contoso.test';
    const signUp = await postSignUp(t.app, {
      first_name: 'Vince',
      last_name: 'Verified',
      email,
      password: 'vince-password-1',
      birthday: '1990-01-01',
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const account = (await userByEmail(email))!;
    await t.database.db.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, account.id));
    const passwordToken = await login(t.app, email, 'vince-password-1');
    const mailsBefore = (await listOutbox(t.database.db)).filter((m) => m.to === email).length;

    op.setAccount('vince-sub', { email });
    const { token } = await signIn('vince-sub');
    expect(await status(token!, account.id)).toBe(200);
    expect(await status(passwordToken, account.id)).toBe(200);
    expect((await passwordLogin(email, 'vince-password-1')).statusCode).toBe(200);
    expect(await identitiesOf(account.id)).toHaveLength(1);
    expect((await userByEmail(email))!.oidc_authenticated_at).toBeInstanceOf(Date);
    expect((await listOutbox(t.database.db)).filter((m) => m.to === email)).toHaveLength(mailsBefore);
  });

  it('return_to: a path of the console is where the callback lands; anything else lands on /', async () => {
    op.setAccount('rita-sub', { email: 'rita@contoso.test' });
    const landing = async (returnTo: string) =>
      (
        await signIn('rita-sub', {
          startPath: `/a/v2/oidc/start?${new URLSearchParams({ return_to: returnTo })}`,
        })
      ).to;
    const profile = await landing('/settings/profile');
    expect(profile.pathname).toBe('/settings/profile');
    expect(profile.searchParams.get('jwt')).toBeTruthy();
    for (const bad of ['//evil.test/profile', 'https://evil.test/', '/\\evil.test', `/${'a'.repeat(200)}`])
      expect((await landing(bad)).pathname, bad).toBe('/');
  });

  it('a replayed state (the same callback again) is refused, without calling the provider', async () => {
    op.setAccount('replay-sub', { email: 'replay@contoso.test' });
    const { location, cookie } = await start();
    const back = await op.signIn(location, 'replay-sub');
    const params = Object.fromEntries(back.searchParams);
    expect((await callback(params, cookie)).statusCode).toBe(302);
    const tokenCalls = op.tokenRequests.length;
    expectRefused(await callback(params, cookie), 'The Contoso ID sign-in has expired. Please try again.');
    expect(op.tokenRequests.length).toBe(tokenCalls);
  });

  it("login CSRF: a state from another browser's flow, or no cookie at all, is refused", async () => {
    op.setAccount('csrf-sub', { email: 'csrf-victim@contoso.test' });
    const mine = await start();
    const theirs = await start();
    const back = Object.fromEntries((await op.signIn(theirs.location, 'csrf-sub')).searchParams);
    const expired = 'The Contoso ID sign-in has expired. Please try again.';
    expectRefused(await callback(back, mine.cookie), expired);
    expectRefused(await callback(back), expired);
    expectRefused(await callback(back, `${OIDC_COOKIE}=forged.cookie.value`), expired);
    expect(await userByEmail('csrf-victim@contoso.test')).toBeUndefined();
  });

  it('a wrong nonce in the ID token is refused and creates nothing', async () => {
    op.setAccount('nonce-sub', { email: 'nonce@contoso.test' });
    const { location, cookie } = await start();
    const tampered = new URL(location);
    tampered.searchParams.set('nonce', 'someone-elses-nonce-value');
    const back = await op.signIn(tampered.href, 'nonce-sub');
    expectRefused(
      await callback(Object.fromEntries(back.searchParams), cookie),
      'Contoso ID did not accept the sign-in. Please try again.',
    );
    expect(await userByEmail('nonce@contoso.test')).toBeUndefined();
  });

  it('a code issued to another flow (another PKCE verifier) is refused by the provider; nothing created', async () => {
    op.setAccount('pkce-sub', { email: 'pkce@contoso.test' });
    const a = await start();
    const b = await start();
    const codeForA = (await op.signIn(a.location, 'pkce-sub')).searchParams;
    const stateB = new URL(b.location).searchParams.get('state')!;
    const res = await callback(
      { code: codeForA.get('code')!, state: stateB, iss: codeForA.get('iss')! },
      b.cookie,
    );
    expectRefused(res, 'Contoso ID did not accept the sign-in. Please try again.');
    expect(op.tokenRequests.at(-1)?.ok).toBe(false);
    expect(await userByEmail('pkce@contoso.test')).toBeUndefined();
  });

  it('an email the provider did not verify is refused (not linked, nothing created)', async () => {
    op.setAccount('unverified-sub', { email: 'unverified@contoso.test', email_verified: false });
    const { location, cookie } = await start();
    const back = await op.signIn(location, 'unverified-sub');
    expectRefused(
      await callback(Object.fromEntries(back.searchParams), cookie),
      'Contoso ID did not confirm this email address.',
    );
    expect(await userByEmail('unverified@contoso.test')).toBeUndefined();
  });

  it('the provider answering with an error (user cancelled) → refused with a message', async () => {
    const { location, cookie } = await start();
    const state = new URL(location).searchParams.get('state')!;
    const res = await callback({ error: 'access_denied', state }, cookie);
    expectRefused(res, 'Contoso ID did not complete the sign-in.');
  });

  it('the Google paths stay as aliases (their own redirect URI), and a linked account signs in', async () => {
    const { to } = await signIn('rita-sub', {
      startPath: '/a/v2/oidc/google/start',
      callbackPath: '/a/v2/oidc/google/callback',
    });
    expect(to.searchParams.get('jwt')).toBeTruthy();
    const count = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'rita@contoso.test'`);
    expect(count).toHaveLength(1);
    expect(op.tokenRequests.at(-1)!.redirect_uri).toBe(`${t.ctx.config.publicUrl}/a/v2/oidc/google/callback`);
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
