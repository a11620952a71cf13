/**
 * Which account a verified OpenID identity signs in to (docs/decisions/0113-accounts-verified-linked-reauthenticated.md):
 *
 * 1. the account already linked to this issuer and subject, whatever its email is now;
 * 2. else the account whose proven email (`email_verified_at`) is the identity's verified email: linked;
 * 3. else an account with that email that never proved it: the identity wins. In one transaction its
 *    password is removed, the address marked proven, every session and every open email or reset link
 *    ended, and the identity linked; then the address is told by email. Whoever signed up with a password
 *    for an address they do not own loses the account to its owner;
 * 4. else a new account and store, without a password, its address proven, the identity linked.
 *
 * Every successful OpenID sign-in stamps `users.oidc_authenticated_at` (a fresh sign-in re-authenticates
 * account changes of an OpenID-only account for a few minutes).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { emailTokens, merchants, passwordResetTokens, userIdentities, users } from '../../db/schema.ts';
import { announceSessionsRevoked } from './session-events.ts';
import { revokeAllSessions } from './sessions.ts';
import { newMerchantKey } from './sign-up.ts';

/** What the provider vouched for: the subject always; the email only counts when `emailVerified`. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

export type OidcAccountOutcome = 'linked' | 'signed_in' | 'took_over' | 'created';

export interface OidcAccount {
  userId: string;
  tmk: string | null;
  outcome: OidcAccountOutcome;
}

/** The message of a sign-in whose identity is not linked and whose email the provider did not verify. */
export const unverifiedEmailMessage = (provider: string) => `${provider} did not confirm this email address.`;

export class UnverifiedOidcEmail extends Error {}

/**
 * The account of this identity, linking or creating it; throws UnverifiedOidcEmail when the identity is
 * not linked yet and the provider did not verify its email.
 */
export async function accountForIdentity(
  ctx: AppContext,
  identity: OidcIdentity,
  providerName: string,
  log?: { warn(o: object, m: string): void },
): Promise<OidcAccount> {
  const account = await ctx.database.db.transaction((tx) => resolveAccount(tx, identity));
  if (account.outcome === 'took_over') {
    // The revoked sessions' event streams close and every process's session cache drops them.
    await announceSessionsRevoked(ctx, { user_id: account.userId });
    try {
      const [u] = await ctx.database.db
        .select({ email: users.email, first: users.first_name })
        .from(users)
        .where(eq(users.id, account.userId))
        .limit(1);
      if (u)
        await ctx.adapters.email.send(
          identityLinkedEmail(u.email, u.first, providerName, ctx.config.siteName),
        );
    } catch (err) {
      // The sign-in stands: the account is already safe; the notice is for the owner's records.
      log?.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'the linked-identity notice could not be sent',
      );
    }
  }
  return account;
}

async function resolveAccount(tx: DbOrTx, identity: OidcIdentity): Promise<OidcAccount> {
  const now = new Date();
  const signedIn = async (userId: string) => {
    const [row] = await tx
      .update(users)
      .set({ oidc_authenticated_at: now, last_login_at: now })
      .where(eq(users.id, userId))
      .returning({ merchantId: users.authorized_merchant_id });
    if (!row?.merchantId) return null;
    const [m] = await tx
      .select({ tmk: merchants.tmk })
      .from(merchants)
      .where(eq(merchants.id, row.merchantId))
      .limit(1);
    return m?.tmk ?? null;
  };
  const link = (userId: string) =>
    tx
      .insert(userIdentities)
      .values({
        user_id: userId,
        issuer: identity.issuer,
        subject: identity.subject,
        email: identity.email,
        last_sign_in_at: now,
      })
      .onConflictDoNothing({ target: [userIdentities.issuer, userIdentities.subject] });

  // 1. Linked before: the subject decides, not the email (it may have changed on either side).
  const [linked] = await tx
    .update(userIdentities)
    .set({ last_sign_in_at: now, email: identity.email })
    .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)))
    .returning({ userId: userIdentities.user_id });
  if (linked) return { userId: linked.userId, tmk: await signedIn(linked.userId), outcome: 'signed_in' };

  if (!identity.emailVerified || !identity.email) throw new UnverifiedOidcEmail();
  const email = identity.email;

  const [existing] = await tx
    .select({ id: users.id, verifiedAt: users.email_verified_at })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
    .for('update');

  // 2. The account proved this address: the same person.
  if (existing?.verifiedAt) {
    await link(existing.id);
    return { userId: existing.id, tmk: await signedIn(existing.id), outcome: 'linked' };
  }

  // 3. The address was never proven: the provider's verified identity is its owner.
  if (existing) {
    await tx
      .update(users)
      .set({ password_hash: null, password_must_change: false, email_verified_at: now })
      .where(eq(users.id, existing.id));
    await revokeAllSessions(tx, existing.id);
    await tx
      .update(passwordResetTokens)
      .set({ used_at: now })
      .where(and(eq(passwordResetTokens.user_id, existing.id), isNull(passwordResetTokens.used_at)));
    await tx
      .update(emailTokens)
      .set({ used_at: now })
      .where(and(eq(emailTokens.user_id, existing.id), isNull(emailTokens.used_at)));
    await link(existing.id);
    return { userId: existing.id, tmk: await signedIn(existing.id), outcome: 'took_over' };
  }

  // 4. A new account and store, without a password.
  const first = identity.givenName?.trim() || email.split('@')[0]!;
  const last = identity.familyName?.trim() ?? '';
  const [m] = await tx
    .insert(merchants)
    .values({ tmk: newMerchantKey(), name: `${first}'s Store`, email })
    .returning({ id: merchants.id, tmk: merchants.tmk });
  const [u] = await tx
    .insert(users)
    .values({
      first_name: first,
      last_name: last,
      email,
      password_hash: null,
      email_verified_at: now,
      oidc_authenticated_at: now,
      last_login_at: now,
      roles: ['merch.owner'],
      authorized_merchant_id: m!.id,
    })
    .returning({ id: users.id });
  await link(u!.id);
  return { userId: u!.id, tmk: m!.tmk, outcome: 'created' };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The notice after a verified identity took an account whose address had not been proven. */
export function identityLinkedEmail(to: string, firstName: string, provider: string, site: string) {
  const text = [
    `Hello ${firstName},`,
    '',
    `Your ${site} account is now linked to ${provider}: you sign in with ${provider}.`,
    'Any password set for this account before was removed, and every session that was open on it was ended.',
    "Please review your store's settings and team: someone else may have set them up before you.",
    '',
    `If you did not just sign in with ${provider}, contact your ${provider} administrator and our support.`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    `<p>Your ${escapeHtml(site)} account is now linked to ${escapeHtml(provider)}: you sign in with ${escapeHtml(provider)}.</p>`,
    '<p>Any password set for this account before was removed, and every session that was open on it was ended.</p>',
    "<p>Please review your store's settings and team: someone else may have set them up before you.</p>",
    `<p>If you did not just sign in with ${escapeHtml(provider)}, contact your ${escapeHtml(provider)} administrator and our support.</p>`,
  ].join('\n');
  return { to, subject: `Your ${site} account is now linked to ${provider}`, text, html };
}
