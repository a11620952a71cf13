import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_MERCHANT, mockFetch, renderApp, signIn, signOut } from '../../test/render-app.tsx';
import { testUser } from '../../test/users.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const user = (id: string, roles: string[]) => testUser({ id, email: `${id}@demo.test`, userRoles: roles });

const member = (uuid: string, first: string, role: string, label: string) => ({
  uuid,
  first_name: first,
  last_name: 'Test',
  email: `${uuid}@demo.test`,
  phone: null,
  last_login: null,
  date_created: '2026-01-01T00:00:00Z',
  roles: [{ name: role, label }],
});

const MERCHANT = {
  ...DEMO_MERCHANT,
  merchant_account_id: null,
  address: { ...DEMO_MERCHANT.address, street_2: 'Ground floor' },
};

const emptyBilling = {
  is_business: false,
  individual: {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    date_of_birth: '',
    address: { street_address: '', locality: '', region: '', postal_code: '' },
  },
  funding: { descriptor: '', routing_number: '', account_number: '', account_number_last_4: '' },
  business: {
    legal_name: '',
    dba_name: '',
    tax_id: '',
    address: { street_address: '', locality: '', region: '', postal_code: '' },
  },
  tos_accepted: false,
  updated_at: null,
};

function setup(
  path: string,
  roles: string[],
  extra: (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined = () =>
    undefined,
) {
  signIn('tmk-1', 'me');
  const fetchMock = mockFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.endsWith('/a/v2/users/me')) return { body: user('me', roles) };
    if (url.endsWith('/c/v2/merchants/tmk-1')) return { body: MERCHANT };
    if (url.endsWith('/users') && (init.method ?? 'GET') === 'GET')
      return {
        body: {
          items: [member('me', 'Olive', 'merch.owner', 'Owner'), member('u2', 'Mia', 'merch.user', 'Member')],
        },
      };
    if (url.endsWith('/payments')) return { body: emptyBilling };
    if (url.includes('/v1/merchant/'))
      return {
        body: {
          merchant_account_id: 'acct_1',
          complete: false,
          onboarding_data: { url: '/v1/sandbox/stripe/onboarding/acct_1' },
          login_link: null,
        },
      };
    if (url.endsWith('/hours'))
      return { body: { regular_hours: [{ weekday: 'monday', time_open: '00:00', time_close: '23:59' }] } };
    return undefined;
  });
  renderApp(path);
  return { fetchMock, u: userEvent.setup() };
}

describe('profile page', () => {
  it('a password change sends the current and new password and keeps this browser signed in', async () => {
    const { fetchMock, u } = setup('/settings/profile', ['merch.owner'], (url, init) =>
      url.endsWith('/a/v2/users/me') && init.method === 'POST'
        ? { body: user('me', ['merch.owner']) }
        : undefined,
    );
    await screen.findByDisplayValue('Olive', {}, { timeout: 5000 });
    expect(screen.getByText(/signs you out everywhere else/)).toBeInTheDocument();
    await u.type(screen.getByLabelText('Current Password'), 'old-password-1');
    await u.type(screen.getByLabelText('New Password'), 'new-password-22');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/a/v2/users/me') && init?.method === 'POST',
    );
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      password: 'old-password-1',
      new_password: 'new-password-22',
    });
    expect(window.localStorage.getItem('token')).toBeTruthy();
  });
});

