/**
 * OpenID Connect in Chromium against the real `oidc-provider` on its defaults (the ID token has no email:
 * the server reads userinfo): 'Sign up with Test IdP' on /signup and 'Sign in with Test IdP' on /login go
 * through the provider's own login and consent pages and come back signed in to one account (the identity
 * is linked); a callback without this browser's flow cookie is refused; a sign-in link that arrives while
 * another account is signed in asks before switching and changes nothing when the person stays.
 */
import type { Page } from 'playwright-core';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/src/test/oidc-provider.ts';
import { expectPath } from './fixtures.ts';
import { test as base, describe, expect } from './test.ts';

/** The provider (file-scoped), with the two people who sign in through it. */
const it = base.extend(
  'op',
  { scope: 'file' },
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring
  async ({}, { onCleanup }): Promise<TestOidcProvider> => {
    const op = await startOidcProvider();
    onCleanup(() => op.close());
    op.setAccount('bea-sub', { email: 'bea.owner@idp.test', given_name: 'Bea', family_name: 'Owner' });
    op.setAccount('carl-sub', { email: 'carl.clerk@idp.test', given_name: 'Carl', family_name: 'Clerk' });
    return op;
  },
);

it.override('serverEnv', { scope: 'file' }, async ({ op }) => ({
  SEED_DEMO: 'false', // nothing here needs the demo store: the server starts sooner
  OIDC_ISSUER: op.issuer,
  OIDC_CLIENT_ID: op.clientId,
  OIDC_CLIENT_SECRET: op.clientSecret,
  OIDC_PROVIDER_NAME: 'Test IdP',
}));

/** The server's PUBLIC_URL defaults to http://localhost:PORT: the browser uses that origin, so the cookie matches. */
let origin: string;
/** The account the first sign-in created. */
let beaUserId: string | null = null;

it.beforeAll(async ({ server, op }) => {
  origin = `http://localhost:${server.port}`;
  op.setRedirectUris([`${origin}/a/v2/oidc/callback`]);
});

/** The provider's own pages: its login form (any password), then its consent page. */
async function passProvider(op: TestOidcProvider, page: Page, login: string) {
  await page.waitForURL((u) => u.href.startsWith(op.issuer));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const subjectOf = (token: string | null) =>
  token
    ? (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub
    : null;

describe('OpenID Connect in the browser', () => {
  it("'Sign up with Test IdP' goes through the provider's pages with PKCE and comes back signed in", async ({
    open,
    op,
  }) => {
    const s = await open(undefined, origin);
    await s.page.goto('/signup');
    const button = s.page.getByRole('button', { name: 'Sign up with Test IdP' });
    await button.waitFor();
    const authorize = s.page.waitForRequest((r) => r.url().startsWith(`${op.issuer}/auth`));
    await button.click();
    const url = new URL((await authorize).url());
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${origin}/a/v2/oidc/callback`);
    await passProvider(op, s.page, 'bea-sub');
    // Back on the console, signed in: the token is stored and the URL no longer carries it.
    await expectPath(s.page, '/orders/active', 30_000);
    beaUserId = subjectOf(await storedToken(s.page));
    expect(beaUserId).toBeTruthy();
    expect(new URL(s.page.url()).searchParams.get('jwt')).toBeNull();
    expect(op.tokenRequests.at(-1)).toMatchObject({ ok: true });
    expect(op.tokenRequests.at(-1)?.code_verifier).toMatch(/^[\w-]{43,128}$/);
    expect(op.userinfoCount()).toBeGreaterThan(0); // the email came from userinfo
    // The flow cookie is gone after the callback.
    expect((await s.context.cookies()).map((c) => c.name)).not.toContain('mc_oidc');
  });

  it("'Sign in with Test IdP' on /login signs the same person in to the same account", async ({
    open,
    op,
  }) => {
    const s = await open(undefined, origin);
    await s.page.goto('/login');
    await s.page.getByRole('button', { name: 'Sign in with Test IdP' }).click();
    await passProvider(op, s.page, 'bea-sub');
    await expectPath(s.page, '/orders/active', 30_000);
    expect(beaUserId).toBeTruthy();
    expect(subjectOf(await storedToken(s.page))).toBe(beaUserId);
  });

  it('a callback without the flow cookie of this browser (login CSRF) is refused on the sign-up page', async ({
    open,
  }) => {
    const s = await open(undefined, origin);
    await s.page.goto('/a/v2/oidc/callback?code=abc&state=someone-elses-state');
    await s.page
      .getByRole('alert')
      .getByText('The Test IdP sign-in has expired. Please try again.')
      .waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/signup');
    expect(await storedToken(s.page)).toBeNull();
  });

  it('a sign-in link for another account asks first; staying changes nothing', async ({ open, op }) => {
    const s = await open(undefined, origin);
    await s.page.goto('/login');
    await s.page.getByRole('button', { name: 'Sign in with Test IdP' }).click();
    await passProvider(op, s.page, 'carl-sub');
    await expectPath(s.page, '/orders/active', 30_000);
    const mine = await storedToken(s.page);
    // Carl's browser opens a link that signs in as another account (here: the provider's sign-in as Bea,
    // after the provider forgot Carl).
    await s.context.clearCookies({ domain: '127.0.0.1' });
    await s.page.goto('/a/v2/oidc/start');
    await passProvider(op, s.page, 'bea-sub');
    const dialog = s.page.getByRole('dialog', { name: /^Switch to bea\.owner@idp\.test at .+\?$/ });
    await dialog.waitFor({ timeout: 30_000 });
    expect(new URL(s.page.url()).searchParams.get('jwt')).toBeNull();
    expect(await storedToken(s.page)).toBe(mine);
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await storedToken(s.page)).toBe(mine);
    await s.page.reload();
    await expectPath(s.page, '/orders/active');
    expect(await storedToken(s.page)).toBe(mine);
  });
});
