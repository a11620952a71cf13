import {
  ErrorBodySchema,
  InviteUserBodySchema,
  InviteUserResponseSchema,
  OkSchema,
  SetUserRolesBodySchema,
  TeamMemberSchema,
  TeamResponseSchema,
  TmkParamsSchema,
  UserDataBodySchema,
  UserRolesResponseSchema,
} from '@mc/api';
import { can, DomainError } from '@mc/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { requireMerchant, requireOwnMerchant, requireUser } from '../../plugins/auth.ts';
import { inviteUser } from './invite-user.ts';
import { listTeam, revokeUser, setUserRole } from './manage-members.ts';
import { toRoles } from './team-view.ts';

const TmkParams = TmkParamsSchema;
const IdParams = z.object({ id: z.uuid({ message: 'Invalid user id' }) });
const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const writeErrors = { 400: ErrorBodySchema, ...errors, 409: ErrorBodySchema };

export function registerTeamRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['Team'];

  app.get(
    '/c/v2/merchants/:tmk/users',
    {
      schema: {
        tags,
        summary: 'The store’s users with their roles and last login',
        params: TmkParams,
        response: { 200: TeamResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'team.read');
      return { items: await listTeam(ctx, merchant.id) };
    },
  );

  app.post(
    '/c/v2/merchants/:tmk/users',
    {
      schema: {
        tags,
        summary: 'Invite a user (owner): creates the account with a generated password and emails it',
        params: TmkParams,
        body: InviteUserBodySchema,
        response: { 201: InviteUserResponseSchema, ...writeErrors, 503: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const { principal, merchant } = await requireMerchant(ctx, req, req.params.tmk, 'team.manage');
      const user = await inviteUser(ctx, principal, merchant, req.body);
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/a/v2/users/:id/roles',
    {
      schema: {
        tags,
        summary: 'A user’s roles (self, or a teammate for owners and managers)',
        params: IdParams,
        response: { 200: UserRolesResponseSchema, ...errors },
      },
    },
    async (req) => {
      const principal = await requireUser(ctx, req);
      const [row] = await ctx.database.db
        .select({ id: users.id, roles: users.roles, merchantId: users.authorized_merchant_id })
        .from(users)
        .where(eq(users.id, req.params.id))
        .limit(1);
      const visible =
        row &&
        (row.id === principal.userId ||
          (row.merchantId !== null &&
            row.merchantId === principal.merchantId &&
            can(principal.roles, 'team.read')));
      if (!visible) throw new DomainError('NOT_FOUND', 'User not found');
      return { items: toRoles(row.roles) };
    },
  );

  app.post(
    '/a/v2/users/:id/roles',
    {
      schema: {
        tags,
        summary: 'Set a teammate’s role (owner; exactly one role; never your own)',
        params: IdParams,
        body: SetUserRolesBodySchema,
        response: { 200: TeamMemberSchema, ...writeErrors },
      },
    },
    async (req) => {
      const { principal } = await requireOwnMerchant(ctx, req, 'team.manage');
      return setUserRole(ctx, principal, req.params.id, req.body);
    },
  );

  app.post(
    '/a/v2/users/:id/data',
    {
      schema: {
        tags,
        summary:
          'Revoke a teammate’s access (owner): {authorized_merchant: null}; their sessions end at once',
        params: IdParams,
        body: UserDataBodySchema,
        response: { 200: OkSchema, ...writeErrors },
      },
    },
    async (req) => {
      const { principal } = await requireOwnMerchant(ctx, req, 'team.manage');
      await revokeUser(ctx, principal, req.params.id);
      return { success: true as const, message: 'Access revoked' };
    },
  );
}
