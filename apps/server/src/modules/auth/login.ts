import { DomainError, type LoginInput } from '@mc/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { merchants, users } from '../../db/schema.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import {
  ACCOUNT_LIMIT,
  ACCOUNT_ROW,
  ADDRESS_LIMIT,
  clearSignInFailures,
  reserveSignInAttempt,
} from './account-limits.ts';
import { createSession } from './sessions.ts';
import { pendingEmailOf, toUser } from './user-view.ts';

export const INVALID_LOGIN_MESSAGE = 'The email or password is incorrect';

/**
 * Login with a per (email, address) limit: after 10 failures in a row the pair is refused with 429 and
 * Retry-After until 15 minutes after the last failure; and a per-account limit over every address with a
 * growing back-off (account-limits.ts). A success clears both counters.
 */
export async function login(ctx: AppContext, input: LoginInput, meta: { ip: string; userAgent?: string }) {
  const { db } = ctx.database;
  const email = input.email.trim().toLowerCase();
  // Both limits count this attempt before the password is checked (account-limits.ts).
  await reserveSignInAttempt(db, email, meta.ip, ADDRESS_LIMIT);
  await reserveSignInAttempt(db, email, ACCOUNT_ROW, ACCOUNT_LIMIT);
  const [row] = await db
    .select({ user: users, tmk: merchants.tmk })
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.authorized_merchant_id))
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  let ok = false;
  if (row) ok = await verifyPassword(row.user.password_hash, input.password);
  else await burnPasswordCheck(input.password);
  if (!row || !ok) throw new DomainError('UNAUTHENTICATED', INVALID_LOGIN_MESSAGE);
  await clearSignInFailures(db, email, meta.ip);
  const now = new Date();
  await db.update(users).set({ last_login_at: now }).where(eq(users.id, row.user.id));
  const token = await createSession(ctx, row.user.id, meta);
  // `password_must_change` (a temporary password from an old invitation) tells the console to ask for a new
  // one first; until then the session reaches no store (require-caller.ts).
  return {
    token,
    user: toUser({ ...row.user, last_login_at: now }, row.tmk, await pendingEmailOf(db, row.user.id)),
  };
}
