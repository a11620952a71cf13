import type { InviteUserBody, TeamMember } from '@mc/api';
import { DomainError, roleLabel } from '@mc/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { MerchantRow } from '../../db/rows.ts';
import { users } from '../../db/schema.ts';
import type { Principal } from '../../lib/principal.ts';
import {
  announceSessionsRevoked,
  escapeHtml,
  invitationLink,
  issueEmailToken,
  retireEmailTokens,
} from '../auth/index.ts';
import { toTeamMember } from './team-view.ts';

export const EMAIL_TAKEN_MESSAGE = 'This email is already used by another account';

/** The invitation: a text part and an HTML part with the same single-use link; never a password. */
export function invitationEmail(opts: {
  to: string;
  firstName: string;
  storeName: string;
  role: string;
  inviter: string;
  link: string;
  /** SITE_NAME: what the email calls the console. */
  site: string;
}) {
  const role = roleLabel(opts.role);
  const text = [
    `Hi ${opts.firstName},`,
    '',
    `${opts.inviter} invited you to ${opts.storeName} on ${opts.site} as ${role}.`,
    '',
    'Open this link within 7 days to choose your password and join:',
    opts.link,
    '',
    `You will sign in with ${opts.to}. The link works once. If you did not expect this, you can ignore this email.`,
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(opts.firstName)},</p>`,
    `<p>${escapeHtml(opts.inviter)} invited you to <strong>${escapeHtml(opts.storeName)}</strong> on ${escapeHtml(opts.site)} as ${escapeHtml(role)}.</p>`,
    `<p><a href="${escapeHtml(opts.link)}">Choose your password and join</a> (the link works once, for 7 days).</p>`,
    `<p>You will sign in with ${escapeHtml(opts.to)}. If you did not expect this, you can ignore this email.</p>`,
  ].join('\n');
  return { to: opts.to, subject: `You're invited to ${opts.storeName}`, text, html };
}

/**
 * POST /c/v2/merchants/{tmk}/users: creates the user without a password and emails a single-use link (7 days)
 * where they choose one, which accepts the invitation and confirms the address
 * (docs/decisions/0114-email-verification-reauthentication-invitations.md). A former member whose access was
 * revoked (no merchant) is re-attached and keeps their password; the link lets them choose a new one.
 */
export async function inviteUser(
  ctx: AppContext,
  principal: Principal,
  merchant: MerchantRow,
  body: InviteUserBody,
): Promise<TeamMember> {
  const { db } = ctx.database;
  const email = body.email.trim();
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (existing && existing.authorized_merchant_id !== null) {
    throw new DomainError('CONFLICT', EMAIL_TAKEN_MESSAGE, {
      errors: [{ path: 'email', message: EMAIL_TAKEN_MESSAGE }],
    });
  }
  const values = {
    first_name: body.first_name.trim(),
    last_name: body.last_name.trim(),
    roles: [body.role],
    authorized_merchant_id: merchant.id,
  };
  let row: typeof users.$inferSelect | undefined;
  try {
    [row] = existing
      ? await db.update(users).set(values).where(eq(users.id, existing.id)).returning()
      : await db
          .insert(users)
          .values({ ...values, email })
          .returning();
  } catch (e) {
    // Two invitations of the same address at once: the unique index decides.
    if ((e as { code?: string }).code === '23505' || /unique/i.test(String((e as Error).message))) {
      throw new DomainError('CONFLICT', EMAIL_TAKEN_MESSAGE, {
        errors: [{ path: 'email', message: EMAIL_TAKEN_MESSAGE }],
      });
    }
    throw e;
  }
  if (!row) throw new Error('invite returned nothing');
  // An existing account now acts for this store: its cached sessions (if any) must see the new role.
  if (existing) await announceSessionsRevoked(ctx, { user_id: existing.id });
  try {
    const token = await issueEmailToken(db, row.id, 'invitation', row.email);
    await ctx.adapters.email.send(
      invitationEmail({
        to: row.email,
        firstName: row.first_name,
        storeName: merchant.name,
        role: body.role,
        inviter: principal.name || 'The store owner',
        link: invitationLink(ctx, token),
        site: ctx.config.siteName,
      }),
    );
  } catch {
    // Without the email nobody can accept: undo the invitation.
    if (existing) {
      await retireEmailTokens(db, row.id, ['invitation']);
      await db.update(users).set({ authorized_merchant_id: null, roles: [] }).where(eq(users.id, row.id));
      await announceSessionsRevoked(ctx, { user_id: existing.id });
    } else await db.delete(users).where(eq(users.id, row.id));
    throw new DomainError('UNAVAILABLE', 'The invitation email could not be sent. Please try again.');
  }
  return toTeamMember(row);
}
