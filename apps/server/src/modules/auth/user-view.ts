import type { User } from '@mc/api';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { merchants, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** The API's user shape (DESIGN.md §4): `aux_data.authorized_merchant` is the merchant key. */
export function toUser(row: UserRow, tmk: string | null): User {
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
  };
}

export async function loadUser(db: DbOrTx, id: string): Promise<User | null> {
  const [row] = await db
    .select({ user: users, tmk: merchants.tmk })
    .from(users)
    .leftJoin(merchants, eq(merchants.id, users.authorized_merchant_id))
    .where(eq(users.id, id))
    .limit(1);
  return row ? toUser(row.user, row.tmk) : null;
}
