import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../adapters/outbox/outbox.ts';
import {
  bearer,
  buildMerchantWithOwner,
  buildTeammate,
  buildUser,
  login,
  useTestApp,
} from '../../test/harness.ts';
import { LAST_OWNER_MESSAGE, revokeUser, SELF_REVOKE_MESSAGE, SELF_ROLE_MESSAGE } from './manage-members.ts';

const t = useTestApp();

async function teamWithMember() {
  const owner = await buildMerchantWithOwner(t);
  const member = await buildTeammate(t, owner.merchant);
  return { owner, member: member.user, memberHeaders: member.headers };
}

describe('team list', () => {
  it('lists the users with roles (labels) and last login, without secrets', async () => {
    const { owner, member } = await teamWithMember();
    const res = await t.app.inject({
      url: `/c/v2/merchants/${owner.merchant.tmk}/users`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      uuid: string;
      roles: { name: string; label: string }[];
      last_login: string | null;
    }[];
    expect(items.map((i) => i.uuid).sort()).toEqual([owner.user.id, member.id].sort());
    expect(items.find((i) => i.uuid === member.id)?.roles).toEqual([{ name: 'merch.user', label: 'Member' }]);
    expect(items.find((i) => i.uuid === owner.user.id)?.last_login).toMatch(/^\d{4}-/);
    expect(res.body).not.toContain('password');
  });
});

describe('invite', () => {
  it('creates the user without a password and emails a single-use link that sets one and signs in', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/c/v2/merchants/${merchant.tmk}/users`,
      headers,
      payload: {
        first_name: 'Ivy',
        last_name: 'Invitee',
        email: 'Ivy.Invitee@corner.test',
        role: 'merch.user',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email: 'Ivy.Invitee@corner.test',
      roles: [{ name: 'merch.user', label: 'Member' }],
      last_login: null,
    });
    const mail = (await listOutbox(t.ctx.database.db)).find((m) => m.to === 'Ivy.Invitee@corner.test');
    expect(mail?.subject).toBe("You're invited to Test Store");
    expect(mail?.text).not.toMatch(/password:/i);
    const link = /\/invitation\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeTruthy();
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/a/v2/accounts/invitation',
      payload: { token: link, new_password: 'ivy-chosen-password' },
    });
    expect(accepted.statusCode).toBe(200);
    const token = await login(t.app, 'ivy.invitee@corner.test', 'ivy-chosen-password');
    const orders = await t.app.inject({
      url: `/c/v2/merchants/${merchant.tmk}/offerings`,
      headers: bearer(token),
    });
    expect(orders.statusCode).toBe(200);
  });

  it('refuses a missing role, a bad email and an address that already has an account', async () => {
    const { merchant, headers, user } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}/users`;
    const noRole = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { first_name: 'A', last_name: 'B', email: 'a@b.test' },
    });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().errors).toContainEqual({ path: 'role', message: 'A role must be chosen' });
    const badEmail = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { first_name: 'A', last_name: 'B', email: 'a@', role: 'merch.user' },
    });
    expect(badEmail.json().errors).toContainEqual({ path: 'email', message: 'Please enter a valid email' });
    const taken = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { first_name: 'A', last_name: 'B', email: user.email, role: 'merch.user' },
    });
    expect(taken.statusCode).toBe(409);
    const team = (await t.app.inject({ url, headers })).json().items;
    expect(team).toHaveLength(1);
  });
});

