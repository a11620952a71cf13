import type { Role, TeamMember } from '@mc/api';
import { roleLabel } from '@mc/domain';
import type { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

export const toRoles = (roles: readonly string[]): Role[] =>
  roles.map((name) => ({ name, label: roleLabel(name) }));

/** A team member as the Users page shows it. */
export function toTeamMember(row: UserRow): TeamMember {
  return {
    uuid: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone_number,
    last_login: row.last_login_at?.toISOString() ?? null,
    date_created: row.created_at.toISOString(),
    roles: toRoles(row.roles),
  };
}
