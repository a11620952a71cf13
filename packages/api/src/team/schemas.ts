/** The store's team: its users, their roles, invitations and revoking access. */
import { emailSchema, MERCHANT_ROLES, ROLE_REQUIRED_MESSAGE, requiredString } from '@mc/domain';
import { z } from 'zod';

export const RoleSchema = z.object({ name: z.string(), label: z.string() });
export type Role = z.infer<typeof RoleSchema>;

export const TeamMemberSchema = z
  .object({
    uuid: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    last_login: z.string().nullable(),
    date_created: z.string(),
    roles: z.array(RoleSchema),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamResponseSchema = z.object({ items: z.array(TeamMemberSchema) });
export type TeamResponse = z.infer<typeof TeamResponseSchema>;

const roleField = z.enum(MERCHANT_ROLES, { error: ROLE_REQUIRED_MESSAGE });

/** POST /c/v2/merchants/{tmk}/users: invite (the password is generated and emailed). */
export const InviteUserBodySchema = z
  .object({
    first_name: requiredString('first_name', 'name'),
    last_name: requiredString('last_name', 'name'),
    email: emailSchema('email'),
    role: roleField,
  })
  .meta({ id: 'InviteUserBody' });
export type InviteUserBody = z.input<typeof InviteUserBodySchema>;
export const InviteUserResponseSchema = z.object({ user: TeamMemberSchema });

export const UserRolesResponseSchema = z.object({
  items: z.array(RoleSchema),
  message: z.string().optional(),
});
export type UserRolesResponse = z.infer<typeof UserRolesResponseSchema>;

/** POST /a/v2/users/{id}/roles: exactly one merchant role. */
export const SetUserRolesBodySchema = z
  .object({
    roles: z.array(roleField, { error: ROLE_REQUIRED_MESSAGE }).length(1, ROLE_REQUIRED_MESSAGE),
  })
  .meta({ id: 'SetUserRolesBody' });
export type SetUserRolesBody = z.infer<typeof SetUserRolesBodySchema>;

/** POST /a/v2/users/{id}/data: `{authorized_merchant: null}` revokes the user's access. */
export const UserDataBodySchema = z
  .object({
    authorized_merchant: z.null({ error: 'Only revoking access (authorized_merchant: null) is supported' }),
  })
  .meta({ id: 'UserDataBody' });
export type UserDataBody = z.infer<typeof UserDataBodySchema>;
