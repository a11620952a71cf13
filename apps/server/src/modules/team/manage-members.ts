import type { Ok, SetUserRolesBody, TeamMember, TeamResponse, UserRolesResponse } from '@mc/api';
import { can, canManageTeamMember, DomainError, isOwner, type MerchantRole } from '@mc/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Principal } from '../../lib/principal.ts';
import { announceSessionsRevoked, revokeAllSessions } from '../auth/index.ts';
import { toRoles, toTeamMember } from './team-view.ts';

export const SELF_ROLE_MESSAGE = 'You cannot change your own role.';
export const SELF_REVOKE_MESSAGE = 'You cannot revoke your own access.';
export const LAST_OWNER_MESSAGE = 'The store must keep at least one owner.';

/** GET /c/v2/merchants/{tmk}/users: everyone who may act for the merchant, oldest first. */
export async function listTeam(ctx: AppContext, merchantId: string): Promise<TeamMember[]> {
  const rows = await ctx.database.db
    .select()
    .from(users)
    .where(eq(users.authorized_merchant_id, merchantId))
    .orderBy(asc(users.created_at), asc(users.email));
  return rows.map(toTeamMember);
}

/**
 * Locks the merchant's users (so two owners acting at once cannot leave the store without one), then
 * checks the target belongs to the caller's merchant and is not the caller.
 */
async function lockTarget(tx: Tx, principal: Principal, targetId: string, selfMessage: string) {
  if (!principal.merchantId) throw new DomainError('NOT_FOUND', 'User not found');
  const rows = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(eq(users.authorized_merchant_id, principal.merchantId))
    .orderBy(asc(users.id))
    .for('update');
  const target = rows.find((r) => r.id === targetId);
  if (!target) throw new DomainError('NOT_FOUND', 'User not found');
  if (!canManageTeamMember(principal.roles, principal.userId, targetId)) {
    throw new DomainError(
      'FORBIDDEN',
      principal.userId === targetId ? selfMessage : 'Only the store owner can manage users.',
    );
  }
  const otherOwners = rows.filter((r) => r.id !== targetId && isOwner(r.roles)).length;
  return { target, otherOwners };
}

/** POST /a/v2/users/{id}/roles: sets exactly one merchant role. Takes effect on the user's next request. */
export async function setUserRole(
  ctx: AppContext,
  principal: Principal,
  targetId: string,
  body: SetUserRolesBody,
): Promise<TeamMember> {
  const role = body.roles[0] as MerchantRole;
  const member = await ctx.database.db.transaction(async (tx) => {
    const { target, otherOwners } = await lockTarget(tx, principal, targetId, SELF_ROLE_MESSAGE);
    if (isOwner(target.roles) && !isOwner([role]) && otherOwners === 0) {
      throw new DomainError('CONFLICT', LAST_OWNER_MESSAGE);
    }
    const [row] = await tx
      .update(users)
      .set({ roles: [role] })
      .where(eq(users.id, targetId))
      .returning();
    return toTeamMember(row!);
  });
  // Every process drops its cached copy of the user's sessions: the new role applies on their next request.
  await announceSessionsRevoked(ctx, { user_id: targetId });
  return member;
}

/** POST /a/v2/users/{id}/data {authorized_merchant: null}: removes the user's access and ends their sessions at once. */
export async function revokeUser(ctx: AppContext, principal: Principal, targetId: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const { target, otherOwners } = await lockTarget(tx, principal, targetId, SELF_REVOKE_MESSAGE);
    if (isOwner(target.roles) && otherOwners === 0) throw new DomainError('CONFLICT', LAST_OWNER_MESSAGE);
    await tx.update(users).set({ authorized_merchant_id: null, roles: [] }).where(eq(users.id, targetId));
    await revokeAllSessions(tx, targetId);
  });
  await announceSessionsRevoked(ctx, { user_id: targetId });
}

/** GET …/users: the store's team. */
export async function getTeam(ctx: AppContext, merchantId: string): Promise<TeamResponse> {
  return { items: await listTeam(ctx, merchantId) };
}

/** A user's roles: the caller's own, or a teammate's for owners and managers (404 otherwise). */
export async function getUserRoles(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<UserRolesResponse> {
  const [row] = await ctx.database.db
    .select({ id: users.id, roles: users.roles, merchantId: users.authorized_merchant_id })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  const visible =
    row &&
    (row.id === principal.userId ||
      (row.merchantId !== null &&
        row.merchantId === principal.merchantId &&
        can(principal.roles, 'team.read')));
  if (!visible) throw new DomainError('NOT_FOUND', 'User not found');
  return { items: toRoles(row.roles) };
}

/** POST /a/v2/users/{id}/data: revoke, answered with the confirmation. */
export async function revokeUserAccess(ctx: AppContext, principal: Principal, id: string): Promise<Ok> {
  await revokeUser(ctx, principal, id);
  return { success: true, message: 'Access revoked' };
}
