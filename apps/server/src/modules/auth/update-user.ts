import type { UpdateUserBody, User } from '@mc/api';
import {
  DomainError,
  EMAIL_MESSAGE,
  formatUsPhone,
  isValidEmail,
  isValidPhone,
  PASSWORD_MESSAGE,
  PASSWORD_MIN_LENGTH,
} from '@mc/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { checkVerificationMailLimit } from './account-limits.ts';
import {
  EMAIL_IN_USE_MESSAGE,
  emailChangeNoticeEmail,
  retireEmailTokens,
  sendVerificationEmail,
} from './email-links.ts';
import { reauthenticate } from './reauth.ts';
import { announceSessionsRevoked } from './session-events.ts';
import type { Principal } from './sessions.ts';
import { revokeAllSessions } from './sessions.ts';
import { loadUser } from './user-view.ts';

export { WRONG_CURRENT_PASSWORD } from './reauth.ts';

/**
 * Profile save: empty values are dropped. A new email or password needs the current password
 * (reauth.ts). A new password ends every other session of the user (the one that made the change stays
 * signed in) and lifts a forced change; a new email stays pending until the link mailed to it is opened
 * (email-links.ts), and the current address is told.
 */
export async function updateUser(
  ctx: AppContext,
  principal: Principal,
  userId: string,
  body: UpdateUserBody,
  meta: { ip: string },
): Promise<User> {
  if (principal.userId !== userId) throw new DomainError('NOT_FOUND', 'User not found');
  const { db } = ctx.database;
  const errors: { path: string; message: string }[] = [];
  const patch: Partial<typeof users.$inferInsert> = {};
  const clean = (v: string | undefined) =>
    v === undefined ? undefined : v.trim() === '' ? undefined : v.trim();
  const first = clean(body.first_name);
  const last = clean(body.last_name);
  const email = clean(body.email);
  const phone = clean(body.phone_number);
  if (first) patch.first_name = first;
  if (last) patch.last_name = last;
  if (email && !isValidEmail(email)) errors.push({ path: 'email', message: EMAIL_MESSAGE });
  if (body.phone_number !== undefined) {
    if (phone && !isValidPhone(phone))
      errors.push({ path: 'phone_number', message: 'Please enter a valid phone number' });
    else patch.phone_number = phone ? formatUsPhone(phone) : null;
  }
  const newPassword = body.new_password ?? '';
  if (newPassword && newPassword.length < PASSWORD_MIN_LENGTH)
    errors.push({ path: 'new_password', message: PASSWORD_MESSAGE });
  if (errors.length) throw new DomainError('VALIDATION', errors[0]!.message, { errors });

  const [current] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!current) throw new DomainError('NOT_FOUND', 'User not found');
  // The same address in other letter case is no change (addresses are compared without case).
  const newEmail = email && email.toLowerCase() !== current.email.toLowerCase() ? email : undefined;
  if (newPassword || newEmail) await reauthenticate(ctx, current, body.password, meta.ip);
  if (newPassword) {
    patch.password_hash = await hashPassword(newPassword);
    patch.password_must_change = false;
  }
  if (newEmail) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${newEmail.toLowerCase()}`, ne(users.id, userId)))
      .limit(1);
    if (taken)
      throw new DomainError('CONFLICT', EMAIL_IN_USE_MESSAGE, {
        errors: [{ path: 'email', message: EMAIL_IN_USE_MESSAGE }],
      });
    await checkVerificationMailLimit(db, userId);
  }
  if (Object.keys(patch).length) {
    await db.transaction(async (tx) => {
      await tx.update(users).set(patch).where(eq(users.id, userId));
      if (patch.password_hash) await revokeAllSessions(tx, userId, { exceptSessionId: principal.sessionId });
    });
    // A new password ended the other sessions; a new name changes the cached principal.
    await announceSessionsRevoked(ctx, { user_id: userId });
  }
  if (newEmail) {
    await sendVerificationEmail(
      ctx,
      { id: userId, first_name: patch.first_name ?? current.first_name },
      newEmail,
      'change_email',
    );
    // The notice is best effort: the change itself still waits for the new address's link.
    await ctx.adapters.email
      .send(
        emailChangeNoticeEmail(
          current.email,
          patch.first_name ?? current.first_name,
          newEmail,
          ctx.config.siteName,
        ),
      )
      .catch(() => undefined);
  }
  const user = await loadUser(db, userId, { withPending: true });
  if (!user) throw new DomainError('NOT_FOUND', 'User not found');
  return user;
}

/** Cancels the pending new email: its link stops working and the account keeps its address. */
export async function cancelEmailChange(
  ctx: AppContext,
  principal: Principal,
  userId: string,
): Promise<User> {
  if (principal.userId !== userId) throw new DomainError('NOT_FOUND', 'User not found');
  await retireEmailTokens(ctx.database.db, userId, ['change_email']);
  const user = await loadUser(ctx.database.db, userId, { withPending: true });
  if (!user) throw new DomainError('NOT_FOUND', 'User not found');
  return user;
}

/** Sends the confirmation link again: to the pending new address if there is one, else to the account's own. */
export async function resendEmailVerification(
  ctx: AppContext,
  principal: Principal,
  userId: string,
): Promise<{ success: true; message: string }> {
  if (principal.userId !== userId) throw new DomainError('NOT_FOUND', 'User not found');
  const { db } = ctx.database;
  const user = await loadUser(db, userId, { withPending: true });
  if (!user) throw new DomainError('NOT_FOUND', 'User not found');
  const to = user.pending_email ?? (user.email_verified ? null : user.email);
  if (!to) throw new DomainError('CONFLICT', 'Your email address is already confirmed.');
  await checkVerificationMailLimit(db, userId);
  await sendVerificationEmail(ctx, user, to, user.pending_email ? 'change_email' : 'verify_email');
  return { success: true, message: `We sent the link to ${to}.` };
}
