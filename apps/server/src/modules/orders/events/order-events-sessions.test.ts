/**
 * Event-stream tickets and the end of sessions (docs/decisions/0068): a ticket works once, for one merchant,
 * for 60 s and only while its session lasts; tokens in the URL are refused; logout, a password change
 * (profile or reset) and a team revoke end the affected streams within 2 s (the heartbeat is 25 s, so
 * only the revocation announcement can do it), on PGlite and, across processes, on PostgreSQL.
 */
import { orderEventsPath, orderEventsTicketPath } from '@mc/api';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../../adapters/outbox/outbox.ts';
import {
  bearer,
  buildMerchantWithOwner,
  buildTeammate,
  login,
  startOtherApp,
  TEST_DB,
  TEST_PASSWORD,
  type TestApp,
  useTestApp,
} from '../../../test/harness.ts';
import { resolvePrincipal } from '../../auth/index.ts';
import { HEARTBEAT_MS } from './order-events-stream.ts';
import {
  eventsUrl,
  openStream,
  type Stream,
  ticketFor,
  until,
  useStreamServer,
} from './stream-test-helpers.ts';
import { issueStreamTicket, STREAM_TICKET_TTL_MS } from './stream-tickets.ts';

const END_WITHIN_MS = 2000;

const t = useTestApp();
const server = useStreamServer(t);

async function stream(app: TestApp['app'], at: string, tmk: string, token: string): Promise<Stream> {
  const s = await server.open(app, at, tmk, token);
  expect(s.status).toBe(200);
  await until(() => s.body.includes(': connected'));
  return s;
}

const status = async (token: string, userId: string) =>
  (await t.app.inject({ url: `/a/v2/users/${userId}`, headers: bearer(token) })).statusCode;

