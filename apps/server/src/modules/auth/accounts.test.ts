/**
 * Accounts only their owner can take over or change: email verification, re-authenticated email and password
 * changes, sign-up limits, invitations without mailed passwords, and the forced change of an old invitation's
 * temporary password (docs/decisions/0114-email-verification-reauthentication-invitations.md).
 */
import { readFileSync } from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTokens, outboxMessages, users } from '../../db/schema.ts';
import { fieldMessages } from '../../test/field-messages.ts';
import {
  bearer,
  buildMerchant,
  buildMerchantWithOwner,
  buildUser,
  login,
  TEST_PASSWORD,
  useTestApp,
} from '../../test/harness.ts';
import { postSignUp } from '../../test/sign-up.ts';

const t = useTestApp();

let ipSeq = 0;
/** A client address of its own, so the sign-up limits of one test do not touch another. */
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** The newest mails to an address, with both parts. */
async function mailsTo(to: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.id));
}
const linkToken = (text: string | null | undefined, page: string) =>
  new RegExp(`/${page}/([\\w-]{40,})`).exec(text ?? '')?.[1];

const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

function update(id: string, token: string, payload: object, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: `/a/v2/users/${id}`,
    headers: bearer(token),
    payload,
    remoteAddress,
  });
}
/** The profile's password change to 'a-new-password-9', checked with `password`, from `ip`. */
const changePassword = (id: string, token: string, password: string, ip: string) =>
  update(id, token, { password, new_password: 'a-new-password-9' }, ip);
