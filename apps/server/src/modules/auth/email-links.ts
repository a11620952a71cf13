/**
 * Single-use links mailed to prove an address (docs/decisions/0114-email-verification-reauthentication-invitations.md):
 * 'verify_email' (sign-up, resend; 24 hours), 'change_email' (a new address, which becomes the account email
 * only when its link is opened; 24 hours) and 'invitation' (sets the invited person's password; 7 days).
 * Like password reset links, the token (256 bits) is stored only as its SHA-256.
 */
import { DomainError } from '@mc/domain';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { emailTokens, users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { escapeHtml } from './password-reset.ts';
import { announceSessionsRevoked } from './session-events.ts';
import { createSession, revokeAllSessions } from './sessions.ts';
import { loadUser } from './user-view.ts';

export type EmailTokenPurpose = 'verify_email' | 'change_email' | 'invitation';

export const VERIFY_TTL_MS = 24 * 60 * 60_000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
export const BAD_EMAIL_LINK_MESSAGE =
  'This confirmation link is invalid or has expired. Please request a new one.';
export const BAD_INVITATION_MESSAGE =
  'This invitation link is invalid, was already used or has expired. Please ask the store owner for a new invitation.';
export const EMAIL_IN_USE_MESSAGE = 'This email is used by another account';

/** Console pages the links open (apps/web routes). */
export const verifyEmailLink = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/verify-email/${token}`;
export const invitationLink = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/invitation/${token}`;

/**
 * A new link for `email`. A new-address or invitation link replaces the user's earlier ones of that purpose
 * (only the newest works); confirmation links of the same address all stay valid until used or expired.
 */
export async function issueEmailToken(
  db: DbOrTx,
  userId: string,
  purpose: EmailTokenPurpose,
  email: string,
  now = new Date(),
): Promise<string> {
  if (purpose !== 'verify_email') await retireEmailTokens(db, userId, [purpose], now);
  const token = randomToken(32);
  await db.insert(emailTokens).values({
    user_id: userId,
    purpose,
    email,
    token_hash: sha256(token),
    expires_at: new Date(now.getTime() + (purpose === 'invitation' ? INVITATION_TTL_MS : VERIFY_TTL_MS)),
  });
  return token;
}

/** Every still-open link of these purposes stops working. */
export async function retireEmailTokens(
  db: DbOrTx,
  userId: string,
  purposes: EmailTokenPurpose[],
  now = new Date(),
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(emailTokens.user_id, userId),
        inArray(emailTokens.purpose, purposes),
        isNull(emailTokens.used_at),
      ),
    );
}

/** Marks a live link of one of the purposes used and answers it; null when unknown, used or expired. */
async function consumeEmailToken(db: DbOrTx, token: string, purposes: EmailTokenPurpose[], now = new Date()) {
  const [row] = await db
    .update(emailTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(emailTokens.token_hash, sha256(token)),
        inArray(emailTokens.purpose, purposes),
        isNull(emailTokens.used_at),
        gt(emailTokens.expires_at, now),
      ),
    )
    .returning();
  return row ?? null;
}

const refuse = (message: string) =>
  new DomainError('VALIDATION', message, { errors: [{ path: 'token', message }] });

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

// ---------------------------------------------------------------- emails (text and HTML parts, like the reset email)

export function verificationEmail(
  to: string,
  firstName: string,
  link: string,
  change: boolean,
  site: string,
) {
  const why = change
    ? `You asked to use this address for your ${site} account.`
    : `Welcome to ${site}. Please confirm that this address is yours.`;
  const after = change
    ? 'Your account keeps its current email until you open the link.'
    : 'Your account already works; confirming keeps it yours and lets us reach you.';
  const text = [
    `Hello ${firstName},`,
    '',
    why,
    'Open this link within 24 hours to confirm it:',
    link,
    '',
    after,
    'If you did not ask for this, you can ignore this email.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    `<p>${escapeHtml(why)}</p>`,
    `<p><a href="${escapeHtml(link)}">Confirm this email address</a> (the link works once, for 24 hours).</p>`,
    `<p>${escapeHtml(after)}</p>`,
    '<p>If you did not ask for this, you can ignore this email.</p>',
  ].join('\n');
  return { to, subject: `Confirm your email for ${site}`, text, html };
}

/** Told to the current address when a new one is asked for: the change waits for the new address's link. */
export function emailChangeNoticeEmail(to: string, firstName: string, newEmail: string, site: string) {
  const text = [
    `Hello ${firstName},`,
    '',
    `Someone signed in to your ${site} account asked to change its email to ${newEmail}.`,
    'The change happens only when the link sent to that address is opened; until then this address stays.',
    '',
    'If this was not you, sign in, cancel the change under Settings > Profile and change your password.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    `<p>Someone signed in to your ${escapeHtml(site)} account asked to change its email to <strong>${escapeHtml(newEmail)}</strong>.</p>`,
    '<p>The change happens only when the link sent to that address is opened; until then this address stays.</p>',
    '<p>If this was not you, sign in, cancel the change under Settings &gt; Profile and change your password.</p>',
  ].join('\n');
  return { to, subject: `Your ${site} email is about to change`, text, html };
}

