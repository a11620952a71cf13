import { notifications } from '@mantine/notifications';
import { MSG } from '@mc/domain';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  mockFetch,
  renderApp,
  signIn,
  signOut,
  stubPhoneWidth,
  stubWindowWidth,
} from '../../test/render-app.tsx';
import { newOrdersStore } from './hooks/new-orders-store.ts';
import { AVAILABLE_FILTERS, item, page, TAB_COUNTS } from './test-fixtures.ts';

function setup() {
  return mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/orders/count')) return { body: TAB_COUNTS };
    if (u.pathname.endsWith('/orders/filters')) return { body: AVAILABLE_FILTERS };
    if (u.pathname.endsWith('/payments/stripe')) return { body: { merchant_account_id: null } };
    if (u.pathname.endsWith('/orders/optimized'))
      return { body: page([item('AAAAAAA-AAA-01'), item('AAAAAAA-AAA-02')]) };
    return undefined;
  });
}

const listQueries = (fetchMock: ReturnType<typeof setup>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname.endsWith('/orders/optimized'))
    .map((u) => u.searchParams);

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  signIn('demo-wine-spirits');
  newOrdersStore.reset();
});
afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
  signOut();
});

describe('the orders desk on a phone', () => {
  beforeEach(() => stubPhoneWidth());

  it('keeps the search behind one button, the banner to one line and the alert switches folded', async () => {
    setup();
    const user = userEvent.setup();
    renderApp('/orders/active');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders: Active' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Order #' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Sound on new orders' })).not.toBeInTheDocument();
    const banner = await screen.findByRole('region', { name: 'Payment setup' });
    expect(within(banner).getByRole('link')).toHaveTextContent(MSG.PAYMENTS_BANNER_SHORT);

    const search = screen.getByRole('button', { name: 'Search orders' });
    expect(search).toHaveAttribute('aria-expanded', 'false');
    await user.click(search);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Order #' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Customer Name' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('textbox', { name: 'Order #' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Alerts (on|off) for new orders$/ }));
    expect(await screen.findByRole('switch', { name: 'Sound on new orders' })).toBeInTheDocument();
  });

  it('shows toasts at the bottom centre', async () => {
    setup();
    renderApp('/orders/active');
    await screen.findByRole('heading', { level: 1, name: 'Orders: Active' });
    act(() => {
      notifications.show({ message: 'Saved on a phone' });
    });
    const toast = await screen.findByText('Saved on a phone');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-center');
  });
});

describe('the orders desk on a wide screen', () => {
  beforeEach(() => stubWindowWidth(true));

  it("shows toasts at the bottom left, clear of the header search and the dialogs' buttons", async () => {
    setup();
    renderApp('/orders/active');
    await screen.findByRole('heading', { level: 1, name: 'Orders: Active' });
    expect(screen.getByRole('textbox', { name: 'Order #' })).toBeInTheDocument();
    act(() => {
      notifications.show({ message: 'Saved on a desk' });
    });
    const toast = await screen.findByText('Saved on a desk');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-left');
  });

  it('lists each active filter as a chip that removes it, and clears them all', async () => {
    const fetchMock = setup();
    const user = userEvent.setup();
    renderApp('/orders/active');
    await screen.findByRole('row', { name: /Order AAAAAAA-AAA-01/ });
    expect(screen.queryByRole('group', { name: 'Filters on' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Method filter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Shipping' }));
    await user.click(screen.getByRole('button', { name: 'Status filter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'accepted' }));
    await user.click(screen.getByRole('button', { name: 'Brands filter' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Cask & Crate' }));
    await user.keyboard('{Escape}');

    const row = await screen.findByRole('group', { name: 'Filters on' });
    const chips = within(row)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(chips).toEqual([
      'Remove filter Status: accepted',
      'Remove filter Method: Shipping',
      'Remove filter Brand: Cask & Crate',
      'Clear all',
    ]);

    await user.click(within(row).getByRole('button', { name: 'Remove filter Method: Shipping' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('filter[delivery_method]')).toBeNull());
    expect(within(row).queryByRole('button', { name: /Method/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Filters on' })).not.toBeInTheDocument());
    // the unfiltered list again (from the cache: no request needed), and the headers read as unfiltered
    expect(await screen.findByRole('row', { name: /Order AAAAAAA-AAA-01/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Method filter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Brands filter' })).toBeInTheDocument();
  });
});
