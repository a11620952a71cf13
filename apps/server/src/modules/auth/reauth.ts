import { DomainError } from '@mc/domain';
import type { AppContext } from '../../context.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import {
  ACCOUNT_LIMIT,
  ACCOUNT_ROW,
  ADDRESS_LIMIT,
  clearSignInFailures,
  reserveSignInAttempt,
} from './account-limits.ts';
import type { UserRow } from './user-view.ts';

export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect';
export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';
export const OIDC_REAUTH_MESSAGE =
  'Please sign in again with your identity provider to confirm this change (it counts for 5 minutes).';
/** How long a fresh OpenID sign-in stands in for the current password of an account without one. */
export const OIDC_REAUTH_WINDOW_MS = 5 * 60_000;

const invalid = (message: string) =>
  new DomainError('VALIDATION', message, { errors: [{ path: 'password', message }] });

/**
 * Proves the person changing the account's email or password is its owner, not just a holder of its session
 * token: the current password, counted with failed sign-ins (the same two counters and lock as login, so the
 * 11th wrong guess in a row is 429 and guesses here and at the sign-in page add up). An account without a
 * password (OpenID only) instead needs an OpenID sign-in within the last 5 minutes.
 */
export async function reauthenticate(
  ctx: AppContext,
  user: UserRow,
  password: string | undefined,
  ip: string,
  now = new Date(),
): Promise<void> {
  if (user.password_hash === null) {
    const at = user.oidc_authenticated_at?.getTime();
    if (at !== undefined && now.getTime() - at <= OIDC_REAUTH_WINDOW_MS) return;
    throw invalid(OIDC_REAUTH_MESSAGE);
  }
  if (!password) throw invalid(CURRENT_PASSWORD_REQUIRED);
  const { db } = ctx.database;
  const email = user.email.trim().toLowerCase();
  await reserveSignInAttempt(db, email, ip, ADDRESS_LIMIT, now);
  await reserveSignInAttempt(db, email, ACCOUNT_ROW, ACCOUNT_LIMIT, now);
  if (!(await verifyPassword(user.password_hash, password))) throw invalid(WRONG_CURRENT_PASSWORD);
  await clearSignInFailures(db, email, ip);
}
