import { DomainError, type LoginInput } from '@mc/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { loginFailures, merchants, users } from '../../db/schema.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import { clearSignInFailures, reserveSignInAttempt, tooManySignIns } from './account-limits.ts';
import { createSession } from './sessions.ts';
import { toUser } from './user-view.ts';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_LOCK_MS = 15 * 60_000;
export const INVALID_LOGIN_MESSAGE = 'The email or password is incorrect';

/**
 * Login with a per (email, address) limit: after 10 failures in a row the pair is refused with 429 and
 * Retry-After until 15 minutes after the last failure; and a per-account limit over every address with a
 * growing back-off (account-limits.ts). A success clears both counters.
 */
export async function login(ctx: AppContext, input: LoginInput, meta: { ip: string; userAgent?: string }) {
  const { db } = ctx.database;
  const email = input.email.trim().toLowerCase();
  const [failure] = await db
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, meta.ip)))
    .limit(1);
  if (failure && failure.count >= LOGIN_MAX_FAILURES) {
    const retryMs = failure.last_failed_at.getTime() + LOGIN_LOCK_MS - Date.now();
    if (retryMs > 0) throw tooManySignIns(retryMs);
  }
  // The account's own limit, whatever the address (account-limits.ts): counted before the password check.
  await reserveSignInAttempt(db, email);
  const [row] = await db
    .select({ user: users, tmk: merchants.tmk })
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.authorized_merchant_id))
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  let ok = false;
  if (row) ok = await verifyPassword(row.user.password_hash, input.password);
  else await burnPasswordCheck(input.password);
  if (!row || !ok) {
    await db
      .insert(loginFailures)
      .values({ email, ip: meta.ip, count: 1, last_failed_at: new Date() })
      .onConflictDoUpdate({
        target: [loginFailures.email, loginFailures.ip],
        // After a lock has expired the count starts again from 1.
        set: {
          count: sql`CASE WHEN ${loginFailures.count} >= ${LOGIN_MAX_FAILURES} THEN 1 ELSE ${loginFailures.count} + 1 END`,
          last_failed_at: new Date(),
        },
      });
    throw new DomainError('UNAUTHENTICATED', INVALID_LOGIN_MESSAGE);
  }
  await clearSignInFailures(db, email, meta.ip);
  const now = new Date();
  await db.update(users).set({ last_login_at: now }).where(eq(users.id, row.user.id));
  const token = await createSession(ctx, row.user.id, meta);
  return { token, user: toUser({ ...row.user, last_login_at: now }, row.tmk) };
}
