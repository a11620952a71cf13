import { DomainError } from '@mc/domain';
import { and, count, eq, gt, inArray, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens, loginFailures, passwordResetTokens, requestCounters } from '../../db/schema.ts';

/**
 * Sign-in and reset limits (docs/security.md, "Sign-in limits"). Per (email, address) as before, and keyed by
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

function retryIn(retryMs: number): { seconds: number; minutes: number; headers: Record<string, string> } {
  const seconds = Math.max(1, Math.ceil(retryMs / 1000));
  return { seconds, minutes: Math.ceil(seconds / 60), headers: { 'retry-after': String(seconds) } };
}

/** One fixed-window limit of a shared counter (request_counters). */
export interface WindowLimit {
  bucket: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one request in the window of (bucket, key), in the database so every API process shares it, and
 * answers how long to wait when the window already holds `max` (0: allowed and counted). The row is locked
 * for the read and the write, so requests sent in parallel are counted one by one.
 */
export async function takeWindowSlot(db: Db, limit: WindowLimit, key: string, now = new Date()) {
  const where = and(eq(requestCounters.bucket, limit.bucket), eq(requestCounters.key, key));
  await db
    .insert(requestCounters)
    .values({ bucket: limit.bucket, key, window_started_at: now, count: 0 })
    .onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(requestCounters).where(where).for('update');
    const started = row?.window_started_at.getTime() ?? now.getTime();
    const fresh = now.getTime() - started >= limit.windowMs;
    const count = fresh ? 0 : (row?.count ?? 0);
    if (count >= limit.max) return started + limit.windowMs - now.getTime();
    await tx
      .update(requestCounters)
      .set({ count: count + 1, ...(fresh ? { window_started_at: now } : {}) })
      .where(where);
    return 0;
  });
}

/** Sign-ups per client address (a minute and an hour) and per email domain (a burst over a minute). */
export const SIGN_UP_PER_ADDRESS_MINUTE: WindowLimit = {
  bucket: 'sign-up:address:1m',
  max: 5,
  windowMs: 60_000,
};
export const SIGN_UP_PER_ADDRESS_HOUR: WindowLimit = {
  bucket: 'sign-up:address:1h',
  max: 20,
  windowMs: 60 * 60_000,
};
export const SIGN_UP_PER_DOMAIN_MINUTE: WindowLimit = {
  bucket: 'sign-up:domain:1m',
  max: 10,
  windowMs: 60_000,
};

export function tooManySignUps(retryMs: number): DomainError {
  const r = retryIn(retryMs);
  const wait = r.seconds < 120 ? `${r.seconds} second(s)` : `${r.minutes} minute(s)`;
  return new DomainError('RATE_LIMITED', `Too many sign-ups. Please try again in ${wait}.`, {
    headers: r.headers,
  });
}

/**
 * Every sign-up attempt counts (a refused one too): the spec's messages tell whether an address has an
 * account, so these limits are what bounds that enumeration and the stores one client can create.
 */
export async function checkSignUpLimits(db: Db, ip: string, email: string, now = new Date()): Promise<void> {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  for (const [limit, key] of [
    [SIGN_UP_PER_ADDRESS_MINUTE, ip],
    [SIGN_UP_PER_ADDRESS_HOUR, ip],
    [SIGN_UP_PER_DOMAIN_MINUTE, domain],
  ] as const) {
    const wait = await takeWindowSlot(db, limit, key, now);
    if (wait > 0) throw tooManySignUps(wait);
  }
}

/** Confirmation emails per account (sign-up, resend, new address): at most 3 an hour. */
export const VERIFY_MAX_PER_WINDOW = 3;
export const VERIFY_WINDOW_MS = 60 * 60_000;

export async function checkVerificationMailLimit(db: Db, userId: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - VERIFY_WINDOW_MS);
  const [row] = await db
    .select({ n: count(), oldest: min(emailTokens.created_at) })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.user_id, userId),
        inArray(emailTokens.purpose, ['verify_email', 'change_email']),
        gt(emailTokens.created_at, since),
      ),
    );
  if (!row || row.n < VERIFY_MAX_PER_WINDOW || !row.oldest) return;
  const r = retryIn(new Date(row.oldest).getTime() + VERIFY_WINDOW_MS - now.getTime());
  throw new DomainError(
    'RATE_LIMITED',
    `We already sent ${VERIFY_MAX_PER_WINDOW} confirmation emails this hour. Please try again in ${r.minutes} minute(s).`,
    { headers: r.headers },
  );
}
