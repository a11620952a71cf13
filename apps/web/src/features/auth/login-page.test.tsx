import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_EVENTS } from '../../lib/analytics.ts';
import { getSession } from '../../lib/session.ts';
import { analyticsEvents } from '../../test/analytics-events.ts';
import { fakeToken, mockFetch, renderApp, sentBody, signOut } from '../../test/render-app.tsx';
import { testUser } from '../../test/users.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
  window.dataLayer = [];
});

const user = testUser({
  date_created: '2024-01-01T00:00:00Z',
  aux_data: { authorized_merchant: 'tmk-demo' },
});

describe('login', () => {
  it('validates before sending', async () => {
    const fetchMock = mockFetch();
    renderApp('/login');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/a/v2/login'))).toBe(false);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot');
  });

  it('focuses the first field in error, re-checks a field as it changes once submitted, sends the email trimmed', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/a/v2/login')
        ? { status: 401, body: { message: 'Invalid email or password' } }
        : undefined,
    );
    renderApp('/login');
    const u = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await u.type(password, 'pw');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your password')).toBeNull();
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await u.type(email, 'nope');
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    await u.type(email, '@demo.test  ');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email')).toBeNull());
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, '/a/v2/login')).toEqual({ email: 'nope@demo.test', password: 'pw' }),
    );
  });

  it('stores token and merchant key, loads the merchant, records the login and goes to /', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/a/v2/login') ? { body: { token: fakeToken('user-1'), user } } : undefined,
    );
    const { router } = renderApp('/login');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Email'), 'owner@demo.test');
    await u.type(screen.getByLabelText('Password'), 'demo-password-1');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/active'));
    expect(getSession()).toEqual({ token: fakeToken('user-1'), merchantKey: 'tmk-demo' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/c/v2/merchants/tmk-demo'))).toBe(true);
    expect(analyticsEvents(ANALYTICS_EVENTS.loggedIn)).toHaveLength(1);
    expect(await screen.findByText('Demo Wine & Spirits')).toBeInTheDocument();
  });

  it('shows the server message for bad credentials', async () => {
    mockFetch((url) =>
      url.endsWith('/a/v2/login')
        ? { status: 401, body: { message: 'Invalid email or password' } }
        : undefined,
    );
    const { router } = renderApp('/login');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Email'), 'owner@demo.test');
    await u.type(screen.getByLabelText('Password'), 'wrong-password');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
  });

  it("offers 'Sign in with {provider}' when the server has an identity provider, and starts its sign-in", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockFetch((url) =>
      url.endsWith('/a/v2/oidc/config')
        ? { body: { enabled: true, provider: 'Contoso ID', google: false, start_path: '/a/v2/oidc/start' } }
        : undefined,
    );
    renderApp('/login');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Sign in with Contoso ID' }));
    expect(assign).toHaveBeenCalledWith('/a/v2/oidc/start');
  });

  it('names Google for Google', async () => {
    mockFetch((url) =>
      url.endsWith('/a/v2/oidc/config')
        ? { body: { enabled: true, provider: 'Google', google: true, start_path: '/a/v2/oidc/start' } }
        : undefined,
    );
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('shows no provider button when none is configured', async () => {
    const fetchMock = mockFetch();
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/a/v2/oidc/config'))).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /^Sign in with/ })).toBeNull();
  });
});
