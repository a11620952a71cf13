import { MSG } from '@mc/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerErrorReporter } from '../../lib/error-reporting.ts';
import { mockFetch, renderApp, signIn, signOut, stubWindowWidth } from '../../test/render-app.tsx';
import { newOrdersStore } from './hooks/new-orders-store.ts';
import { AVAILABLE_FILTERS, item, page, TAB_COUNTS } from './test-fixtures.ts';

type ListHandler = (q: URLSearchParams, url: string) => { status?: number; body?: unknown } | undefined;

function setup(list: ListHandler, search?: ListHandler) {
  return mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/orders/count')) return { body: TAB_COUNTS };
    if (u.pathname.endsWith('/orders/filters')) return { body: AVAILABLE_FILTERS };
    if (u.pathname.endsWith('/orders/optimized')) return list(u.searchParams, url);
    if (u.pathname.endsWith('/orders/optimize')) return search?.(u.searchParams, url) ?? { body: page([]) };
    return undefined;
  });
}

const listCalls = (fetchMock: ReturnType<typeof setup>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname.endsWith('/orders/optimized') && !u.searchParams.get('filter[order_key]'))
    .map((u) => u.searchParams);

vi.setConfig({ testTimeout: 30_000 });
// Lazy route chunks load slowly on a busy machine.
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  stubWindowWidth(true);
  signIn('demo-wine-spirits');
  newOrdersStore.reset();
  registerErrorReporter(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  registerErrorReporter(null);
  signOut();
});