export async function sendVerificationEmail(
  ctx: AppContext,
  user: { id: string; first_name: string },
  email: string,
  purpose: 'verify_email' | 'change_email',
): Promise<void> {
  const token = await issueEmailToken(ctx.database.db, user.id, purpose, email);
  try {
    await ctx.adapters.email.send(
      verificationEmail(
        email,
        user.first_name,
        verifyEmailLink(ctx, token),
        purpose === 'change_email',
        ctx.config.siteName,
      ),
    );
  } catch {
    // An unsent link must not count against the hourly limit nor stay usable.
    await ctx.database.db.delete(emailTokens).where(eq(emailTokens.token_hash, sha256(token)));
    throw new DomainError('UNAVAILABLE', 'The confirmation email could not be sent. Please try again.');
  }
}

// ---------------------------------------------------------------- opening a link

/**
 * Opens a confirmation link: a sign-up link confirms the account's address; a new-address link makes it the
 * account email (if no other account took it meanwhile) and ends the user's other sessions, keeping only
 * `keepSessionId` (the caller's own session of that user, if the link was opened signed in).
 */
export async function confirmEmail(
  ctx: AppContext,
  token: string,
  caller: { userId: string; sessionId: string } | null,
): Promise<{ success: true; message: string; email: string }> {
  const now = new Date();
  const result = await ctx.database.db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, token, ['verify_email', 'change_email'], now);
    if (!link) throw refuse(BAD_EMAIL_LINK_MESSAGE);
    const [user] = await tx.select().from(users).where(eq(users.id, link.user_id)).for('update');
    if (!user) throw refuse(BAD_EMAIL_LINK_MESSAGE);
    if (link.purpose === 'verify_email') {
      // A link to an address the account no longer has proves nothing about its current one.
      if (!sameAddress(link.email, user.email)) throw refuse(BAD_EMAIL_LINK_MESSAGE);
      if (!user.email_verified_at)
        await tx.update(users).set({ email_verified_at: now }).where(eq(users.id, user.id));
      return { changed: false, userId: user.id, email: user.email };
    }
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${link.email.toLowerCase()}`, ne(users.id, user.id)))
      .limit(1);
    if (taken)
      throw new DomainError('CONFLICT', EMAIL_IN_USE_MESSAGE, {
        errors: [{ path: 'token', message: EMAIL_IN_USE_MESSAGE }],
      });
    await tx.update(users).set({ email: link.email, email_verified_at: now }).where(eq(users.id, user.id));
    await retireEmailTokens(tx, user.id, ['change_email', 'verify_email'], now);
    const keep = caller?.userId === user.id ? caller.sessionId : undefined;
    await revokeAllSessions(tx, user.id, keep ? { exceptSessionId: keep } : {});
    return { changed: true, userId: user.id, email: link.email };
  });
  // The cached principals hold the old email; a change ended the other sessions and their event streams.
  await announceSessionsRevoked(ctx, { user_id: result.userId });
  return {
    success: true,
    message: result.changed
      ? `Your email is now ${result.email}. Other sessions of your account were signed out.`
      : 'Your email address is confirmed.',
    email: result.email,
  };
}

/**
 * Opens an invitation link: the invited person's own password replaces whatever the account had, the address
 * the invitation went to is confirmed, every other session ends, and this answer signs them in.
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  newPassword: string,
  meta: { ip?: string; userAgent?: string },
) {
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  const userId = await ctx.database.db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, token, ['invitation'], now);
    if (!link) throw refuse(BAD_INVITATION_MESSAGE);
    const [user] = await tx.select().from(users).where(eq(users.id, link.user_id)).for('update');
    // Access revoked since the invitation: the link no longer opens the store.
    if (!user || user.authorized_merchant_id === null) throw refuse(BAD_INVITATION_MESSAGE);
    await tx
      .update(users)
      .set({
        password_hash: passwordHash,
        password_must_change: false,
        last_login_at: now,
        ...(sameAddress(link.email, user.email) ? { email_verified_at: user.email_verified_at ?? now } : {}),
      })
      .where(eq(users.id, user.id));
    await retireEmailTokens(tx, user.id, ['invitation'], now);
    await revokeAllSessions(tx, user.id);
    return user.id;
  });
  await announceSessionsRevoked(ctx, { user_id: userId });
  const session = await createSession(ctx, userId, meta);
  const user = await loadUser(ctx.database.db, userId, { withPending: true });
  if (!user) throw refuse(BAD_INVITATION_MESSAGE);
  return { token: session, user };
}
