import type { UpdateUserBody } from '@mc/api';
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
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { announceSessionsRevoked } from './session-events.ts';
import type { Principal } from './sessions.ts';
import { revokeAllSessions } from './sessions.ts';
import { loadUser } from './user-view.ts';

export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect';

/**
 * Profile save (part 1 §7): empty values are dropped; a new password needs the current one and ends
 * every other session of the user (the one that made the change stays signed in).
 */
export async function updateUser(
  ctx: AppContext,
  principal: Principal,
  userId: string,
  body: UpdateUserBody,
) {
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
  if (email) {
    if (!isValidEmail(email)) errors.push({ path: 'email', message: EMAIL_MESSAGE });
    else patch.email = email;
  }
  if (body.phone_number !== undefined) {
    if (phone && !isValidPhone(phone))
      errors.push({ path: 'phone_number', message: 'Please enter a valid phone number' });
    else patch.phone_number = phone ? formatUsPhone(phone) : null;
  }
  const newPassword = body.new_password ?? '';
  if (newPassword) {
    if (newPassword.length < PASSWORD_MIN_LENGTH)
      errors.push({ path: 'new_password', message: PASSWORD_MESSAGE });
    if (!body.password) errors.push({ path: 'password', message: 'Please enter your current password' });
  }
  if (errors.length) throw new DomainError('VALIDATION', errors[0]!.message, { errors });

  const [current] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!current) throw new DomainError('NOT_FOUND', 'User not found');
  if (newPassword) {
    if (!(await verifyPassword(current.password_hash, body.password ?? ''))) {
      throw new DomainError('VALIDATION', WRONG_CURRENT_PASSWORD, {
        errors: [{ path: 'password', message: WRONG_CURRENT_PASSWORD }],
      });
    }
    patch.password_hash = await hashPassword(newPassword);
  }
  if (patch.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${patch.email.toLowerCase()}`, ne(users.id, userId)))
      .limit(1);
    if (taken)
      throw new DomainError('CONFLICT', 'This email is used by another account', {
        errors: [{ path: 'email', message: 'This email is used by another account' }],
      });
  }
  if (Object.keys(patch).length) {
    await db.transaction(async (tx) => {
      await tx.update(users).set(patch).where(eq(users.id, userId));
      if (patch.password_hash) await revokeAllSessions(tx, userId, { exceptSessionId: principal.sessionId });
    });
    // A new password ended the other sessions; a new name or email changes the cached principal.
    await announceSessionsRevoked(ctx, { user_id: userId });
  }
  const user = await loadUser(db, userId);
  if (!user) throw new DomainError('NOT_FOUND', 'User not found');
  return user;
}
