import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, sentBody } from '../../test/render-app.tsx';
import { EMAIL_NOT_FOUND_MESSAGE } from './forgot-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const tokenCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/a/v2/accounts/password_token'));

describe('forgot password flow', () => {
  it('idle → sent → resending → sent', async () => {
    let release: () => void = () => {};
    let calls = 0;
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/a/v2/accounts/password_token')) {
        calls += 1;
        return { body: { success: true } };
      }
      return undefined;
    });
    renderApp('/forgot');
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: 'Send Instructions' });
    expect(send).toBeDisabled();
    expect(screen.getByText(/up to 15 minutes/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'owner@demo.test');
    expect(send).toBeEnabled();
    await user.clear(screen.getByLabelText('Email'));
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'owner@demo.test');
    await user.click(send);

    expect(await screen.findByRole('heading', { name: 'Instructions Sent' })).toBeInTheDocument();
    expect(screen.getByText('owner@demo.test')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/a/v2/accounts/password_token')).toEqual({ email: 'owner@demo.test' });

    // Resend: the button shows progress while the request is in flight, then the sent state again.
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(new Response(JSON.stringify({ success: true }), { status: 200 }));
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Resend Instructions' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Resend Instructions/ })).toHaveAttribute('data-loading'),
    );
    release();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Resend Instructions' })).not.toHaveAttribute('data-loading'),
    );
    expect(tokenCalls(fetchMock)).toHaveLength(2);
    expect(calls).toBe(1);
  });

  it('an unknown email shows the spec message under the field', async () => {
    mockFetch((url) =>
      url.endsWith('/a/v2/accounts/password_token')
        ? { status: 404, body: { message: 'Not found' } }
        : undefined,
    );
    renderApp('/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'nobody@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send Instructions' }));
    expect(await screen.findByText(EMAIL_NOT_FOUND_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Instructions Sent' })).not.toBeInTheDocument();
  });

  it('an invalid email is refused before sending', async () => {
    const fetchMock = mockFetch();
    renderApp('/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Instructions' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(tokenCalls(fetchMock)).toHaveLength(0);
  });
});
