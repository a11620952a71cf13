import {
  attemptLogin,
  DEMO,
  expectPath,
  login,
  logout,
  pathOf,
  requestPasswordReset,
  resetPassword,
  resetTokenFrom,
  signUp,
  uniqueEmail,
  waitForEmail,
} from './fixtures.ts';
import { describe, expect, it } from './test.ts';

describe('accounts flows', () => {
  it('a demo owner signs in, lands on the orders area with the store name, and signs out', async ({
    open,
  }) => {
    const s = await open();
    await login(s.page, DEMO.owner);
    await s.page.getByText(DEMO.merchantName).first().waitFor();
    expect(await s.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await s.page.evaluate(() => localStorage.getItem('tmk'))).toBeTruthy();
    const cookies = await s.context.cookies();
    expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['token', 'tmk']));
    const events = await s.page.evaluate(() =>
      ((window as unknown as { dataLayer: { event: string }[] }).dataLayer ?? []).map((e) => e.event),
    );
    expect(events).toEqual(expect.arrayContaining(['Loaded a Page', 'Page View', 'Logged In']));
    await logout(s.page);
    expect(await s.page.evaluate(() => localStorage.length)).toBe(0);
    expect((await s.context.cookies()).filter((c) => c.name === 'token')).toHaveLength(0);
  });

  it('wrong credentials are refused with the server message', async ({ open }) => {
    const s = await open();
    const text = await attemptLogin(s.page, DEMO.owner, 'not-the-password');
    expect(text.length).toBeGreaterThan(0);
    expect(pathOf(s.page)).toBe('/login');
  });

  it('sign-up shows the validation messages before sending', async ({ open }) => {
    const s = await open();
    await s.page.goto('/signup');
    await s.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    for (const text of [
      'Please enter your first name',
      'Please enter your last name',
      'Please enter your email',
      'Please enter your password',
      'You must accept terms',
    ]) {
      await s.page.getByText(text, { exact: true }).waitFor();
    }
    await s.page.getByLabel('Email address').fill('bad-email');
    await s.page.getByLabel('Password', { exact: true }).fill('short');
    await s.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await s.page.getByText('Please enter a valid email', { exact: true }).waitFor();
    await s.page.getByText('Your password must have at least 10 characters', { exact: true }).waitFor();
    expect(pathOf(s.page)).toBe('/signup');
  });

  it('signs up, then signs in with the new account', async ({ open }) => {
    const s = await open();
    const email = uniqueEmail('signup');
    await signUp(s.page, {
      firstName: 'Sam',
      lastName: 'Seller',
      email,
      password: 'sam-password-123',
      birthDate: [1988, 2, 29],
    });
    await expectPath(s.page, '/login');
    await login(s.page, email, 'sam-password-123');
    expect(await s.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  it('signing up with an existing email shows the spec message and a link to /forgot', async ({ open }) => {
    const s = await open();
    await signUp(s.page, {
      firstName: 'Olive',
      lastName: 'Owner',
      email: DEMO.owner,
      password: 'whatever-password',
      birthDate: [1980, 5, 17],
    });
    const alert = s.page.getByRole('alert').filter({ hasText: 'The email entered already exists' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'The email entered already exists. Have you Forgot your password',
    );
    await alert.getByRole('link', { name: 'Forgot your password' }).click();
    await expectPath(s.page, '/forgot');
  });

  it('Sign up with Google either starts the Google flow or says it is not configured', async ({
    server,
    open,
  }) => {
    const s = await open();
    const config = (await (await fetch(`${server.baseUrl}/a/v2/oidc/config`)).json()) as { google: boolean };
    await s.page.goto('/signup');
    const button = s.page.getByRole('button', { name: 'Sign up with Google' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    if (config.google) {
      const [request] = await Promise.all([
        s.page.waitForRequest(/\/a\/v2\/oidc\/google\/start/),
        button.click(),
      ]);
      expect(request.url()).toContain('/a/v2/oidc/google/start');
    } else {
      await button.click();
      await s.page.getByText('Google sign-in is not configured on this server', { exact: false }).waitFor();
    }
  });

  it('forgot password: email in the outbox, reset, new password works and the old one is refused', async ({
    server,
    open,
  }) => {
    const s = await open();
    const email = uniqueEmail('reset');
    await signUp(s.page, {
      firstName: 'Rita',
      lastName: 'Reset',
      email,
      password: 'old-password-123',
      birthDate: [1990, 7, 4],
    });
    await expectPath(s.page, '/login');

    await s.page.goto('/forgot');
    const send = s.page.getByRole('button', { name: 'Send Instructions' });
    expect(await send.isDisabled()).toBe(true);
    await s.page.getByText('up to 15 minutes', { exact: false }).first().waitFor();
    await requestPasswordReset(s.page, email);
    await s.page.getByRole('button', { name: 'Resend Instructions' }).waitFor();

    const message = await waitForEmail(server.baseUrl, email, (m) =>
      m.text.includes('/forgot/password-reset/'),
    );
    const token = resetTokenFrom(message);

    // Resend sends a second email.
    await s.page.getByRole('button', { name: 'Resend Instructions' }).click();
    await expect
      .poll(async () => {
        const res = await fetch(`${server.baseUrl}/dev/outbox.json`);
        const all = (await res.json()) as { to: string }[];
        return all.filter((m) => m.to.toLowerCase() === email).length;
      })
      .toBeGreaterThanOrEqual(2);

    await resetPassword(s.page, token, 'new-password-456');
    await s.page.getByText('Password Updated successfully').first().waitFor();
    await expectPath(s.page, '/login');

    const refused = await attemptLogin(s.page, email, 'old-password-123');
    expect(refused.length).toBeGreaterThan(0);
    await login(s.page, email, 'new-password-456');
  });

  it('forgot password with an unknown email shows the spec message', async ({ open }) => {
    const s = await open();
    await s.page.goto('/forgot');
    await s.page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await s.page.getByRole('button', { name: 'Send Instructions' }).click();
    await s.page.getByText('The email entered does not exists. Please review and try again').waitFor();
  });

  it('a bad reset token shows both failure messages', async ({ open }) => {
    const s = await open();
    await resetPassword(s.page, 'not-a-real-token', 'new-password-456');
    await s.page.getByText('There was a problem trying to update your password. Please try again').waitFor();
    expect(pathOf(s.page)).toBe('/forgot/password-reset/not-a-real-token');
  });
});
