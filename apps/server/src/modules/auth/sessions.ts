import { DomainError } from '@mc/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, sessions, users } from '../../db/schema.ts';
import type { Principal } from '../../lib/principal.ts';
import { SessionCache, sessionCacheOf } from './session-cache.ts';

export type { Principal } from '../../lib/principal.ts';

export async function createSession(
  ctx: AppContext,
  userId: string,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<string> {
  const expiresAt = new Date(Date.now() + ctx.config.sessionTtlHours * 3600_000);
  const [row] = await ctx.database.db
    .insert(sessions)
    .values({
      user_id: userId,
      expires_at: expiresAt,
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return new SignJWT({ sid: row.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(ctx.config.jwtSecret);
}

const UNAUTHENTICATED = () =>
  new DomainError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');

/**
 * Verified token claims, memoised per token until the token expires (the signature check is a
 * noticeable share of a request that misses the session cache). Only the signature work is saved: the
 * session row is read again whenever the session cache has no live entry.
 */
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, { sid: string; sub: string; exp: number }>>();

/** `key`: the token's hash (SessionCache.key), so the memo holds no credential either. */
async function verifyToken(
  ctx: AppContext,
  token: string,
  key: string,
): Promise<{ sid: string; sub: string }> {
  let verified = verifiedBySecret.get(ctx.config.jwtSecret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(ctx.config.jwtSecret, verified);
  }
  const hit = verified.get(key);
  if (hit && hit.exp > Date.now()) return hit;
  try {
    const { payload } = await jwtVerify(token, ctx.config.jwtSecret, { algorithms: ['HS256'] });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') throw UNAUTHENTICATED();
    const claims = { sid: payload.sid, sub: payload.sub, exp: (payload.exp ?? 0) * 1000 };
    if (verified.size >= 10_000) verified.clear();
    verified.set(key, claims);
    return claims;
  } catch {
    throw UNAUTHENTICATED();
  }
}

/**
 * The principal of a bearer token. A verified session is served from this process's session cache
 * (session-cache.ts) for at most a second, and dropped at once when any process announces that the
 * user's sessions ended or changed or that the merchant changed: the hot path costs no session query.
 */
export async function resolvePrincipal(ctx: AppContext, token: string): Promise<Principal> {
  const key = SessionCache.key(token);
  return sessionCacheOf(ctx).resolve(key, async () => {
    const { sid, sub } = await verifyToken(ctx, token, key);
    return readPrincipal(ctx, sid, sub);
  });
}

/**
 * The principal of a live session (not revoked, not expired), or 401. Used for bearer tokens (with the
 * token's subject) and for event-stream tickets and stream re-checks (by session id alone).
 */
export async function loadPrincipal(ctx: AppContext, sid: string, sub?: string): Promise<Principal> {
  return (await readPrincipal(ctx, sid, sub)).principal;
}

async function readPrincipal(
  ctx: AppContext,
  sid: string,
  sub?: string,
): Promise<{ principal: Principal; expiresAt: number }> {
  const [row] = await ctx.database.db
    .select({
      userId: users.id,
      email: users.email,
      first: users.first_name,
      last: users.last_name,
      roles: users.roles,
      passwordMustChange: users.password_must_change,
      merchantId: users.authorized_merchant_id,
      merchant: merchants,
      expiresAt: sessions.expires_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(merchants, eq(merchants.id, users.authorized_merchant_id))
    .where(
      and(eq(sessions.id, sid), sub ? eq(sessions.user_id, sub) : undefined, isNull(sessions.revoked_at)),
    )
    .limit(1);
  const expiresAt = row?.expiresAt.getTime() ?? 0;
  if (!row || expiresAt <= Date.now()) throw UNAUTHENTICATED();
  const principal: Principal = {
    userId: row.userId,
    sessionId: sid,
    email: row.email,
    name: `${row.first} ${row.last}`.trim(),
    roles: row.roles,
    passwordMustChange: row.passwordMustChange,
    merchantId: row.merchantId,
    tmk: row.merchant?.tmk ?? null,
    merchant: row.merchant,
  };
  return { principal, expiresAt };
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/**
 * Ends every open session of a user at once (password reset, revoke), or every one but `exceptSessionId`
 * (a password change in the profile keeps the session that made it). Callers announce it after their
 * transaction commits (session-events.ts), so open event streams close at once.
 */
export async function revokeAllSessions(
  db: DbOrTx,
  userId: string,
  opts: { exceptSessionId?: string } = {},
): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        opts.exceptSessionId ? ne(sessions.id, opts.exceptSessionId) : undefined,
      ),
    );
}