describe('team page', () => {
  it('the owner sees Edit and Revoke on other rows only; their own row says You', async () => {
    setup('/settings/users', ['merch.owner']);
    const mia = await screen.findByRole('row', { name: /Mia Test/ }, { timeout: 4000 });
    expect(within(mia).getByRole('button', { name: 'Edit Mia Test' })).toBeInTheDocument();
    expect(within(mia).getByRole('button', { name: 'Revoke Mia Test' })).toBeInTheDocument();
    const own = screen.getByRole('row', { name: /Olive Test/ });
    expect(within(own).queryByRole('button')).toBeNull();
    expect(within(own).getByText('You')).toBeInTheDocument();
  });

  it("'Last Login' is in the store's time zone, not the browser's", async () => {
    setup('/settings/users', ['merch.owner'], (url, init) => {
      if (url.endsWith('/c/v2/merchants/tmk-1'))
        return { body: { ...MERCHANT, timezone: 'America/Los_Angeles' } };
      if (url.endsWith('/users') && (init.method ?? 'GET') === 'GET')
        return {
          body: {
            items: [
              member('me', 'Olive', 'merch.owner', 'Owner'),
              { ...member('u2', 'Mia', 'merch.user', 'Member'), last_login: '2026-01-15T23:30:00Z' },
            ],
          },
        };
      return undefined;
    });
    const mia = await screen.findByRole('row', { name: /Mia Test/ }, { timeout: 4000 });
    await waitFor(() => expect(within(mia).getByText('01/15/2026 3:30 PM')).toBeInTheDocument());
  });

  it('a manager sees the list without the Edit and Revoke column; a member gets an explanation', async () => {
    setup('/settings/users', ['merch.manager']);
    await screen.findByRole('row', { name: /Mia Test/ }, { timeout: 4000 });
    expect(screen.queryByRole('columnheader', { name: 'Edit / Revoke' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite User' })).toBeNull();
    signOut();
    vi.unstubAllGlobals();
    setup('/settings/users', ['merch.user']);
    expect((await screen.findAllByText('Not available for your role')).length).toBeGreaterThan(0);
  });

  it('shows the load-failure message', async () => {
    setup('/settings/users', ['merch.owner'], (url) =>
      url.endsWith('/users') ? { status: 404, body: { message: 'x' } } : undefined,
    );
    expect(
      await screen.findByText(
        'Whoops, we are sorry but something went wrong. This incident was already reported and we will fix it soon.',
      ),
    ).toBeInTheDocument();
  });

  it('Revoke access opens with focus on Cancel: Enter alone never revokes', async () => {
    const { u } = setup('/settings/users', ['merch.owner']);
    await u.click(await screen.findByRole('button', { name: 'Revoke Mia Test' }, { timeout: 4000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
  });

  it('editing needs a role and sends exactly one', async () => {
    const { u, fetchMock } = setup('/settings/users', ['merch.owner'], (url, init) =>
      url.endsWith('/roles') && init.method === 'POST'
        ? { body: member('u2', 'Mia', 'merch.manager', 'Manager') }
        : undefined,
    );
    await u.click(await screen.findByRole('button', { name: 'Edit Mia Test' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('radio', { name: /Manager/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Mia Test's role updated successfully!")).toBeInTheDocument();
    const call = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/a/v2/users/u2/roles'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ roles: ['merch.manager'] });
  });
});

describe('billing page', () => {
  const legacyBankForm = (content: 'on' | null) => {
    document.querySelector('meta[name="legacy-bank-form"]')?.remove();
    if (!content) return;
    const meta = document.createElement('meta');
    meta.name = 'legacy-bank-form';
    meta.content = content;
    document.head.append(meta);
  };
  afterEach(() => legacyBankForm(null));

  it('hides the legacy bank-account form unless the server turns it on', async () => {
    setup('/settings/billing', ['merch.owner']);
    expect(
      await screen.findByRole('switch', { name: 'I accept the Terms of Service' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Complete Stripe Onboarding' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Bank account' })).toBeNull();
    expect(screen.queryByText('Bank Account Details')).toBeNull();
    expect(screen.queryByLabelText(/Routing Number/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('with LEGACY_BANK_FORM on: shows the onboarding link; the form is disabled until the terms are accepted; the routing number keeps digits only', async () => {
    legacyBankForm('on');
    const { u } = setup('/settings/billing', ['merch.owner']);
    expect(
      await screen.findByRole('link', { name: 'Complete Stripe Onboarding' }, { timeout: 4000 }),
    ).toHaveAttribute('href', '/v1/sandbox/stripe/onboarding/acct_1');
    const routing = await screen.findByLabelText(/Routing Number/);
    expect(routing).toBeDisabled();
    await u.click(screen.getByRole('switch', { name: 'I accept the Terms of Service' }));
    expect(routing).toBeEnabled();
    const save = screen.getByRole('form', { name: 'Bank account' }).querySelector('button[type="submit"]');
    expect(save).toBeDisabled();
    await u.type(routing, '12-34a5678-99');
    expect(routing).toHaveValue('123456789');
    expect(save).toBeEnabled();
    await u.type(screen.getByLabelText(/Deposit Descriptor/), 'DEMO');
    expect(screen.getByText('Characters Left: 18')).toBeInTheDocument();
  }, 20_000);

  it('shows the no-account message when the provider gives no links', async () => {
    setup('/settings/billing', ['merch.owner'], (url) =>
      url.includes('/v1/merchant/')
        ? { body: { merchant_account_id: null, complete: false, onboarding_data: null, login_link: null } }
        : undefined,
    );
    expect(
      await screen.findByText(/There was an issue creating your Stripe payment account/),
    ).toBeInTheDocument();
  });
});

describe('delivery hours', () => {
  it("shows '24 Hrs' days as 12:00 AM to 11:59 PM and days not saved as closed", async () => {
    setup('/settings/company', ['merch.owner']);
    expect(await screen.findByText('12:00 AM to 11:59 PM', {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Closed')).toHaveLength(6));
    expect(screen.getByRole('switch', { name: 'Monday open 24 hours' })).toBeChecked();
  });
});

describe('carrier account', () => {
  it('saves, shows the success banner and hides it after 8 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const saved = {
        carrier: 'FedEx',
        account_number: '******9876',
        label_size: '4x6',
        label_format: 'PDF',
      };
      const { fetchMock } = setup('/settings/carrier', ['merch.manager'], (url, init) => {
        if (url.endsWith('/carrier'))
          return {
            body:
              init.method === 'POST'
                ? saved
                : { carrier: null, account_number: null, label_size: '4x6', label_format: 'PDF' },
          };
        return undefined;
      });
      const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const account = await screen.findByLabelText(/Account Number/, {}, { timeout: 4000 });
      await u.click(screen.getByRole('combobox', { name: 'Carrier' }));
      await u.click(await screen.findByRole('option', { name: 'FedEx' }));
      await u.type(account, 'FX-1239876');
      await u.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
      const call = fetchMock.mock.calls.find(
        (c) => String(c[0]).endsWith('/carrier') && c[1]?.method === 'POST',
      );
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({
        carrier: 'FedEx',
        account_number: 'FX-1239876',
        label_size: '4x6',
        label_format: 'PDF',
      });
      await vi.advanceTimersByTimeAsync(8100);
      await waitFor(() => expect(screen.queryByText('Changes saved successfully!')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  }, 20_000);
});