describe('event stream tickets', () => {
  it('are single use', async () => {
    const a = await buildMerchantWithOwner(t);
    const ticket = await ticketFor(t.app, a.merchant.tmk, a.token);
    expect(ticket.length).toBeGreaterThanOrEqual(43);
    const first = await openStream(server.base, eventsUrl(orderEventsPath(a.merchant.tmk), ticket));
    server.keep(first);
    expect(first.status).toBe(200);
    const again = await t.app.inject({ url: eventsUrl(orderEventsPath(a.merchant.tmk), ticket) });
    expect(again.statusCode).toBe(401);
  });

  it('expire after 60 seconds', async () => {
    expect(STREAM_TICKET_TTL_MS).toBeLessThanOrEqual(60_000);
    const a = await buildMerchantWithOwner(t);
    const principal = await resolvePrincipal(t.ctx, a.token);
    const { ticket, expires_in } = await issueStreamTicket(
      t.ctx,
      principal,
      a.merchant.id,
      Date.now() - STREAM_TICKET_TTL_MS - 1,
    );
    expect(expires_in).toBe(60);
    const res = await t.app.inject({ url: eventsUrl(orderEventsPath(a.merchant.tmk), ticket) });
    expect(res.statusCode).toBe(401);
  });

  it("open only the stream of the merchant they were issued for (another merchant's is 404)", async () => {
    const a = await buildMerchantWithOwner(t);
    const b = await buildMerchantWithOwner(t);
    const ticket = await ticketFor(t.app, a.merchant.tmk, a.token);
    const res = await t.app.inject({ url: eventsUrl(orderEventsPath(b.merchant.tmk), ticket) });
    expect(res.statusCode).toBe(404);
    // Nor can a token ask for a ticket of another merchant.
    const other = await t.app.inject({
      method: 'POST',
      url: orderEventsTicketPath(b.merchant.tmk),
      headers: a.headers,
    });
    expect(other.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: orderEventsTicketPath(a.merchant.tmk) })).statusCode,
    ).toBe(401);
  });

  it('die with their session', async () => {
    const a = await buildMerchantWithOwner(t);
    const ticket = await ticketFor(t.app, a.merchant.tmk, a.token);
    await t.app.inject({ method: 'POST', url: '/a/v2/logout', headers: a.headers });
    const res = await t.app.inject({ url: eventsUrl(orderEventsPath(a.merchant.tmk), ticket) });
    expect(res.statusCode).toBe(401);
  });

  it('replace tokens in the URL: ?access_token= is refused with 400 and opens nothing', async () => {
    const a = await buildMerchantWithOwner(t);
    const res = await t.app.inject({ url: `${orderEventsPath(a.merchant.tmk)}?access_token=${a.token}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('access_token');
  });
});

describe('a stream ends with its session', () => {
  it('at logout, within 2 s (only that session)', async () => {
    expect(HEARTBEAT_MS).toBeGreaterThan(END_WITHIN_MS);
    const a = await buildMerchantWithOwner(t);
    const otherToken = await login(t.app, a.user.email);
    const mine = await stream(t.app, server.base, a.merchant.tmk, a.token);
    const other = await stream(t.app, server.base, a.merchant.tmk, otherToken);
    const res = await t.app.inject({ method: 'POST', url: '/a/v2/logout', headers: a.headers });
    expect(res.statusCode).toBe(200);
    await until(() => mine.ended, END_WITHIN_MS);
    await new Promise((r) => setTimeout(r, 200));
    expect(other.ended).toBe(false);
    expect(await status(otherToken, a.user.id)).toBe(200);
  });

  it('at a password change in the profile: every other session ends at once, this one stays', async () => {
    const a = await buildMerchantWithOwner(t);
    const otherToken = await login(t.app, a.user.email);
    const mine = await stream(t.app, server.base, a.merchant.tmk, a.token);
    const other = await stream(t.app, server.base, a.merchant.tmk, otherToken);
    const res = await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${a.user.id}`,
      headers: a.headers,
      payload: { password: TEST_PASSWORD, new_password: 'a-brand-new-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(await status(otherToken, a.user.id)).toBe(401);
    await until(() => other.ended, END_WITHIN_MS);
    expect(await status(a.token, a.user.id)).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(mine.ended).toBe(false);
  });

  it('a profile save without a new password ends nothing', async () => {
    const a = await buildMerchantWithOwner(t);
    const otherToken = await login(t.app, a.user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${a.user.id}`,
      headers: a.headers,
      payload: { first_name: 'Renamed' },
    });
    expect(res.statusCode).toBe(200);
    expect(await status(otherToken, a.user.id)).toBe(200);
  });

  it('at a password reset: every session and stream ends', async () => {
    const a = await buildMerchantWithOwner(t);
    const s = await stream(t.app, server.base, a.merchant.tmk, a.token);
    await t.app.inject({
      method: 'POST',
      url: '/a/v2/accounts/password_token',
      payload: { email: a.user.email },
    });
    const mail = (await listOutbox(t.database.db)).find((m) => m.to === a.user.email);
    const resetToken = mail?.text.match(/password-reset\/([\w-]+)/)?.[1];
    const res = await t.app.inject({
      method: 'POST',
      url: '/a/v2/accounts/password',
      payload: { reset_token: resetToken, new_password: 'reset-to-this-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(await status(a.token, a.user.id)).toBe(401);
    await until(() => s.ended, END_WITHIN_MS);
  });

  it("when the owner revokes a member: the member's stream ends", async () => {
    const a = await buildMerchantWithOwner(t);
    const { user: member, token: memberToken } = await buildTeammate(t, a.merchant);
    const s = await stream(t.app, server.base, a.merchant.tmk, memberToken);
    const res = await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${member.id}/data`,
      headers: a.headers,
      payload: { authorized_merchant: null },
    });
    expect(res.statusCode).toBeLessThan(300);
    await until(() => s.ended, END_WITHIN_MS);
  });
});

describe.runIf(TEST_DB === 'pg')('across processes (LISTEN/NOTIFY)', () => {
  it('a logout and a password change through one process end the streams held by another', async () => {
    const other = await startOtherApp(t);
    try {
      const a = await buildMerchantWithOwner(t);
      const second = await login(t.app, a.user.email);
      const third = await login(t.app, a.user.email);
      const s1 = await stream(other.app, other.base, a.merchant.tmk, a.token);
      const s2 = await stream(other.app, other.base, a.merchant.tmk, second);

      await t.app.inject({ method: 'POST', url: '/a/v2/logout', headers: a.headers });
      await until(() => s1.ended, END_WITHIN_MS);
      expect(s2.ended).toBe(false);

      const res = await t.app.inject({
        method: 'POST',
        url: `/a/v2/users/${a.user.id}`,
        headers: bearer(third),
        payload: { password: TEST_PASSWORD, new_password: 'changed-across-processes' },
      });
      expect(res.statusCode).toBe(200);
      await until(() => s2.ended, END_WITHIN_MS);
    } finally {
      await other.close();
    }
  });
});
