/**
 * Sign-up with an OpenID provider in Chromium: the console's button names the provider, the browser goes to
 * a local OpenID provider stand-in (discovery, JWKS, RS256 ID token, PKCE-checking token endpoint), consents,
 * comes back to /a/v2/oidc/callback with this browser's flow cookie, and lands signed in on the console.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OidcProviderStandIn, startOidcProvider } from '../apps/server/src/test/oidc-provider.ts';
import { launchBrowser, openPage, type PageSession, startServer, type TestServer } from './fixtures.ts';

let op: OidcProviderStandIn;
let server: TestServer;
let browser: Browser;
let s: PageSession;
/** The server's PUBLIC_URL defaults to http://localhost:PORT: the browser uses that origin, so the cookie matches. */
let origin: string;

beforeAll(async () => {
  op = await startOidcProvider();
  server = await startServer({
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: op.clientId,
    OIDC_CLIENT_SECRET: op.clientSecret,
    OIDC_PROVIDER_NAME: 'Test IdP',
  });
  origin = `http://localhost:${server.port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await op?.close();
});
afterEach(async () => {
  await s?.context.close();
});

describe('OpenID Connect sign-up in the browser', () => {
  it("'Sign up with Test IdP' goes to the provider with PKCE and comes back signed in", async () => {
    op.consentAs('browser.owner@idp.test');
    s = await openPage(browser, origin);
    await s.page.goto('/signup');
    const button = s.page.getByRole('button', { name: 'Sign up with Test IdP' });
    await button.waitFor();
    const authorize = s.page.waitForRequest((r) => r.url().startsWith(`${op.issuer}/authorize`));
    await button.click();
    const url = new URL((await authorize).url());
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${origin}/a/v2/oidc/callback`);
    // Back on the console, signed in: the token is stored and the URL no longer carries it.
    await s.page.waitForFunction(() => Boolean(localStorage.getItem('token')), undefined, {
      timeout: 30_000,
    });
    expect(new URL(s.page.url()).searchParams.get('jwt')).toBeNull();
    expect(op.tokenRequests.at(-1)?.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);
    // The flow cookie is gone after the callback.
    expect((await s.context.cookies()).map((c) => c.name)).not.toContain('mc_oidc');
  });

  it('a callback without the flow cookie of this browser (login CSRF) is refused on the sign-up page', async () => {
    s = await openPage(browser, origin);
    await s.page.goto('/a/v2/oidc/callback?code=abc&state=someone-elses-state');
    await s.page
      .getByRole('alert')
      .getByText('The Test IdP sign-in has expired. Please try again.')
      .waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/signup');
    expect(await s.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