/** POST /a/v2/login from `remoteAddress` (the sign-in limits count by address). */
const signIn = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/a/v2/login', payload: { email, password }, remoteAddress });
const verify = (token: string | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/a/v2/accounts/email', headers, payload: { token } });

describe('email change', () => {
  it('without the current password: 400 naming password, nothing changes, no mail', async () => {
    const { user, token } = await buildMerchantWithOwner(t);
    const res = await update(user.id, token, { email: 'taken-over@evil.test', first_name: 'Mallory' });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toEqual({ password: 'Please enter your current password' });
    const row = await userRow(user.id);
    expect(row.email).toBe(user.email);
    expect(row.first_name).toBe('Test');
    expect(await mailsTo('taken-over@evil.test')).toHaveLength(0);
    const wrong = await update(user.id, token, {
      email: 'taken-over@evil.test',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldMessages(wrong.json())).toEqual({ password: 'The current password is incorrect' });
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('with it: pending until the new address confirms; the old address is told; confirming ends the other sessions', async () => {
    const { user, token } = await buildMerchantWithOwner(t);
    const otherSession = await login(t.app, user.email);
    const newEmail = `new-${user.id.slice(0, 8)}@corner.test`;
    const res = await update(user.id, token, { email: newEmail, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, pending_email: newEmail });
    expect((await userRow(user.id)).email).toBe(user.email);

    const [verification] = await mailsTo(newEmail);
    expect(verification?.html).toContain('Confirm this email address');
    const link = linkToken(verification?.text, 'verify-email');
    expect(link).toBeTruthy();
    expect(verification?.html).toContain(link);
    const [notice] = await mailsTo(user.email);
    expect(notice?.subject).toBe('Your Retailer email is about to change');
    expect(notice?.text).toContain(newEmail);
    expect(notice?.html).toContain(newEmail);

    // Until the link is opened, the old email signs in and the new one does not.
    await login(t.app, user.email);
    const early = await signIn(newEmail, TEST_PASSWORD);
    expect(early.statusCode).toBe(401);
    // The own profile shows the pending address.
    expect(
      (await t.app.inject({ url: `/a/v2/users/${user.id}`, headers: bearer(token) })).json(),
    ).toMatchObject({ pending_email: newEmail, email_verified: false });

    const ok = await verify(link, bearer(token));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, email: newEmail });
    const row = await userRow(user.id);
    expect(row.email).toBe(newEmail);
    expect(row.email_verified_at).not.toBeNull();
    // The session that opened the link stays; every other one ended.
    expect(
      (await t.app.inject({ url: `/a/v2/users/${user.id}`, headers: bearer(token) })).json(),
    ).toMatchObject({ email: newEmail, pending_email: null, email_verified: true });
    expect(
      (await t.app.inject({ url: `/a/v2/users/${user.id}`, headers: bearer(otherSession) })).statusCode,
    ).toBe(401);
    await login(t.app, newEmail);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    // The link works once.
    expect((await verify(link)).statusCode).toBe(400);
  });

  it('a cancelled change: the link no longer works and the email stays', async () => {
    const { user, token } = await buildMerchantWithOwner(t);
    const newEmail = `cancel-${user.id.slice(0, 8)}@corner.test`;
    expect((await update(user.id, token, { email: newEmail, password: TEST_PASSWORD })).statusCode).toBe(200);
    const link = linkToken((await mailsTo(newEmail))[0]?.text, 'verify-email');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${user.id}/email/cancel`,
      headers: bearer(token),
    });
    expect(cancelled.json()).toMatchObject({ email: user.email, pending_email: null });
    const res = await verify(link);
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toHaveProperty('token');
    expect((await userRow(user.id)).email).toBe(user.email);
  });
});

describe('current-password guesses', () => {
  it('count with failed sign-ins: the 11th wrong guess is 429, and the lock is the login lock', async () => {
    const { user, token } = await buildMerchantWithOwner(t);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await changePassword(user.id, token, `wrong-guess-${i}`, ip);
      expect(res.statusCode).toBe(400);
    }
    const eleventh = await changePassword(user.id, token, TEST_PASSWORD, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    // The sign-in page from that address is locked as well.
    expect((await signIn(user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    // And the password did not change.
    await login(t.app, user.email);
  });

  it('failed sign-ins count against the profile check too', async () => {
    const { user, token } = await buildMerchantWithOwner(t);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await signIn(user.email, `wrong-${i}`, ip);
      expect(res.statusCode).toBe(401);
    }
    const res = await changePassword(user.id, token, TEST_PASSWORD, ip);
    expect(res.statusCode).toBe(429);
  });
});

describe('sign-up', () => {
  const body = (email: string) => ({
    first_name: 'Sid',
    last_name: 'Signup',
    email,
    password: 'long-enough-pw',
    birthday: '1990-12-10',
  });
  const signUp = (email: string, remoteAddress: string) => postSignUp(t.app, body(email), remoteAddress);

  it('the 6th sign-up in a minute from one address is 429 naming the wait; another address is not affected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await signUp(`burst${i}-${ip}@d${i}.test`, ip)).statusCode).toBe(201);
    const sixth = await signUp(`burst5-${ip}@d5.test`, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Please try again in \d+ second\(s\)\./);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (
        await t.database.db
          .select()
          .from(users)
          .where(eq(users.email, `burst5-${ip}@d5.test`))
      ).length,
    ).toBe(0);
    expect((await signUp(`burst6-${ip}@d6.test`, freshIp())).statusCode).toBe(201);
  });

  it('refused sign-ups (an existing email) count too, so enumeration is bounded', async () => {
    const ip = freshIp();
    const existing = await buildUser(t.ctx);
    for (let i = 0; i < 5; i++) expect((await signUp(existing.email, ip)).statusCode).toBe(409);
    expect((await signUp(existing.email, ip)).statusCode).toBe(429);
  });

  it('a burst from one email domain is limited across addresses', async () => {
    const domain = `burst-${Date.now()}.test`;
    for (let i = 0; i < 10; i++) expect((await signUp(`u${i}@${domain}`, freshIp())).statusCode).toBe(201);
    expect((await signUp(`u10@${domain}`, freshIp())).statusCode).toBe(429);
  });

  it('sends a confirmation link; opening it verifies the address, once; an expired link is refused', async () => {
    const email = `verify-${Date.now()}@corner.test`;
    const res = await signUp(email, freshIp());
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email_verified: false, pending_email: null, has_password: true });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Confirm your email for Retailer');
    expect(mail?.html).toContain('<a href=');
    const link = linkToken(mail?.text, 'verify-email');
    // Stored only hashed.
    const [stored] = await t.database.db.select().from(emailTokens).where(eq(emailTokens.email, email));
    expect(stored?.token_hash).not.toBe(link);
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const ok = await verify(link);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Your email address is confirmed.', email });
    const id = res.json().user.id as string;
    expect((await userRow(id)).email_verified_at).not.toBeNull();
    expect((await verify(link)).statusCode).toBe(400);

    // An expired link: refused, nothing changes.
    const other = await signUp(`expired-${Date.now()}@corner.test`, freshIp());
    const otherId = other.json().user.id as string;
    const expiredLink = linkToken((await mailsTo(other.json().user.email))[0]?.text, 'verify-email');
    await t.database.db
      .update(emailTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.user_id, otherId));
    const expired = await verify(expiredLink);
    expect(expired.statusCode).toBe(400);
    expect(fieldMessages(expired.json())).toEqual({
      token: 'This confirmation link is invalid or has expired. Please request a new one.',
    });
    expect((await userRow(otherId)).email_verified_at).toBeNull();
  });

  it('resending is limited to 3 confirmation emails an hour', async () => {
    const email = `resend-${Date.now()}@corner.test`;
    const res = await signUp(email, freshIp());
    const token = await login(t.app, email, 'long-enough-pw');
    const id = res.json().user.id as string;
    const resend = () =>
      t.app.inject({ method: 'POST', url: `/a/v2/users/${id}/email/verification`, headers: bearer(token) });
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const fourth = await resend();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/Please try again in \d+ minute\(s\)/);
    expect(await mailsTo(email)).toHaveLength(3);
  });
});

describe('invitations', () => {
  const invite = (tmk: string, headers: Record<string, string>, email: string) =>
    t.app.inject({
      method: 'POST',
      url: `/c/v2/merchants/${tmk}/users`,
      headers,
      payload: { first_name: 'Ivy', last_name: 'Invitee', email, role: 'merch.user' },
    });
  const accept = (token: string | undefined, new_password = 'my-own-password-1') =>
    t.app.inject({ method: 'POST', url: '/a/v2/accounts/invitation', payload: { token, new_password } });

  it('mails a link (HTML and text, no password); the link sets the password, verifies the address and works once', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const email = `ivy-${Date.now()}@corner.test`;
    const res = await invite(merchant.tmk, headers, email);
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsTo(email);
    expect(mail?.text).not.toMatch(/password:/i);
    expect(mail?.html).toBeTruthy();
    expect(mail?.html).toContain('Choose your password and join');
    const link = linkToken(mail?.text, 'invitation');
    expect(link).toBeTruthy();
    const invited = await userRow(res.json().user.uuid);
    expect(invited.password_hash).toBeNull();
    expect(invited.email_verified_at).toBeNull();

    const short = await accept(link, 'short');
    expect(short.statusCode).toBe(400);
    expect(fieldMessages(short.json())).toHaveProperty('new_password');
    const ok = await accept(link);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ email, email_verified: true, userRoles: ['merch.user'] });
    expect(ok.json().user.aux_data.authorized_merchant).toBe(merchant.tmk);
    const session = ok.json().token as string;
    expect(
      (await t.app.inject({ url: `/c/v2/merchants/${merchant.tmk}/offerings`, headers: bearer(session) }))
        .statusCode,
    ).toBe(200);
    await login(t.app, email, 'my-own-password-1');

    const reused = await accept(link, 'another-password-2');
    expect(reused.statusCode).toBe(400);
    expect(fieldMessages(reused.json())).toHaveProperty('token');
    await login(t.app, email, 'my-own-password-1');
  });

  it('an invitation of a member whose access was revoked since can no longer be accepted', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const email = `revoked-${Date.now()}@corner.test`;
    const res = await invite(merchant.tmk, headers, email);
    const link = linkToken((await mailsTo(email))[0]?.text, 'invitation');
    await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${res.json().user.uuid}/data`,
      headers,
      payload: { authorized_merchant: null },
    });
    expect((await accept(link)).statusCode).toBe(400);
  });
});

