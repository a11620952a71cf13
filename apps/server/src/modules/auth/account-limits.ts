import { DomainError } from '@mc/domain';
import { and, count, eq, gt, inArray, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, passwordResetTokens } from '../../db/schema.ts';

/**
 * Sign-in and reset limits (docs/security.md §"Sign-in limits"). Per (email, address) as before, and keyed by
 * account whatever the client address: rotating addresses, or X-Forwarded-For behind a trusted proxy, buys
 * no extra guesses at one account.
 *
 * Sign-in: failures from every address are counted in the `login_failures` row (email, '*'). From the 20th
 * failure in a row each failure locks the account for 15 minutes, doubled for every 10 more (30, 60 … at
 * most 12 hours). A success clears the count; so does a day without failures.
 */
export const ACCOUNT_ROW = '*';
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_LOCK_MS = 15 * 60_000;
export const ACCOUNT_MAX_FAILURES = 20;
export const ACCOUNT_BASE_LOCK_MS = 15 * 60_000;
export const ACCOUNT_MAX_LOCK_MS = 12 * 60 * 60_000;
export const ACCOUNT_FORGET_MS = 24 * 60 * 60_000;

/** How long the account stays locked after its latest failure, given its failures in a row (0: it is not). */
export function accountLockMs(failures: number): number {
  if (failures < ACCOUNT_MAX_FAILURES) return 0;
  const doublings = Math.floor((failures - ACCOUNT_MAX_FAILURES) / 10);
  return Math.min(ACCOUNT_BASE_LOCK_MS * 2 ** doublings, ACCOUNT_MAX_LOCK_MS);
}

export function tooManySignIns(retryMs: number): DomainError {
  const seconds = Math.max(1, Math.ceil(retryMs / 1000));
  return new DomainError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s).`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

/** A sign-in counter: how long its failures lock it, and when it starts again from 1. */
export interface SignInLimit {
  lockMs(failures: number): number;
  restart(failures: number, sinceLastMs: number): boolean;
}

/** Per (email, address): after 10 failures in a row, 15 minutes; then the count starts again. */
export const ADDRESS_LIMIT: SignInLimit = {
  lockMs: (failures) => (failures >= LOGIN_MAX_FAILURES ? LOGIN_LOCK_MS : 0),
  restart: (failures, sinceLast) => failures >= LOGIN_MAX_FAILURES && sinceLast >= LOGIN_LOCK_MS,
};

/** Per account, over every address: the growing back-off of `accountLockMs`, forgotten after a quiet day. */
export const ACCOUNT_LIMIT: SignInLimit = {
  lockMs: accountLockMs,
  restart: (_failures, sinceLast) => sinceLast > ACCOUNT_FORGET_MS,
};

/**
 * Counts this sign-in attempt as a failure of the counter (email, key) before the password is checked, so
 * guesses sent in parallel are counted one by one (the row is locked for the read and the write), and a
 * locked counter is refused with 429 and Retry-After. A success clears the counts.
 */
export async function reserveSignInAttempt(
  db: Db,
  email: string,
  key: string,
  limit: SignInLimit,
  now = new Date(),
): Promise<void> {
  const where = and(eq(loginFailures.email, email), eq(loginFailures.ip, key));
  await db
    .insert(loginFailures)
    .values({ email, ip: key, count: 0, last_failed_at: now })
    .onConflictDoNothing();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(loginFailures).where(where).for('update');
    const count = row?.count ?? 0;
    // Another attempt may have written a later time while this one waited for the row.
    const sinceLast = row ? Math.max(0, now.getTime() - row.last_failed_at.getTime()) : 0;
    const restart = limit.restart(count, sinceLast);
    const lockMs = restart ? 0 : limit.lockMs(count);
    if (lockMs > 0 && lockMs > sinceLast) throw tooManySignIns(lockMs - sinceLast);
    await tx
      .update(loginFailures)
      .set({ count: restart ? 1 : count + 1, last_failed_at: now })
      .where(where);
  });
}

/** After a success: the account's count and this address's count start again. */
export async function clearSignInFailures(db: Db, email: string, ip: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email), inArray(loginFailures.ip, [ip, ACCOUNT_ROW])));
}

/** Reset emails per account: at most 5 an hour, whatever the address asking. */
export const RESET_MAX_PER_WINDOW = 5;
export const RESET_WINDOW_MS = 60 * 60_000;

export async function checkResetRequestLimit(db: Db, userId: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - RESET_WINDOW_MS);
  const [row] = await db
    .select({ n: count(), oldest: min(passwordResetTokens.created_at) })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.user_id, userId), gt(passwordResetTokens.created_at, since)));
  if (!row || row.n < RESET_MAX_PER_WINDOW || !row.oldest) return;
  const retryMs = new Date(row.oldest).getTime() + RESET_WINDOW_MS - now.getTime();
  const seconds = Math.max(1, Math.ceil(retryMs / 1000));
  throw new DomainError(
    'RATE_LIMITED',
    `Too many password reset requests. Please try again in ${Math.ceil(seconds / 60)} minute(s).`,
    { headers: { 'retry-after': String(seconds) } },
  );
}