describe('roles', () => {
  it('the owner sets exactly one role; it takes effect on the next request', async () => {
    const { owner, member, memberHeaders } = await teamWithMember();
    const billing = `/c/v2/merchants/${owner.merchant.tmk}/users`;
    expect((await t.app.inject({ url: billing, headers: memberHeaders })).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${member.id}/roles`,
      headers: owner.headers,
      payload: { roles: ['merch.manager'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual([{ name: 'merch.manager', label: 'Manager' }]);
    expect((await t.app.inject({ url: billing, headers: memberHeaders })).statusCode).toBe(200);
    const roles = await t.app.inject({ url: `/a/v2/users/${member.id}/roles`, headers: owner.headers });
    expect(roles.json()).toEqual({ items: [{ name: 'merch.manager', label: 'Manager' }] });
    const own = await t.app.inject({ url: `/a/v2/users/${member.id}/roles`, headers: memberHeaders });
    expect(own.statusCode).toBe(200);
  });

  it('refuses no role, two roles, an unknown role, the owner’s own row, and a non-owner', async () => {
    const { owner, member, memberHeaders } = await teamWithMember();
    const url = `/a/v2/users/${member.id}/roles`;
    for (const payload of [
      { roles: [] },
      { roles: ['merch.user', 'merch.owner'] },
      { roles: ['app.admin'] },
      {},
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: owner.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('A role must be chosen');
    }
    const self = await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${owner.user.id}/roles`,
      headers: owner.headers,
      payload: { roles: ['merch.user'] },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(SELF_ROLE_MESSAGE);
    const byMember = await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${owner.user.id}/roles`,
      headers: memberHeaders,
      payload: { roles: ['merch.user'] },
    });
    expect(byMember.statusCode).toBe(403);
    const row = await t.ctx.database.query<{ roles: string[] }>('select roles from users where id = $1', [
      owner.user.id,
    ]);
    expect(row[0]?.roles).toEqual(['merch.owner']);
  });
});

/** POST /a/v2/users/{id}/data: the revoke (`authorized_merchant: null`) the Users page sends. */
const revoke = (userId: string, headers: Record<string, string>, authorizedMerchant: string | null = null) =>
  t.app.inject({
    method: 'POST',
    url: `/a/v2/users/${userId}/data`,
    headers,
    payload: { authorized_merchant: authorizedMerchant },
  });

describe('revoke', () => {
  it('removes the user’s merchant and ends their open session at once', async () => {
    const { owner, member, memberHeaders } = await teamWithMember();
    const tmk = owner.merchant.tmk;
    expect(
      (await t.app.inject({ url: `/c/v2/merchants/${tmk}/offerings`, headers: memberHeaders })).statusCode,
    ).toBe(200);
    const res = await revoke(member.id, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/c/v2/merchants/${tmk}/offerings`, headers: memberHeaders })).statusCode,
    ).toBe(401);
    const team = (await t.app.inject({ url: `/c/v2/merchants/${tmk}/users`, headers: owner.headers })).json()
      .items;
    expect(team.map((m: { uuid: string }) => m.uuid)).toEqual([owner.user.id]);
    // Signing in again gives no access to the store.
    const again = bearer(await login(t.app, member.email));
    expect((await t.app.inject({ url: `/c/v2/merchants/${tmk}/offerings`, headers: again })).statusCode).toBe(
      404,
    );
  });

  it('refuses revoking yourself, a non-null merchant, a user of another store, and a non-owner', async () => {
    const { owner, member, memberHeaders } = await teamWithMember();
    const other = await buildMerchantWithOwner(t);
    const self = await revoke(owner.user.id, owner.headers);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(SELF_REVOKE_MESSAGE);
    const nonNull = await revoke(member.id, owner.headers, other.merchant.tmk);
    expect(nonNull.statusCode).toBe(400);
    const foreign = await revoke(other.user.id, owner.headers);
    expect(foreign.statusCode).toBe(404);
    const byMember = await revoke(owner.user.id, memberHeaders);
    expect(byMember.statusCode).toBe(403);
    const rows = await t.ctx.database.query<{ n: number }>(
      'select count(*)::int as n from users where authorized_merchant_id = $1',
      [owner.merchant.id],
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('never leaves a store without an owner', async () => {
    const { owner } = await teamWithMember();
    const second = await buildUser(t.ctx, { merchantId: owner.merchant.id, role: 'merch.owner' });
    // The acting owner lost the role a moment ago (another owner changed it): the last owner stays.
    await t.ctx.database.query(`update users set roles = '{merch.user}' where id = $1`, [owner.user.id]);
    const principal = {
      userId: owner.user.id,
      sessionId: 'x',
      email: owner.user.email,
      name: 'A',
      roles: ['merch.owner'],
      passwordMustChange: false,
      merchantId: owner.merchant.id,
      tmk: owner.merchant.tmk,
      merchant: owner.merchant,
    };
    await expect(revokeUser(t.ctx, principal, second.id)).rejects.toThrow(LAST_OWNER_MESSAGE);
  });
});
