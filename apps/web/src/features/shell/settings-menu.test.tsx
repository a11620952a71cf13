import { MSG } from '@mc/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, setTestCookie, signIn, signOut } from '../../test/render-app.tsx';

beforeEach(() => {
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

async function openShell() {
  const fetchMock = mockFetch();
  const app = renderApp('/inventory');
  await screen.findByRole('heading', { level: 1, name: 'Inventory' });
  return { ...app, fetchMock, user: userEvent.setup() };
}

describe('logged-in header', () => {
  it('shows the store name linking to / and the menu entries', async () => {
    await openShell();
    expect(await screen.findByText('Demo Wine & Spirits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Demo Wine & Spirits/ })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent(/Orders/);
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Inventory' })).toHaveAttribute('href', '/inventory');
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
  });

  it("shows the server's site name in the header, the footer and the document title", async () => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="site-name"]');
    if (!meta) throw new Error('the test page has no site-name meta');
    meta.content = 'Corner Cellar';
    try {
      await openShell();
      const header = screen.getByRole('banner');
      expect(header).toHaveTextContent('Corner Cellar');
      expect(screen.getByRole('contentinfo')).toHaveTextContent(
        /© \d{4} Corner Cellar\. All rights reserved\./,
      );
      await waitFor(() => expect(document.title).toBe('Inventory · Corner Cellar'));
    } finally {
      meta.content = 'Retailer';
    }
  });

  it('the settings dropdown lists its entries and closes on Escape', async () => {
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const menu = await screen.findByRole('menu');
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Profile', 'Company', 'Users', 'Billing', 'Carrier', 'Developer', 'Sign Out']);
    expect(screen.getByRole('menuitem', { name: 'Developer' })).toHaveAttribute('href', '/developers');
    expect(menu).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('the settings dropdown closes on an outside click', async () => {
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1, name: 'Inventory' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('a dropdown entry navigates', async () => {
    const { user, router } = await openShell();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Billing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'));
  });

  it('Sign Out calls logout, clears the session and lands on /login', async () => {
    const { user, router, fetchMock } = await openShell();
    setTestCookie('token', 'abc');
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/a/v2/logout') && init?.method === 'POST',
      ),
    ).toBe(true);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });

  it('the payment banner shows when the payment account is missing', async () => {
    mockFetch((url) =>
      url.endsWith('/payments/stripe') ? { body: { merchant_account_id: null } } : undefined,
    );
    renderApp('/inventory');
    const link = await screen.findByRole('link', {
      name: 'Your settings are incomplete. Click here to set up payments in order to receive orders',
    });
    expect(link).toHaveAttribute('href', '/settings/billing');
  });

  it('a member or manager is told to ask the owner, with no link to billing', async () => {
    for (const role of ['merch.user', 'merch.manager']) {
      mockFetch((url) => {
        if (url.endsWith('/payments/stripe')) return { body: { merchant_account_id: null } };
        if (url.endsWith('/a/v2/users/user-1'))
          return {
            body: { id: 'user-1', email: 'm@demo.test', first_name: 'M', last_name: 'M', userRoles: [role] },
          };
        return undefined;
      });
      const { unmount } = renderApp('/inventory');
      expect(await screen.findByText(MSG.PAYMENTS_BANNER_ASK_OWNER)).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: MSG.PAYMENTS_BANNER })).toBeNull();
      unmount();
    }
  });

  it('no payment banner when the payment account exists', async () => {
    await openShell();
    await screen.findByText('Demo Wine & Spirits');
    expect(screen.queryByText(/Your settings are incomplete/)).not.toBeInTheDocument();
  });

  it('the footer has the current year and a Terms of Service link opening in a new tab', async () => {
    await openShell();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
  });

  it('the orders pages put the two search boxes in the header', async () => {
    mockFetch();
    renderApp('/orders/active');
    expect(await screen.findByLabelText('Order #')).toBeInTheDocument();
    expect(screen.getByLabelText('Customer Name')).toBeInTheDocument();
  });
});
