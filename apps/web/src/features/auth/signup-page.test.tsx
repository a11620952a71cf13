import { EMAIL_MESSAGE, PASSWORD_MESSAGE, requiredMessage, TERMS_MESSAGE } from '@mc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp } from '../../test/render-app.tsx';
import { EMAIL_EXISTS_MESSAGE } from './signup-page.tsx';

afterEach(() => vi.unstubAllGlobals());

async function openSignUp(handler?: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch(handler);
  const app = renderApp('/signup');
  await screen.findByRole('heading', { name: 'Create your merchant account' });
  return { ...app, fetchMock, user: userEvent.setup() };
}

function options(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '')
    .filter((t) => t !== 'Day' && t !== 'Month' && t !== 'Year');
}

describe('sign-up validation', () => {
  it('shows every required-field message under its field before sending', async () => {
    const { user, fetchMock } = await openSignUp();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(requiredMessage('first_name'))).toBeInTheDocument();
    expect(screen.getByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText(requiredMessage('last_name'))).toBeInTheDocument();
    expect(screen.getByText(requiredMessage('email'))).toBeInTheDocument();
    expect(screen.getByText(requiredMessage('password'))).toBeInTheDocument();
    expect(screen.getByText(requiredMessage('birthday'))).toBeInTheDocument();
    expect(screen.getByText(TERMS_MESSAGE)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/a/v2/users'))).toHaveLength(0);
  });

  it('checks the email pattern, the password length and an incomplete birth date', async () => {
    const { user } = await openSignUp();
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.selectOptions(screen.getByLabelText('Birth month'), 'March');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(EMAIL_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('You must choose a valid birth date')).toBeInTheDocument();
  });

  it('the day list follows the month length, leap years included', async () => {
    const { user } = await openSignUp();
    const day = screen.getByLabelText('Birth day');
    expect(options(day)).toHaveLength(31);
    await user.selectOptions(screen.getByLabelText('Birth month'), 'April');
    expect(options(day)).toHaveLength(30);
    await user.selectOptions(screen.getByLabelText('Birth month'), 'February');
    expect(options(day)).toHaveLength(29);
    await user.selectOptions(screen.getByLabelText('Birth year'), '2023');
    expect(options(day)).toHaveLength(28);
    await user.selectOptions(screen.getByLabelText('Birth year'), '2000');
    expect(options(day)).toHaveLength(29);
  });

  it('offers 120 years, newest first', async () => {
    await openSignUp();
    const years = options(screen.getByLabelText('Birth year'));
    const thisYear = new Date().getFullYear();
    expect(years).toHaveLength(120);
    expect(years[0]).toBe(String(thisYear));
    expect(years.at(-1)).toBe(String(thisYear - 119));
  });

  it('clears a day that the new month does not have', async () => {
    const { user } = await openSignUp();
    await user.selectOptions(screen.getByLabelText('Birth month'), 'January');
    await user.selectOptions(screen.getByLabelText('Birth day'), '31');
    await user.selectOptions(screen.getByLabelText('Birth month'), 'June');
    expect(screen.getByLabelText('Birth day')).toHaveValue('');
  });

  async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.selectOptions(screen.getByLabelText('Birth month'), 'December');
    await user.selectOptions(screen.getByLabelText('Birth day'), '10');
    await user.selectOptions(screen.getByLabelText('Birth year'), '1985');
    await user.type(screen.getByLabelText('Email address'), 'ada@store.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
  }

  it('sends the spec payload with the basic credential and goes to /login', async () => {
    const { user, router } = await openSignUp();
    const fetchMock = mockFetch((url) =>
      url.endsWith('/a/v2/users') ? { status: 201, body: { user: {} } } : undefined,
    );
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/a/v2/users'));
    expect(call).toBeDefined();
    const init = call?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@store.test',
      password: 'long-enough-1',
      birthday: '1985-12-10',
    });
    expect((init.headers as Record<string, string>).authorization).toBe(
      `Basic ${btoa('merchant-console:public')}`,
    );
  });

  it('an existing email shows the spec message with a link to /forgot', async () => {
    const { user } = await openSignUp();
    mockFetch((url) =>
      url.endsWith('/a/v2/users')
        ? { status: 409, body: { message: 'The email entered already exists.' } }
        : undefined,
    );
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(EMAIL_EXISTS_MESSAGE);
    expect(within(alert).getByRole('link', { name: 'Forgot your password' })).toHaveAttribute(
      'href',
      '/forgot',
    );
  });

  it('Sign up with Google says so when the server has no Google sign-in', async () => {
    const { user } = await openSignUp();
    await waitFor(() => expect(screen.getByRole('button', { name: /Sign up with Google/ })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: /Sign up with Google/ }));
    expect(await screen.findByText(/Google sign-in is not configured on this server/)).toBeInTheDocument();
  });

  it('names the configured provider on the button and starts its sign-in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = await openSignUp((url) =>
      url.endsWith('/a/v2/oidc/config')
        ? { body: { enabled: true, provider: 'Microsoft', google: false, start_path: '/a/v2/oidc/start' } }
        : undefined,
    );
    const button = await screen.findByRole('button', { name: 'Sign up with Microsoft' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(assign).toHaveBeenCalledWith('/a/v2/oidc/start');
    expect(screen.queryByRole('button', { name: /Sign up with Google/ })).toBeNull();
  });

  it('shows why a provider sign-in was refused', async () => {
    mockFetch();
    renderApp(
      `/signup?oidc_error=${encodeURIComponent('Microsoft did not accept the sign-in. Please try again.')}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Microsoft did not accept the sign-in. Please try again.',
    );
  });

  it("says 'Sign up with Google' when the provider is Google", async () => {
    await openSignUp((url) =>
      url.endsWith('/a/v2/oidc/config')
        ? { body: { enabled: true, provider: 'Google', google: true, start_path: '/a/v2/oidc/start' } }
        : undefined,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeEnabled());
  });

  it('the password can be shown and hidden', async () => {
    const { user } = await openSignUp();
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('links to sign in', async () => {
    await openSignUp();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
