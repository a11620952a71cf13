/**
 * A local OpenID provider stand-in for tests: discovery document, JWKS, an authorization step the test
 * drives (issueCode), and a token endpoint that checks the client, the redirect URI, the code's expiry and
 * single use, and the PKCE verifier (S256) before returning an RS256-signed ID token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  claims: Record<string, unknown>;
  expiresAt: number;
  used: boolean;
}

export interface OidcProviderStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Requests to the token endpoint, as received (form fields). */
  tokenRequests: URLSearchParams[];
  /** Discovery requests seen. */
  discoveryCount(): number;
  /** Make the next n discovery requests fail with 503. */
  failDiscovery(n: number): void;
  /** The user who consents at GET /authorize (a browser test): it redirects back with a code at once. */
  consentAs(email: string): void;
  /** What the user's consent at /authorize would give: a code for the authorization URL's parameters. */
  issueCode(
    authorizationUrl: string,
    opts?: {
      email?: string;
      emailVerified?: boolean;
      nonce?: string;
      expiresInMs?: number;
      claims?: Record<string, unknown>;
    },
  ): string;
  close(): Promise<void>;
}

export async function startOidcProvider(
  opts: { clientId?: string; clientSecret?: string } = {},
): Promise<OidcProviderStandIn> {
  const clientId = opts.clientId ?? 'console-client';
  const clientSecret = opts.clientSecret ?? 'console-secret';
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const tokenRequests: URLSearchParams[] = [];
  let discoveries = 0;
  let failNext = 0;
  let issuer = '';
  let consentEmail = 'new.owner@example.com';
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', issuer);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        discoveries++;
        if (failNext > 0) {
          failNext--;
          return json(503, { error: 'temporarily_unavailable' });
        }
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          scopes_supported: ['openid', 'email', 'profile'],
        });
      }
      if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
      if (url.pathname === '/authorize' && req.method === 'GET') {
        // The user consents at once: back to the client with a code and the same state.
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', api.issueCode(url.href, { email: consentEmail }));
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        tokenRequests.push(form);
        // client_secret_basic or client_secret_post
        let id = form.get('client_id');
        let secret = form.get('client_secret');
        const basic = req.headers.authorization?.match(/^Basic (.+)$/);
        if (basic) {
          const [u, p] = Buffer.from(basic[1]!, 'base64').toString().split(':');
          id = decodeURIComponent(u ?? '');
          secret = decodeURIComponent(p ?? '');
        }
        if (id !== clientId || secret !== clientSecret) return json(401, { error: 'invalid_client' });
        if (form.get('grant_type') !== 'authorization_code')
          return json(400, { error: 'unsupported_grant_type' });
        const code = codes.get(form.get('code') ?? '');
        if (!code || code.used || code.expiresAt < Date.now())
          return json(400, { error: 'invalid_grant', error_description: 'The code is invalid or expired' });
        code.used = true;
        if (form.get('redirect_uri') !== code.redirectUri)
          return json(400, { error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (challenge !== code.codeChallenge)
          return json(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        const idToken = await new SignJWT({ nonce: code.nonce, ...code.claims })
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
          .setIssuer(issuer)
          .setAudience(clientId)
          .setSubject(String(code.claims.sub ?? 'user-1'))
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        return json(200, {
          access_token: randomBytes(16).toString('hex'),
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'openid email profile',
          id_token: idToken,
        });
      }
      json(404, { error: 'not_found' });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api: OidcProviderStandIn = {
    issuer,
    clientId,
    clientSecret,
    tokenRequests,
    discoveryCount: () => discoveries,
    failDiscovery(n) {
      failNext = n;
    },
    consentAs(email) {
      consentEmail = email;
    },
    issueCode(authorizationUrl, o = {}) {
      const u = new URL(authorizationUrl);
      if (`${u.origin}${u.pathname}` !== `${issuer}/authorize`)
        throw new Error(`not this provider: ${authorizationUrl}`);
      if (u.searchParams.get('code_challenge_method') !== 'S256') throw new Error('PKCE S256 expected');
      const code = randomBytes(12).toString('hex');
      const email = o.email ?? 'new.owner@example.com';
      codes.set(code, {
        clientId: u.searchParams.get('client_id') ?? '',
        redirectUri: u.searchParams.get('redirect_uri') ?? '',
        codeChallenge: u.searchParams.get('code_challenge') ?? '',
        nonce: o.nonce ?? u.searchParams.get('nonce') ?? '',
        claims: {
          sub: `sub-${email}`,
          email,
          email_verified: o.emailVerified ?? true,
          given_name: 'Nora',
          family_name: 'Owner',
          ...o.claims,
        },
        expiresAt: Date.now() + (o.expiresInMs ?? 60_000),
        used: false,
      });
      return code;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  return api;
}
