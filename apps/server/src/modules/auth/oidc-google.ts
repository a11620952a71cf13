import { DomainError } from '@mc/domain';
import { eq, sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context.ts';
import { merchants, users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken } from '../../lib/tokens.ts';
import { createSession } from './sessions.ts';
import { newMerchantKey } from './sign-up.ts';

const AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const JWKS = createRemoteJWKSet(new URL('https://www.googleapis.com/oauth2/v3/certs'));
export const OIDC_NOT_CONFIGURED = 'Sign-in with Google is not configured on this server.';

function settings(ctx: AppContext) {
  if (!ctx.config.oidcGoogle) throw new DomainError('NOT_FOUND', OIDC_NOT_CONFIGURED);
  return { ...ctx.config.oidcGoogle, redirectUri: `${ctx.config.publicUrl}/a/v2/oidc/google/callback` };
}

/** The URL to send the browser to; `state` is a signed, 10-minute token carrying the nonce. */
export async function googleStartUrl(ctx: AppContext): Promise<string> {
  const s = settings(ctx);
  const nonce = randomToken(16);
  const state = await new SignJWT({ nonce, purpose: 'oidc' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('10m')
    .sign(ctx.config.jwtSecret);
  const q = new URLSearchParams({
    client_id: s.clientId,
    redirect_uri: s.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    prompt: 'select_account',
  });
  return `${AUTH_URL}?${q}`;
}

/** Code exchange, ID token check, then the account (created with its own store on first use) and a session. */
export async function googleCallback(ctx: AppContext, code: string, state: string, meta: { ip: string }) {
  const s = settings(ctx);
  let nonce: string;
  try {
    const { payload } = await jwtVerify(state, ctx.config.jwtSecret, { algorithms: ['HS256'] });
    if (payload.purpose !== 'oidc' || typeof payload.nonce !== 'string') throw new Error('bad state');
    nonce = payload.nonce;
  } catch {
    throw new DomainError('VALIDATION', 'The Google sign-in link has expired. Please try again.');
  }
  const res = await fetch(TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      code,
      client_id: s.clientId,
      client_secret: s.clientSecret,
      redirect_uri: s.redirectUri,
      grant_type: 'authorization_code',
    }),
  });
  if (!res.ok)
    throw new DomainError('UNAUTHENTICATED', 'Google did not accept the sign-in. Please try again.');
  const { id_token } = (await res.json()) as { id_token?: string };
  if (!id_token) throw new DomainError('UNAUTHENTICATED', 'Google did not return an identity.');
  const { payload } = await jwtVerify(id_token, JWKS, {
    issuer: ['https://accounts.google.com', 'accounts.google.com'],
    audience: s.clientId,
  });
  if (payload.nonce !== nonce || payload.email_verified !== true || typeof payload.email !== 'string') {
    throw new DomainError('UNAUTHENTICATED', 'Google did not confirm this email address.');
  }
  const email = payload.email;
  const { db } = ctx.database;
  let [row] = await db
    .select({ id: users.id, tmk: merchants.tmk })
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.authorized_merchant_id))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!row) {
    const first = String(payload.given_name ?? email.split('@')[0]);
    const last = String(payload.family_name ?? '');
    const passwordHash = await hashPassword(randomToken(24));
    row = await db.transaction(async (tx) => {
      const [m] = await tx
        .insert(merchants)
        .values({ tmk: newMerchantKey(), name: `${first}'s Store`, email })
        .returning();
      const [u] = await tx
        .insert(users)
        .values({
          first_name: first,
          last_name: last,
          email,
          password_hash: passwordHash,
          roles: ['merch.owner'],
          authorized_merchant_id: m!.id,
        })
        .returning();
      return { id: u!.id, tmk: m!.tmk };
    });
  }
  const token = await createSession(ctx, row.id, meta);
  return { token, tmk: row.tmk };
}
