import type { AppContext } from '../../context.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';
import { inviteUser } from './invite-user.ts';
import { getTeam, getUserRoles, revokeUserAccess, setUserRole } from './manage-members.ts';

type TeamOperation = 'listTeam' | 'inviteUser' | 'getUserRoles' | 'setUserRoles' | 'revokeUser';

/** The team page: members, invitations, roles and revoking access. */
export function teamHandlers(ctx: AppContext): EndpointHandlers<TeamOperation> {
  return {
    listTeam: async ({ caller }) => getTeam(ctx, caller.merchant.id),
    inviteUser: async ({ caller, body }) => ({
      user: await inviteUser(ctx, caller.principal, caller.merchant, body),
    }),
    getUserRoles: async ({ principal, params }) => getUserRoles(ctx, principal, params.id),
    setUserRoles: async ({ caller, params, body }) => setUserRole(ctx, caller.principal, params.id, body),
    revokeUser: async ({ caller, params }) => revokeUserAccess(ctx, caller.principal, params.id),
  };
}
