/**
 * A real OpenID provider for tests: the `oidc-provider` package on a loopback port, on its defaults
 * (`conformIdTokenClaims: true`: the ID token carries no `email`, userinfo does; its development login
 * and consent pages), with one confidential client that must use PKCE and an in-memory account store.
 *
 * Tests drive the provider's own pages: a browser test fills them in, an API test posts them through
 * `signIn`, which follows the authorization URL through login and consent to the redirect back.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestAccount {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces an account of the provider (its `sub` is the login typed on its login page). */
  setAccount(sub: string, account: TestAccount): void;
  /** The redirect URIs the client may use (the console's callbacks, known once the server runs). */
  setRedirectUris(uris: string[]): void;
  /** Successful and refused token requests (the form fields the provider read). */
  tokenRequests: { ok: boolean; grant_type?: string; code_verifier?: string; redirect_uri?: string }[];
  /** Userinfo requests answered. */
  userinfoCount(): number;
  /** Discovery requests seen. */
  discoveryCount(): number;
  /** Make the next n discovery requests fail with 503. */
  failDiscovery(n: number): void;
  /**
   * Signs in as `sub` through the provider's login and consent pages over HTTP, starting from the
   * console's authorization URL, and answers the URL the provider redirects back to (code, state, iss).
   */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startOidcProvider(
  opts: { clientId?: string; clientSecret?: string } = {},
): Promise<TestOidcProvider> {
  const clientId = opts.clientId ?? 'console-client';
  const clientSecret = opts.clientSecret ?? 'console-secret-that-is-long-enough-for-hs256';
  const accounts = new Map<string, TestAccount>();
  const tokenRequests: TestOidcProvider['tokenRequests'] = [];
  let discoveries = 0;
  let userinfos = 0;
  let failNext = 0;
  let redirectUris = ['http://127.0.0.1/unused'];
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' }] };

  const sockets = new Set<Socket>();
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/.well-known/openid-configuration') {
      discoveries++;
      if (failNext > 0) {
        failNext--;
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'temporarily_unavailable' }));
        return;
      }
    }
    if (path === '/me') userinfos++;
    handler(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = () => {
    const configuration: Configuration = {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks,
      cookies: { keys: ['test-cookie-key-1'] },
      pkce: { required: () => true },
      // Fixed lifetimes (seconds) rather than the defaults' functions, which print a notice on every use.
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name', 'name'],
      },
      async findAccount(_ctx, sub) {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: async () => ({
            sub,
            email: account.email,
            email_verified: account.email_verified ?? true,
            ...(account.given_name ? { given_name: account.given_name } : {}),
            ...(account.family_name ? { family_name: account.family_name } : {}),
          }),
        };
      },
    };
    const provider = new Provider(issuer, configuration);
    const record = (ok: boolean) => (ctx: { oidc?: { params?: Record<string, unknown> } }) => {
      const p = ctx.oidc?.params ?? {};
      const field = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : undefined);
      tokenRequests.push({
        ok,
        grant_type: field('grant_type'),
        code_verifier: field('code_verifier'),
        redirect_uri: field('redirect_uri'),
      });
    };
    provider.on('grant.success', record(true));
    provider.on('grant.error', record(false));
    handler = provider.callback();
  };
  build();

  return {
    issuer,
    clientId,
    clientSecret,
    tokenRequests,
    setAccount: (sub, account) => accounts.set(sub, account),
    setRedirectUris(uris) {
      redirectUris = uris;
      build();
    },
    userinfoCount: () => userinfos,
    discoveryCount: () => discoveries,
    failDiscovery(n) {
      failNext = n;
    },
    async signIn(authorizationUrl, sub) {
      const jar = new Map<string, string>();
      const send = async (url: string, init: RequestInit = {}) => {
        const res = await fetch(url, {
          ...init,
          redirect: 'manual',
          headers: {
            ...(init.headers as Record<string, string>),
            cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair = ''] = c.split(';');
          const at = pair.indexOf('=');
          const value = pair.slice(at + 1);
          if (value) jar.set(pair.slice(0, at), value);
          else jar.delete(pair.slice(0, at));
        }
        return res;
      };
      let url = authorizationUrl;
      for (let step = 0; step < 12; step++) {
        const res = await send(url);
        if (res.status >= 300 && res.status < 400) {
          const next = new URL(res.headers.get('location') ?? '', url);
          if (next.origin !== issuer) return next;
          url = next.href;
          continue;
        }
        const html = await res.text();
        if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
        // The provider's page: a login or a consent form. Post it as a person would.
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
        if (!action || !prompt) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
        const form = new URLSearchParams({ prompt });
        if (prompt === 'login') {
          form.set('login', sub);
          form.set('password', 'any');
        }
        const posted = await send(new URL(action.replaceAll('&amp;', '&'), url).href, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        });
        const next = new URL(posted.headers.get('location') ?? '', url);
        if (posted.status < 300 || posted.status >= 400)
          throw new Error(`the provider refused the ${prompt} form: ${posted.status}`);
        if (next.origin !== issuer) return next;
        url = next.href;
      }
      throw new Error('the provider did not redirect back');
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
