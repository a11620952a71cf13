import type { InviteUserBody, TeamMember } from '@mc/api';
import { DomainError, generatePassword, roleLabel } from '@mc/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { MerchantRow } from '../../db/rows.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Principal } from '../../lib/principal.ts';
import { announceSessionsRevoked } from '../auth/index.ts';
import { toTeamMember } from './team-view.ts';

export const EMAIL_TAKEN_MESSAGE = 'This email is already used by another account';

export function invitationEmail(opts: {
  to: string;
  firstName: string;
  storeName: string;
  role: string;
  inviter: string;
  password: string;
  loginUrl: string;
}) {
  const text = [
    `Hi ${opts.firstName},`,
    '',
    `${opts.inviter} invited you to ${opts.storeName} on the merchant console as ${roleLabel(opts.role)}.`,
    '',
    `Sign in at ${opts.loginUrl}`,
    `Email: ${opts.to}`,
    `Temporary password: ${opts.password}`,
    '',
    'Please change this password under Settings > Profile after you sign in.',
  ].join('\n');
  return { to: opts.to, subject: `You're invited to ${opts.storeName}`, text };
}

/**
 * POST /c/v2/merchants/{tmk}/users: creates the user with a generated 16-character password (part 2 §9)
 * and emails it. A former member whose access was revoked (no merchant) is re-attached with a new password.
 */
export async function inviteUser(
  ctx: AppContext,
  principal: Principal,
  merchant: MerchantRow,
  body: InviteUserBody,
): Promise<TeamMember> {
  const { db } = ctx.database;
  const email = body.email.trim();
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
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
    password_hash: passwordHash,
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
    await ctx.adapters.email.send(
      invitationEmail({
        to: row.email,
        firstName: row.first_name,
        storeName: merchant.name,
        role: body.role,
        inviter: principal.name || 'The store owner',
        password,
        loginUrl: `${ctx.config.publicUrl}/login`,
      }),
    );
  } catch {
    // Without the email nobody knows the password: undo the invitation.
    if (existing) {
      await db.update(users).set({ authorized_merchant_id: null, roles: [] }).where(eq(users.id, row.id));
      await announceSessionsRevoked(ctx, { user_id: existing.id });
    } else await db.delete(users).where(eq(users.id, row.id));
    throw new DomainError('UNAVAILABLE', 'The invitation email could not be sent. Please try again.');
  }
  return toTeamMember(row);
}
