import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, sentBody } from '../../test/render-app.tsx';
import {
  PASSWORD_UPDATED_MESSAGE,
  RESET_FAILED_FORM_MESSAGE,
  RESET_FAILED_TOAST,
} from './reset-password-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('reset password', () => {
  it('sends the token from the URL, shows success, then goes to /login', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/a/v2/accounts/password') ? { body: { success: true } } : undefined,
    );
    const { router } = renderApp('/forgot/password-reset/tok-123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findAllByText(PASSWORD_UPDATED_MESSAGE)).not.toHaveLength(0);
    expect(sentBody(fetchMock, '/a/v2/accounts/password')).toEqual({
      new_password: 'brand-new-password',
      reset_token: 'tok-123',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4000 });
  });

  it('a short password is refused before sending', async () => {
    const fetchMock = mockFetch();
    renderApp('/forgot/password-reset/tok-123');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your password must have at least 10 characters')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/a/v2/accounts/password'))).toBe(false);
  });

  it('a refused token: toast with the server message and the form message', async () => {
    mockFetch((url) =>
      url.endsWith('/a/v2/accounts/password')
        ? { status: 400, body: { message: 'The reset link has expired' } }
        : undefined,
    );
    renderApp('/forgot/password-reset/old');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(RESET_FAILED_FORM_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText('The reset link has expired')).toBeInTheDocument();
  });

  it('a failure without a server message toasts the spec fallback', async () => {
    mockFetch((url) => (url.endsWith('/a/v2/accounts/password') ? { status: 500, body: {} } : undefined));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/forgot/password-reset/x');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(RESET_FAILED_TOAST)).toBeInTheDocument();
    expect(screen.getByText(RESET_FAILED_FORM_MESSAGE)).toBeInTheDocument();
  });
});
