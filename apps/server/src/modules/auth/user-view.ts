import type { User } from '@mc/api';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailTokens, merchants, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The API's user shape: `aux_data.authorized_merchant` is the merchant key. `pendingEmail`:
 * the new address waiting for its confirmation link (given only for the user's own view).
 */
export function toUser(row: UserRow, tmk: string | null, pendingEmail: string | null = null): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    birthday: row.birthday,
    date_created: row.created_at.toISOString(),
    last_login: row.last_login_at?.toISOString() ?? null,
    userRoles: row.roles,
    aux_data: { authorized_merchant: tmk },
    email_verified: row.email_verified_at !== null,
    pending_email: pendingEmail,
    has_password: row.password_hash !== null,
    password_must_change: row.password_must_change,
  };
}

/** The new address of the user's open email change (the newest live link), if any. */
export async function pendingEmailOf(db: DbOrTx, userId: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.user_id, userId),
        eq(emailTokens.purpose, 'change_email'),
        isNull(emailTokens.used_at),
        gt(emailTokens.expires_at, now),
      ),
    )
    .orderBy(desc(emailTokens.created_at))
    .limit(1);
  return row?.email ?? null;
}

/** A user as the API shows it; `withPending`: the user's own view, with the pending new email. */
export async function loadUser(
  db: DbOrTx,
  id: string,
  opts: { withPending?: boolean } = {},
): Promise<User | null> {
  const [row] = await db
    .select({ user: users, tmk: merchants.tmk })
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.authorized_merchant_id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  return toUser(row.user, row.tmk, opts.withPending ? await pendingEmailOf(db, id) : null);
}