describe('orders list', () => {
  it('shows the header, the tabs with counts and every column with its icons', async () => {
    setup(() => ({
      body: page([
        item('AAAAAAA-AAA-01', {
          gift_message: { message: 'Cheers' },
          promo_code: 'SAVE',
          has_at_distributor: true,
        }),
        item('AAAAAAA-AAA-02', {
          status: 'MERCHANT_ACCEPTED',
          on_track_status: { type: 'SLA2', message: 'Overdue by 1h' },
        }),
        item('AAAAAAA-AAA-03', {
          on_track_status: { type: 'SLA1', message: 'Due in 20m' },
          delivery: { method: 'scheduled', date: null, window: null },
          courier_estimate_id: 'est',
        }),
        // A new order whose packing slip was printed (one by one or in bulk): the 'printed' group.
        item('AAAAAAA-AAA-04', { printed_timestamp: '2025-06-12T20:00:00.000Z' }),
      ]),
    }));
    renderApp('/orders/active');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders: Active' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Order status' });
    await waitFor(() => expect(within(tabs).getByRole('link', { name: /active/i })).toHaveTextContent('12'));
    expect(within(tabs).getByRole('link', { name: /on hold/i })).toHaveTextContent('3');
    expect(within(tabs).getByRole('link', { name: /cancelled/i })).toHaveTextContent('4');
    expect(within(tabs).getByRole('link', { name: /completed/i })).toHaveTextContent('50');

    const row = await screen.findByRole('row', { name: /Order AAAAAAA-AAA-01/ });
    for (const h of ['ORDER ID', 'RECIPIENT', 'STATUS', 'ON TRACK', 'ITEMS', 'TOTAL']) {
      expect(screen.getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: /CREATED, sorted descending/ })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Gift' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Promo discount applied' })).toBeInTheDocument();
    expect(within(row).getByText('At Distributor')).toBeInTheDocument();
    expect(within(row).getByText('Ann Lee')).toBeInTheDocument();
    // CREATED shows the date over the time (MM/DD/YYYY, h:mm a in the store's timezone): one cell, two lines
    expect(within(row).getByText('06/12/2025 3:04 PM')).toHaveProperty('textContent', '06/12/2025\n3:04 PM');
    expect(within(row).getByText('new')).toBeInTheDocument();
    expect(within(row).getByText('Same Day')).toBeInTheDocument();
    expect(within(row).getByText('Bottle Drop')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(row).getByText('Due in 1h 50m').closest('[data-sla]')).toHaveAttribute('data-sla', 'SLA0');
    expect(screen.getByText('Overdue by 1h').closest('[data-sla]')).toHaveAttribute('data-sla', 'SLA2');
    expect(screen.getByText('Due in 20m').closest('[data-sla]')).toHaveAttribute('data-sla', 'SLA1');
    expect(screen.getByText('Scheduled (courier)')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Accept order AAAAAAA-AAA-01' })).toBeInTheDocument();
    const printed = screen.getByRole('row', { name: /Order AAAAAAA-AAA-04/ });
    expect(within(printed).getByText('Printed')).toBeInTheDocument();
    expect(within(printed).queryByText('new')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MSG.END_OF_PAGE);
  });

  it('on hold shows COMMENT (or None) instead of STATUS; cancelled has no row actions', async () => {
    setup((q) =>
      q.get('filter[tab]') === 'on_hold'
        ? {
            body: page([
              item('BBBBBBB-BBB-01', { status: 'REJECTED_PARTIAL', status_recent_comment: 'Out of stock' }),
              item('BBBBBBB-BBB-02', { status: 'REJECTED_PARTIAL' }),
            ]),
          }
        : { body: page([item('CCCCCCC-CCC-01', { status: 'CANCELLED', on_track_status: null })]) },
    );
    const { router } = renderApp('/orders/on-hold');
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByText(MSG.NO_COMMENT)).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'STATUS' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'ON TRACK' })).toBeNull();
    await router.navigate('/orders/cancelled');
    const row = await screen.findByRole('row', { name: /CCCCCCC-CCC-01/ });
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('columnheader', { name: 'STATUS' })).toBeInTheDocument();
  });

  it('cycles the CREATED sort through descending, ascending and none', async () => {
    const fetchMock = setup(() => ({ body: page([item('AAAAAAA-AAA-01')]) }));
    renderApp('/orders/active');
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /AAAAAAA-AAA-01/ });
    expect(listCalls(fetchMock).at(-1)?.get('sort[date]')).toBe('desc');
    await user.click(screen.getByRole('button', { name: /CREATED, sorted descending/ }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('sort[date]')).toBe('asc'));
    await user.click(screen.getByRole('button', { name: /CREATED, sorted ascending/ }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('sort[date]')).toBe('none'));
    await user.click(screen.getByRole('button', { name: /CREATED, sorted none/ }));
    expect(screen.getByRole('button', { name: /CREATED, sorted descending/ })).toBeInTheDocument();
  });

  it("filters by brands ('{n} selected') and method, and says when nothing matches", async () => {
    const fetchMock = setup((q) => ({
      body: page(q.get('filter[delivery_method]') ? [] : [item('AAAAAAA-AAA-01')]),
    }));
    renderApp('/orders/active');
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /AAAAAAA-AAA-01/ });
    await user.click(screen.getByRole('button', { name: 'Brands filter' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Bottle Drop' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cask & Crate' }));
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)?.get('filter[application_ref]')).toBe('bottledrop,caskcrate'),
    );
    expect(screen.getByRole('button', { name: 'Brands filter: 2 selected' })).toHaveTextContent('2 selected');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Method filter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Shipping' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('filter[delivery_method]')).toBe('shipping'));
    expect(await screen.findByText(MSG.NO_ORDERS_FOR_CRITERIA)).toBeInTheDocument();
    // 'Pre-sale' is one option for preorder and deposit.
    await user.click(screen.getByRole('button', { name: 'Method filter: Shipping' }));
    expect(await screen.findAllByRole('menuitem', { name: 'Pre-sale' })).toHaveLength(1);
    await user.click(screen.getByRole('menuitem', { name: 'Pre-sale' }));
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)?.get('filter[delivery_method]')).toBe('preorder,deposit'),
    );
    expect(screen.getByRole('button', { name: 'Method filter: Pre-sale' })).toBeInTheDocument();
  });

  it("filters by one of the tab's statuses, and a status of another tab does not follow to it", async () => {
    const fetchMock = setup((q) => ({
      body: page(q.get('filter[status]') ? [] : [item('AAAAAAA-AAA-01')]),
    }));
    const { router } = renderApp('/orders/active');
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /AAAAAAA-AAA-01/ });
    await user.click(screen.getByRole('button', { name: 'Status filter' }));
    const offered = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
    expect(offered).toEqual([
      'All statuses',
      'new',
      'payment submitted',
      'payment approved',
      'active',
      'accepted',
      'shipped',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'accepted' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('filter[status]')).toBe('MERCHANT_ACCEPTED'));
    expect(await screen.findByText(MSG.NO_ORDERS_FOR_CRITERIA)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Status filter: accepted' })).toBeInTheDocument();
    await router.navigate('/orders/cancelled');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('filter[tab]')).toBe('cancelled'));
    expect(listCalls(fetchMock).at(-1)?.get('filter[status]')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Status filter' })).toBeInTheDocument();
    // one status, nothing to choose: a plain header
    await router.navigate('/orders/completed');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('filter[tab]')).toBe('completed'));
    expect(screen.queryByRole('button', { name: /^Status filter/ })).toBeNull();
  });

  it("a new order's Accept and Reject buttons open the review with that dialog", async () => {
    setup(() => ({ body: page([item('NEWNEWN-NEW-01')]) }));
    const { router } = renderApp('/orders/active');
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /NEWNEWN-NEW-01/ });
    await user.click(screen.getByRole('button', { name: 'Accept order NEWNEWN-NEW-01' }));
    await waitFor(() => expect(router.state.location.search).toBe('?review=NEWNEWN-NEW-01&intent=accept'));
    await router.navigate('/orders/active');
    await user.click(await screen.findByRole('button', { name: 'Reject order NEWNEWN-NEW-01' }));
    await waitFor(() => expect(router.state.location.search).toBe('?review=NEWNEWN-NEW-01&intent=reject'));
  });

  it("shows 'No orders available' for an empty tab and the error toast when the list fails", async () => {
    setup((q) =>
      q.get('filter[tab]') === 'completed' ? { status: 500, body: { message: 'boom' } } : { body: page([]) },
    );
    const { router } = renderApp('/orders/active');
    expect(await screen.findByText(MSG.NO_ORDERS_AVAILABLE)).toBeInTheDocument();
    await router.navigate('/orders/completed');
    expect(await screen.findByText(MSG.ORDERS_FETCH_ERROR, {}, { timeout: 8000 })).toBeInTheDocument();
  }, 15_000);

  it('a failed list shows an error state with a retry instead of the empty state', async () => {
    let failing = true;
    setup(() =>
      failing ? { status: 500, body: { message: 'boom' } } : { body: page([item('RETRYOK-AAA-01')]) },
    );
    renderApp('/orders/active');
    const user = userEvent.setup();
    const alert = await screen.findByTestId('orders-error', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent(MSG.ORDERS_LOAD_FAILED);
    expect(screen.queryByText(MSG.NO_ORDERS_AVAILABLE)).not.toBeInTheDocument();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: MSG.RETRY }));
    expect(await screen.findByRole('row', { name: /RETRYOK-AAA-01/ })).toBeInTheDocument();
    expect(screen.queryByTestId('orders-error')).not.toBeInTheDocument();
  }, 15_000);

  it('loads the next page from next_url and ends with End of Page; a row opens the order', async () => {
    const first = Array.from({ length: 30 }, (_, i) => item(`AAAAAAA-AAA-${String(i).padStart(2, '0')}`));
    const fetchMock = setup((q) =>
      q.get('cursor')
        ? { body: page([item('ZZZZZZZ-ZZZ-99')]) }
        : {
            body: page(
              first,
              '/m/v2/merchant/demo-wine-spirits/orders/optimized?limit=30&offset=30&cursor=abc',
            ),
          },
    );
    const { router } = renderApp('/orders/active');
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /AAAAAAA-AAA-29/ });
    expect(screen.queryByText(MSG.END_OF_PAGE)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    const last = await screen.findByRole('row', { name: /ZZZZZZZ-ZZZ-99/ });
    expect(listCalls(fetchMock).at(-1)?.get('cursor')).toBe('abc');
    expect(screen.getByText(MSG.END_OF_PAGE)).toBeInTheDocument();
    // a row click opens 'Review Order' over the list
    await user.click(last);
    await waitFor(() => expect(router.state.location.search).toBe('?review=ZZZZZZZ-ZZZ-99'));
    expect(router.state.location.pathname).toBe('/orders/active');
  });
});

