/** Examples for /openapi.json of the team endpoints (endpoint-examples.ts). */
import { AT, type EndpointExamples, user } from '../example-values.ts';
import type { teamEndpoints } from './endpoints.ts';
import type { TeamMember } from './schemas.ts';

const member: TeamMember = {
  uuid: user.id,
  first_name: 'Mia',
  last_name: 'Member',
  email: 'member@demo.test',
  phone: null,
  last_login: AT,
  date_created: '2026-02-01T09:00:00.000Z',
  roles: [{ name: 'merch.user', label: 'Member' }],
};

export const teamExamples: EndpointExamples<keyof typeof teamEndpoints> = {
  listTeam: { response: { items: [member] } },
  inviteUser: {
    body: { first_name: 'Mia', last_name: 'Member', email: 'member@demo.test', role: 'merch.user' },
    response: { user: member },
  },
  getUserRoles: { response: { items: [{ name: 'merch.user', label: 'Member' }] } },
  setUserRoles: {
    body: { roles: ['merch.manager'] },
    response: { ...member, roles: [{ name: 'merch.manager', label: 'Manager' }] },
  },
  revokeUser: { body: { authorized_merchant: null }, response: { success: true, message: 'Access revoked' } },
};
