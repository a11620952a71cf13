import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, signIn, signOut } from '../test/render-app.tsx';

async function landsOn(path: string, expected: string) {
  const { router } = renderApp(path);
  await waitFor(() => expect(router.state.location.pathname).toBe(expected));
  return router;
}

describe('route table', () => {
  beforeEach(() => {
    mockFetch();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  describe('without a token', () => {
    it.each([
      ['/', '/login'],
      ['/orders', '/login'],
      ['/orders/active', '/login'],
      ['/orders/view/abc', '/login'],
      ['/inventory', '/login'],
      ['/reports', '/login'],
      ['/settings', '/login'],
      ['/settings/billing', '/login'],
      ['/developers', '/login'],
      ['/no-such-page', '/login'],
    ])('%s redirects to %s', async (from, to) => {
      await landsOn(from, to);
    });

    it.each([
      ['/login', 'Sign in to your store'],
      ['/signup', 'Create your merchant account'],
      ['/forgot', 'Forgot your password?'],
      ['/forgot/password-reset/tok123', 'Enter a New Password'],
      ['/terms', 'Merchant Terms and Conditions'],
    ])('%s is shown', async (path, heading) => {
      await landsOn(path, path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    });
  });

  describe('with a token', () => {
    beforeEach(() => signIn());

    it.each([
      ['/', '/orders/active'],
      ['/orders', '/orders/active'],
      ['/orders/whatever', '/orders/active'],
      ['/orders/view', '/orders/active'],
      ['/login', '/orders/active'],
      ['/signup', '/orders/active'],
      ['/forgot', '/orders/active'],
      ['/forgot/password-reset/tok123', '/orders/active'],
      ['/settings', '/settings/profile'],
    ])('%s redirects to %s', async (from, to) => {
      await landsOn(from, to);
    });

    it.each([
      ['/orders/active', 'Orders: Active'],
      ['/orders/on-hold', 'Orders: On Hold'],
      ['/orders/cancelled', 'Orders: Cancelled'],
      ['/orders/completed', 'Orders: Completed'],
      ['/inventory', 'Inventory'],
      ['/reports', 'Reports'],
      ['/settings/profile', 'Settings'],
      ['/settings/company', 'Settings'],
      ['/settings/users', 'Settings'],
      ['/settings/billing', 'Settings'],
      ['/settings/carrier', 'Settings'],
      ['/terms', 'Merchant Terms and Conditions'],
    ])('%s is shown', async (path, heading) => {
      await landsOn(path, path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    });

    it('keeps /orders/view/:id (one order)', async () => {
      const router = await landsOn('/orders/view/ORD-42', '/orders/view/ORD-42');
      await new Promise((r) => setTimeout(r, 50));
      expect(router.state.location.pathname).toBe('/orders/view/ORD-42');
    });

    it('shows the 404 page inside the shell for an unknown path', async () => {
      await landsOn('/no-such-page', '/no-such-page');
      const code = await screen.findByText('Error Code: 404');
      // shown as written: no upper-casing by a style
      expect(getComputedStyle(code).textTransform).not.toBe('uppercase');
      expect(
        screen.getByRole('heading', { name: 'Opps! Sorry we could not find the page.' }),
      ).toBeInTheDocument();
      expect(screen.getByText('It may have been moved or deleted.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
      expect(await screen.findByText('Demo Wine & Spirits')).toBeInTheDocument();
    });

    it('shows an unknown settings page as 404', async () => {
      await landsOn('/settings/nope', '/settings/nope');
      expect(await screen.findByText('Error Code: 404')).toBeInTheDocument();
    });

    it('/developers shows the logo linking to / and the API reference frame', async () => {
      await landsOn('/developers', '/developers');
      expect(await screen.findByTitle('Merchant API documentation')).toHaveAttribute('src', '/api-docs');
      expect(screen.getByRole('link', { name: /Retailer home/ })).toHaveAttribute('href', '/');
    });

    it('the settings hub links to every settings page and to /developers', async () => {
      await landsOn('/settings/profile', '/settings/profile');
      const nav = await screen.findByRole('navigation', { name: 'Settings' });
      const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
      expect(links).toEqual([
        ['Profile', '/settings/profile'],
        ['Company', '/settings/company'],
        ['Users', '/settings/users'],
        ['Billing', '/settings/billing'],
        ['Carrier Account', '/settings/carrier'],
        ['Developers Information', '/developers'],
      ]);
    });

    it('reports is the reports page (no longer Coming Soon)', async () => {
      await landsOn('/reports', '/reports');
      expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    });
  });

  it('a token removed while logged in sends the visitor to /login', async () => {
    signIn();
    const router = await landsOn('/inventory', '/inventory');
    signOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