describe('header search', () => {
  async function open(search: ListHandler) {
    const fetchMock = setup(() => ({ body: page([]) }), search);
    const app = renderApp('/orders/active');
    await screen.findByText(MSG.NO_ORDERS_AVAILABLE);
    const searches = () =>
      fetchMock.mock.calls
        .map(([u]) => new URL(String(u), 'http://x'))
        .filter((u) => u.pathname.endsWith('/orders/optimize'));
    return { ...app, fetchMock, searches, user: userEvent.setup() };
  }

  it("searches an order id without its '#', and a value with '@' as a customer email", async () => {
    const { user, searches, router } = await open((q) =>
      q.get('filter[search]') === 'ABC1234-XYZ-99'
        ? { body: page([item('ABC1234-XYZ-99')]) }
        : { body: page([]) },
    );
    const box = screen.getByRole('textbox', { name: 'Order #' });
    await user.type(box, '#ABC1234-XYZ-99{Enter}');
    const result = await screen.findByRole('button', { name: /^#ABC1234-XYZ-99 / });
    const q = searches().at(-1)!.searchParams;
    expect(q.get('filter[search]')).toBe('ABC1234-XYZ-99');
    expect(q.get('limit')).toBe('10');
    expect(q.get('offset')).toBe('0');
    await user.click(result);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/view/ABC1234-XYZ-99'));

    await user.clear(box);
    await user.type(box, 'nobody@example.com{Enter}');
    await waitFor(() =>
      expect(searches().at(-1)!.searchParams.get('filter[customer_email]')).toBe('nobody@example.com'),
    );
    expect(await screen.findByText(MSG.SEARCH_NO_RESULTS)).toBeInTheDocument();
  });

  it('shows the hint with no result for an order id; names drop # and have their own message', async () => {
    const { user, searches } = await open(() => ({ body: page([]) }));
    await user.type(screen.getByRole('textbox', { name: 'Order #' }), '#NOPE{Enter}');
    expect(await screen.findByText(MSG.SEARCH_NO_RESULTS)).toBeInTheDocument();
    expect(screen.getByText(MSG.ORDER_ID_HINT)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Customer Name' }), 'Ann #Lee{Enter}');
    await waitFor(() => expect(searches().at(-1)!.searchParams.get('filter[name]')).toBe('Ann Lee'));
    expect(await screen.findByText(MSG.SEARCH_NO_RESULTS_NAME)).toBeInTheDocument();
  });

  it('does nothing for an empty value, and a new search aborts the previous one', async () => {
    const { user, searches, fetchMock } = await open(() => ({ body: page([]) }));
    const box = screen.getByRole('textbox', { name: 'Customer Name' });
    await user.type(box, '   {Enter}');
    expect(searches()).toHaveLength(0);
    await user.type(box, 'Ann{Enter}');
    await user.type(box, 'e{Enter}');
    await waitFor(() => expect(searches()).toHaveLength(2));
    const calls = fetchMock.mock.calls.filter(([u]) => String(u).includes('/orders/optimize?'));
    const firstSignal = (calls[0]![1] as RequestInit).signal!;
    expect(firstSignal.aborted).toBe(true);
    expect(((calls[1]![1] as RequestInit).signal as AbortSignal).aborted).toBe(false);
  });
});