describe('an old temporary password', () => {
  it('signs in once more, but the session reaches nothing until a new password is set', async () => {
    const merchant = await buildMerchant(t.ctx);
    const user = await buildUser(t.ctx, { merchantId: merchant.id, role: 'merch.user' });
    await t.database.db.update(users).set({ password_must_change: true }).where(eq(users.id, user.id));
    const res = await signIn(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.password_must_change).toBe(true);
    const token = res.json().token as string;
    const blocked = await t.app.inject({ url: `/c/v2/merchants/${merchant.tmk}`, headers: bearer(token) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Please set a new password before you continue.');
    // The own profile still answers, so the console can ask for the new password.
    expect((await t.app.inject({ url: `/a/v2/users/${user.id}`, headers: bearer(token) })).statusCode).toBe(
      200,
    );

    const changed = await update(user.id, token, {
      password: TEST_PASSWORD,
      new_password: 'chosen-password-1',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().password_must_change).toBe(false);
    expect(
      (await t.app.inject({ url: `/c/v2/merchants/${merchant.tmk}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
  });
});

describe('migration 0012: temporary passwords mailed before the invitation links', () => {
  it('flags invited accounts that never signed in; not sign-ups, accounts that signed in, or .test addresses', async () => {
    const sqlFile = readFileSync(
      new URL('../../../drizzle/0012_account_limits.sql', import.meta.url),
      'utf8',
    );
    const update = sqlFile
      .split('--> statement-breakpoint')
      .find((s) => s.includes('UPDATE "users"'))!
      .replace(/^--.*$/gm, '')
      .trim();
    const merchant = await buildMerchant(t.ctx);
    // A store made in the same clock tick as its invited user would pass for a sign-up (PGlite's clock
    // can give two quick transactions one timestamp): the store is older, as an invitation's always is.
    await t.database.query(
      `UPDATE "merchants" SET "created_at" = "created_at" - interval '1 day' WHERE "id" = '${merchant.id}'`,
    );
    const stamp = Date.now();
    const invited = await buildUser(t.ctx, { merchantId: merchant.id, email: `inv-${stamp}@corner.example` });
    const signedIn = await buildUser(t.ctx, { merchantId: merchant.id, email: `in-${stamp}@corner.example` });
    await login(t.app, signedIn.email);
    const demo = await buildUser(t.ctx, { merchantId: merchant.id, email: `demo-${stamp}@shop.test` });
    const signUp = await postSignUp(
      t.app,
      {
        first_name: 'Own',
        last_name: 'Store',
        email: `owner-${stamp}@corner.example`,
        password: 'long-enough-pw',
        birthday: '1990-12-10',
      },
      freshIp(),
    );
    await t.database.query(update);
    expect((await userRow(invited.id)).password_must_change).toBe(true);
    expect((await userRow(signedIn.id)).password_must_change).toBe(false);
    expect((await userRow(demo.id)).password_must_change).toBe(false);
    expect((await userRow(signUp.json().user.id)).password_must_change).toBe(false);
  });
});
