/**
 * The store's team: its users, invitations, roles and revoking access. Its part of the endpoint table
 * (endpoints.ts).
 */

import { OkSchema, UserIdParamsSchema } from '../auth/schemas.ts';
import { bodyErrors, errors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { TmkParamsSchema } from '../merchant/schemas.ts';
import {
  InviteUserBodySchema,
  InviteUserResponseSchema,
  SetUserRolesBodySchema,
  TeamMemberSchema,
  TeamResponseSchema,
  UserDataBodySchema,
  UserRolesResponseSchema,
} from './schemas.ts';

export const teamEndpoints = {
  listTeam: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/users',
    tags: TAGS.team,
    summary: 'The store’s users with their roles and last login',
    access: { capability: 'team.read' },
    params: TmkParamsSchema,
    responses: { 200: TeamResponseSchema, ...merchantErrors },
  },
  inviteUser: {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/users',
    tags: TAGS.team,
    summary: 'Invite a user (owner): creates the account and emails a link to set a password (7 days, once)',
    access: { capability: 'team.manage' },
    params: TmkParamsSchema,
    body: InviteUserBodySchema,
    responses: { 201: InviteUserResponseSchema, ...merchantErrors, ...errors(409, 503), ...bodyErrors },
  },
  getUserRoles: {
    method: 'GET',
    path: '/a/v2/users/{id}/roles',
    tags: TAGS.team,
    summary: 'A user’s roles (self, or a teammate for owners and managers)',
    description: 'A teammate’s roles need `team.read` (owners and managers); without it the answer is 404.',
    access: 'self',
    params: UserIdParamsSchema,
    responses: { 200: UserRolesResponseSchema, ...merchantErrors },
  },
  setUserRoles: {
    method: 'POST',
    path: '/a/v2/users/{id}/roles',
    tags: TAGS.team,
    summary: 'Set a teammate’s role (owner; exactly one role; never your own)',
    access: { capability: 'team.manage' },
    params: UserIdParamsSchema,
    body: SetUserRolesBodySchema,
    responses: { 200: TeamMemberSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  revokeUser: {
    method: 'POST',
    path: '/a/v2/users/{id}/data',
    tags: TAGS.team,
    summary: 'Revoke a teammate’s access (owner): {authorized_merchant: null}; their sessions end at once',
    access: { capability: 'team.manage' },
    params: UserIdParamsSchema,
    body: UserDataBodySchema,
    responses: { 200: OkSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
} as const satisfies Record<string, Endpoint>;
