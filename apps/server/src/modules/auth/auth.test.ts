import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../adapters/outbox/outbox.ts';
import { bearer, buildMerchant, buildUser, login, TEST_PASSWORD, useTestApp } from '../../test/harness.ts';
import { postSignUp } from '../../test/sign-up.ts';

const t = useTestApp();

const signUpBody = (email: string) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  password: 'long-enough-pw',
  birthday: '1990-12-10',
});

describe('sign-up', () => {
  it('creates the account with its own store and lets it sign in', async () => {
    const res = await postSignUp(t.app, signUpBody('ada@example.com'));
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ first_name: 'Ada', email: 'ada@example.com', userRoles: ['merch.owner'] });
    expect(user.aux_data.authorized_merchant).toMatch(/^m-/);
    expect(user).not.toHaveProperty('password_hash');
    const token = await login(t.app, 'ADA@example.com', 'long-enough-pw');
    const me = await t.app.inject({ url: `/a/v2/users/${user.id}`, headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    const merchant = await t.app.inject({
      url: `/c/v2/merchants/${user.aux_data.authorized_merchant}`,
      headers: bearer(token),
    });
    expect(merchant.json().name).toBe("Ada's Store");
  });

  it('refuses a taken email with the spec message, without the client credential 401', async () => {
    const dup = await postSignUp(t.app, signUpBody('ada@example.com'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('The email entered already exists. Have you Forgot your password');
    const noCred = await t.app.inject({
      method: 'POST',
      url: '/a/v2/users',
      payload: signUpBody('new@example.com'),
    });
    expect(noCred.statusCode).toBe(401);
  });

  it('validates every field with the spec messages and writes nothing', async () => {
    const res = await postSignUp(t.app, {
      first_name: '',
      last_name: 'X',
      email: 'not-an-email',
      password: 'short',
      birthday: '2999-01-01',
    });
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(
      res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    expect(messages).toMatchObject({
      first_name: 'Please enter your first name',
      email: 'Please enter a valid email',
      password: 'Your password must have at least 10 characters',
      birthday: 'You must choose a valid birth date',
    });
  });

  it('answers malformed JSON and wrong types with 400, never 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/a/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTypeOf('string');
    const types = await t.app.inject({
      method: 'POST',
      url: '/a/v2/login',
      payload: { email: 42, password: [] },
    });
    expect(types.statusCode).toBe(400);
    expect([...new Set(types.json().errors.map((e: { path: string }) => e.path))].sort()).toEqual([
      'email',
      'password',
    ]);
    const unknown = await t.app.inject({ method: 'GET', url: '/a/v2/nothing-here' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('login, sessions and logout', () => {
  it('refuses a wrong password with 401 and rate-limits after 10 failures in a row', async () => {
    const merchant = await buildMerchant(t.ctx);
    const user = await buildUser(t.ctx, { merchantId: merchant.id });
    const attempt = (password: string, ip = '10.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/a/v2/login',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 10; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const locked = await attempt(TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not affected
    expect((await attempt(TEST_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });

  it('logout ends the session at once', async () => {
    const merchant = await buildMerchant(t.ctx);
    const user = await buildUser(t.ctx, { merchantId: merchant.id });
    const token = await login(t.app, user.email);
    expect((await t.app.inject({ url: `/a/v2/users/${user.id}`, headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/a/v2/logout', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/a/v2/users/${user.id}`, headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('401 without or with a forged token', async () => {
    expect((await t.app.inject({ url: '/c/v2/merchants/anything' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/c/v2/merchants/anything', headers: bearer('abc.def.ghi') })).statusCode,
    ).toBe(401);
  });

  it("another merchant's key is 404", async () => {
    const a = await buildMerchant(t.ctx);
    const b = await buildMerchant(t.ctx);
    const user = await buildUser(t.ctx, { merchantId: a.id });
    const token = await login(t.app, user.email);
    expect((await t.app.inject({ url: `/c/v2/merchants/${a.tmk}`, headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: `/c/v2/merchants/${b.tmk}`, headers: bearer(token) })).statusCode).toBe(
      404,
    );
  });
});

describe('password reset', () => {
  it('emails a single-use link that ends old sessions', async () => {
    const merchant = await buildMerchant(t.ctx);
    const user = await buildUser(t.ctx, { merchantId: merchant.id });
    const oldToken = await login(t.app, user.email);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/a/v2/accounts/password_token',
      payload: { email: 'nobody@nowhere.test' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The email entered does not exists. Please review and try again');

    const sent = await t.app.inject({
      method: 'POST',
      url: '/a/v2/accounts/password_token',
      payload: { email: user.email },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await listOutbox(t.database.db);
    expect(mail?.to).toBe(user.email);
    const token = mail?.text.match(/password-reset\/([\w-]+)/)?.[1];
    expect(token?.length).toBeGreaterThanOrEqual(22); // ≥128 bits in base64url

    const short = await t.app.inject({
      method: 'POST',
      url: '/a/v2/accounts/password',
      payload: { reset_token: token, new_password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/a/v2/accounts/password',
      payload: { reset_token: token, new_password: 'brand-new-password' },
    });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/a/v2/accounts/password',
      payload: { reset_token: token, new_password: 'another-password-9' },
    });
    expect(again.statusCode).toBe(400);

    expect(
      (await t.app.inject({ url: `/a/v2/users/${user.id}`, headers: bearer(oldToken) })).statusCode,
    ).toBe(401);
    const oldPw = await t.app.inject({
      method: 'POST',
      url: '/a/v2/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(oldPw.statusCode).toBe(401);
    await login(t.app, user.email, 'brand-new-password');
  });
});
