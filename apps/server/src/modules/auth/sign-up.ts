import { DomainError, type SignUpBody } from '@mc/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { merchants, users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken } from '../../lib/tokens.ts';
import { sendVerificationEmail } from './email-links.ts';
import { toUser } from './user-view.ts';

export const EMAIL_EXISTS_MESSAGE = 'The email entered already exists. Have you Forgot your password';

export function newMerchantKey(): string {
  return `m-${randomToken(9).replace(/[-_]/g, 'x').toLowerCase()}`;
}

/**
 * Sign-up creates the person's account and a store of their own, with them as its owner
 * (docs/decisions/0004-a-sign-up-creates-the-persons-own-store.md: a new sign-up is a new merchant whose
 * payment onboarding is still to do).
 */
export async function signUp(ctx: AppContext, input: SignUpBody, log?: FastifyBaseLogger) {
  const email = input.email.trim();
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.database.db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    if (exists)
      throw new DomainError('CONFLICT', EMAIL_EXISTS_MESSAGE, {
        errors: [{ path: 'email', message: EMAIL_EXISTS_MESSAGE }],
      });
    const [merchant] = await tx
      .insert(merchants)
      .values({ tmk: newMerchantKey(), name: `${input.first_name.trim()}'s Store`, email })
      .returning();
    if (!merchant) throw new Error('merchant insert returned nothing');
    const [user] = await tx
      .insert(users)
      .values({
        first_name: input.first_name.trim(),
        last_name: input.last_name.trim(),
        email,
        password_hash: passwordHash,
        birthday: input.birthday,
        roles: ['merch.owner'],
        authorized_merchant_id: merchant.id,
      })
      .returning()
      .catch((e: unknown) => {
        // Two sign-ups racing for one address: the unique index decides.
        if (
          String((e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code) ===
          '23505'
        ) {
          throw new DomainError('CONFLICT', EMAIL_EXISTS_MESSAGE);
        }
        throw e;
      });
    if (!user) throw new Error('user insert returned nothing');
    return toUser(user, merchant.tmk);
  });
  // The account works at once; the link only proves the address. An unsent one is asked for again from the
  // console's notice, so it does not undo the sign-up.
  await sendVerificationEmail(ctx, user, user.email, 'verify_email').catch((err: unknown) =>
    log?.warn({ err }, 'the sign-up confirmation email could not be sent'),
  );
  return user;
}
