import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, mockFetch, renderApp, sentBody, signIn, signOut } from '../../test/render-app.tsx';
import { testUser } from '../../test/users.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const me = (over: Record<string, unknown> = {}) =>
  testUser({
    id: 'me',
    email: 'olive@demo.test',
    email_verified: true,
    pending_email: null,
    has_password: true,
    password_must_change: false,
    ...over,
  });

const isPost = (init: RequestInit) => (init.method ?? 'GET') === 'POST';
/** The JSON body of the first POST to a URL ending with `suffix` (a GET of the same URL comes first). */
function postedTo(fetchMock: { mock: { calls: unknown[][] } }, suffix: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url).endsWith(suffix) && isPost((init ?? {}) as RequestInit),
  );
  const body = (call?.[1] as RequestInit | undefined)?.body;
  return body === undefined ? undefined : JSON.parse(String(body));
}

describe('confirm email page', () => {
  it('confirms the link on a click (not on load) and says so', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/a/v2/accounts/email')
        ? { body: { success: true, message: 'Your email address is confirmed.', email: 'a@b.test' } }
        : undefined,
    );
    renderApp('/verify-email/tok-abc');
    const button = await screen.findByRole('button', { name: 'Confirm email address' }, { timeout: 5000 });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/a/v2/accounts/email'))).toBe(false);
    await userEvent.setup().click(button);
    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/a/v2/accounts/email')).toEqual({ token: 'tok-abc' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('an expired or used link shows the server message', async () => {
    mockFetch((url) =>
      url.endsWith('/a/v2/accounts/email')
        ? { status: 400, body: { message: 'This confirmation link is invalid or has expired.' } }
        : undefined,
    );
    renderApp('/verify-email/old');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Confirm email address' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This confirmation link is invalid or has expired.',
    );
  });
});

describe('invitation page', () => {
  it('sets the password with the token, then signs in as the invited person', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/a/v2/accounts/invitation')
        ? { body: { token: fakeToken('me'), user: me({ userRoles: ['merch.user'] }) } }
        : undefined,
    );
    const { router } = renderApp('/invitation/inv-123');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Password', {}, { timeout: 5000 }), 'short');
    await u.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByText('Your password must have at least 10 characters')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Password'));
    await u.type(screen.getByLabelText('Password'), 'my-own-password-1');
    await u.click(screen.getByRole('button', { name: 'Set password and join' }));
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe(fakeToken('me')));
    expect(sentBody(fetchMock, '/a/v2/accounts/invitation')).toEqual({
      token: 'inv-123',
      new_password: 'my-own-password-1',
    });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/orders/));
  });

  it('a used link shows why', async () => {
    mockFetch((url) =>
      url.endsWith('/a/v2/accounts/invitation')
        ? {
            status: 400,
            body: { message: 'This invitation link is invalid, was already used or has expired.' },
          }
        : undefined,
    );
    renderApp('/invitation/used');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Password', {}, { timeout: 5000 }), 'my-own-password-1');
    await u.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already used');
  });
});

describe('signed in', () => {
  it('a temporary password: only the new-password step shows until it is replaced', async () => {
    signIn('tmk-1', 'me');
    let mustChange = true;
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/a/v2/users/me') && isPost(init)) {
        mustChange = false;
        return { body: me() };
      }
      if (url.endsWith('/a/v2/users/me')) return { body: me({ password_must_change: mustChange }) };
      return undefined;
    });
    renderApp('/inventory');
    const u = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }, { timeout: 5000 }),
    ).toBeVisible();
    // The page behind the step is not rendered: its data is not asked for.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/offerings'))).toBe(false);
    await u.type(screen.getByLabelText('Temporary password'), 'Temp#Pass99xyzAB');
    await u.type(screen.getByLabelText('New password'), 'my-chosen-password');
    await u.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Choose a new password' })).toBeNull());
    expect(postedTo(fetchMock, '/a/v2/users/me')).toEqual({
      password: 'Temp#Pass99xyzAB',
      new_password: 'my-chosen-password',
    });
  });

  it('an unconfirmed email: the notice offers to resend the link', async () => {
    signIn('tmk-1', 'me');
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/a/v2/users/me/email/verification'))
        return { body: { success: true, message: 'We sent the link to olive@demo.test.' } };
      if (url.endsWith('/a/v2/users/me')) return { body: me({ email_verified: false }) };
      return undefined;
    });
    renderApp('/settings/profile');
    const notice = await screen.findByRole('region', { name: 'Email confirmation' }, { timeout: 5000 });
    expect(notice).toHaveTextContent('Confirm your email: open the link we sent to olive@demo.test.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('We sent the link to olive@demo.test.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/email/verification'))).toBe(true);
  });

  it('profile: a new email goes with the current password; the pending address shows with resend and cancel', async () => {
    signIn('tmk-1', 'me');
    let pending: string | null = null;
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/a/v2/users/me/email/cancel')) {
        pending = null;
        return { body: me() };
      }
      if (url.endsWith('/a/v2/users/me') && isPost(init)) {
        pending = 'new@corner.test';
        return { body: me({ pending_email: pending }) };
      }
      if (url.endsWith('/a/v2/users/me')) return { body: me({ pending_email: pending }) };
      return undefined;
    });
    renderApp('/settings/profile');
    const u = userEvent.setup();
    const email = await screen.findByDisplayValue('olive@demo.test', {}, { timeout: 5000 });
    await u.clear(email);
    await u.type(email, 'new@corner.test');
    expect(screen.getByText(/Needs your current password/)).toBeInTheDocument();
    await u.type(screen.getByLabelText('Current Password'), 'demo-password-1');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('New email waiting for confirmation')).toBeInTheDocument();
    expect(postedTo(fetchMock, '/a/v2/users/me')).toMatchObject({
      email: 'new@corner.test',
      password: 'demo-password-1',
    });
    await u.click(screen.getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(screen.queryByText('New email waiting for confirmation')).toBeNull());
  });

  it('profile of an account without a password: no current-password field, a link to sign in again', async () => {
    signIn('tmk-1', 'me');
    mockFetch((url) => (url.endsWith('/a/v2/users/me') ? { body: me({ has_password: false }) } : undefined));
    renderApp('/settings/profile');
    const link = await screen.findByRole('link', { name: /signing in with it again/ }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/a/v2/oidc/start?return_to=%2Fsettings%2Fprofile');
    expect(screen.queryByLabelText('Current Password')).toBeNull();
  });
});
