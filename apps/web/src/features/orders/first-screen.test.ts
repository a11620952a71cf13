/**
 * The first screen's requests started from the entry (first-screen.ts): on a signed-in load of an orders
 * tab they land in the query cache under the keys the pages read (so the page asks nothing twice); signed
 * out, or on another page, nothing is asked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { DEFAULT_LIST_FILTERS, merchantKeys, ordersKeys, userKeys } from '../../lib/query-keys.ts';
import { mockFetch, signIn, signOut } from '../../test/render-app.tsx';
import { ordersListQueryOptions } from './api/get-orders.ts';
import { prefetchFirstScreen } from './first-screen.ts';
import { item, page } from './test-fixtures.ts';

const counts = { active: 1, on_hold: 0, cancelled: 0, completed: 0 };

function answers() {
  return mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/orders/optimized')) return { body: page([item('A-1')]) };
    if (u.pathname.endsWith('/orders/count')) return { body: counts };
    if (u.pathname.endsWith('/payments/stripe')) return { body: { connected: true } };
    return undefined;
  });
}

const paths = (fetchMock: ReturnType<typeof answers>) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x').pathname).sort();

afterEach(() => {
  queryClient.clear();
  signOut();
});

describe('prefetchFirstScreen', () => {
  it("asks for the tab, the counts, the user, the store and its payments once, into the pages' keys", async () => {
    signIn('tmk-1', 'user-1');
    const fetchMock = answers();
    prefetchFirstScreen(queryClient, '/orders/on-hold');
    await new Promise((r) => setTimeout(r, 0));
    await Promise.all(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.promise),
    );
    expect(paths(fetchMock)).toEqual(
      [
        '/a/v2/users/user-1',
        '/c/v2/merchants/tmk-1',
        '/c/v2/merchants/tmk-1/payments/stripe',
        '/m/v2/merchant/tmk-1/orders/count',
        '/m/v2/merchant/tmk-1/orders/optimized',
      ].sort(),
    );
    const list = ordersListQueryOptions('tmk-1', 'on_hold', DEFAULT_LIST_FILTERS);
    expect(list.queryKey).toEqual(ordersKeys.list('tmk-1', 'on_hold', DEFAULT_LIST_FILTERS));
    expect(queryClient.getQueryData(list.queryKey)?.pages[0]?.items[0]?.id).toBe('A-1');
    expect(queryClient.getQueryData(ordersKeys.counts('tmk-1'))).toEqual(counts);
    expect(queryClient.getQueryState(merchantKeys.detail('tmk-1'))?.status).toBe('success');
    expect(queryClient.getQueryState(merchantKeys.stripe('tmk-1'))?.status).toBe('success');
    expect(queryClient.getQueryState(userKeys.detail('user-1'))?.status).not.toBe(undefined);
    // The page's own query finds the answer: fetching it again asks nothing.
    await queryClient.fetchInfiniteQuery(list);
    expect(paths(fetchMock).filter((p) => p.endsWith('/orders/optimized'))).toHaveLength(1);
  });

  it('asks nothing signed out, or on a page that is not an orders tab', () => {
    const fetchMock = answers();
    prefetchFirstScreen(queryClient, '/orders/active');
    signIn('tmk-1', 'user-1');
    prefetchFirstScreen(queryClient, '/orders/view/A-1');
    prefetchFirstScreen(queryClient, '/settings/profile');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
