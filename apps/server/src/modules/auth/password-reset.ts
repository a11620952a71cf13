import { DomainError } from '@mc/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { checkResetRequestLimit } from './account-limits.ts';
import { announceSessionsRevoked } from './session-events.ts';
import { revokeAllSessions } from './sessions.ts';

export const RESET_TTL_MS = 30 * 60_000;
export const UNKNOWN_EMAIL_MESSAGE = 'The email entered does not exists. Please review and try again';
export const BAD_RESET_TOKEN_MESSAGE =
  'This password reset link is invalid or has expired. Please request a new one.';

/** Sends a reset link. The token (256 bits) is stored only as its SHA-256 and lives 30 minutes. */
export async function requestPasswordReset(ctx: AppContext, rawEmail: string): Promise<{ success: true }> {
  const { db } = ctx.database;
  const email = rawEmail.trim().toLowerCase();
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  if (!user)
    throw new DomainError('NOT_FOUND', UNKNOWN_EMAIL_MESSAGE, {
      errors: [{ path: 'email', message: UNKNOWN_EMAIL_MESSAGE }],
    });
  await checkResetRequestLimit(db, user.id);
  const token = randomToken(32);
  await db.insert(passwordResetTokens).values({
    user_id: user.id,
    token_hash: sha256(token),
    expires_at: new Date(Date.now() + RESET_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/forgot/password-reset/${token}`;
  await ctx.adapters.email.send(passwordResetEmail(user.email, user.first_name, link, ctx.config.siteName));
  return { success: true };
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset email: a text part and an HTML part with the same link. */
export function passwordResetEmail(to: string, firstName: string, link: string, site: string) {
  const text = [
    `Hello ${firstName},`,
    '',
    `We received a request to reset the password of your ${site} account.`,
    `Open this link within 30 minutes to choose a new password:`,
    link,
    '',
    'If you did not ask for this, you can ignore this email; your password stays the same.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    `<p>We received a request to reset the password of your ${escapeHtml(site)} account.</p>`,
    `<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works for 30 minutes).</p>`,
    '<p>If you did not ask for this, you can ignore this email; your password stays the same.</p>',
  ].join('\n');
  return { to, subject: `Reset your ${site} password`, text, html };
}

/** Sets the new password once per token; ends every session of the user and every other open link. */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  newPassword: string,
): Promise<{ success: true }> {
  const passwordHash = await hashPassword(newPassword);
  const userId = await ctx.database.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(passwordResetTokens.token_hash, sha256(token)),
          isNull(passwordResetTokens.used_at),
          gt(passwordResetTokens.expires_at, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.user_id });
    if (!used)
      throw new DomainError('VALIDATION', BAD_RESET_TOKEN_MESSAGE, {
        errors: [{ path: 'reset_token', message: BAD_RESET_TOKEN_MESSAGE }],
      });
    await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, used.userId));
    await tx
      .update(passwordResetTokens)
      .set({ used_at: new Date() })
      .where(and(eq(passwordResetTokens.user_id, used.userId), isNull(passwordResetTokens.used_at)));
    await revokeAllSessions(tx, used.userId);
    return used.userId;
  });
  await announceSessionsRevoked(ctx, { user_id: userId });
  return { success: true };
}
