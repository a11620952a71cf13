/**
 * The first screen's requests, started as soon as the entry runs (main.tsx, through `loadFirstScreen`) instead of when the page has
 * loaded its chunks and rendered: on a signed-in load of an orders tab, the tab's first page, the tab
 * counts, the user, the store and its payments account (the header and the payments banner). Measured
 * with bench/web.mjs (docs/benchmarks.md, LCP of /orders/active): without this the requests left only
 * after ~0.5 s of loading and rendering, and the rows and the banner needed a second render.
 *
 * The queries are the pages' own (same keys, same options), prefetched into the one query cache: the
 * page's `useQuery` finds the answer, or the request in flight, and never asks twice. A failed prefetch
 * is not reported here: the page's query shows the error as it always did.
 */
import { tabOfPath } from '@mc/domain';
import type { QueryClient } from '@tanstack/react-query';
import { merchantQueryOptions, stripeAccountQueryOptions } from '../../lib/merchant-api.ts';
import { queryClient as appQueryClient } from '../../lib/query-client.ts';
import { DEFAULT_LIST_FILTERS } from '../../lib/query-keys.ts';
import { getSession, getUserId } from '../../lib/session.ts';
import { userQueryOptions } from '../../lib/user-api.ts';
import { orderCountsQueryOptions } from './api/get-order-counts.ts';
import { ordersListQueryOptions } from './api/get-orders.ts';

export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): void {
  const { token, merchantKey } = getSession();
  const tab = tabOfPath(pathname);
  if (!token || !merchantKey || !tab) return;
  const userId = getUserId(token);
  void queryClient.prefetchInfiniteQuery(ordersListQueryOptions(merchantKey, tab, DEFAULT_LIST_FILTERS));
  void queryClient.prefetchQuery(orderCountsQueryOptions(merchantKey));
  void queryClient.prefetchQuery(merchantQueryOptions(merchantKey));
  void queryClient.prefetchQuery(stripeAccountQueryOptions(merchantKey));
  if (userId) void queryClient.prefetchQuery(userQueryOptions(userId));
}

/** The same into the console's query cache: what main.tsx calls (the entry itself has no query cache). */
export function prefetchFirstScreenOnStart(pathname: string): void {
  prefetchFirstScreen(appQueryClient, pathname);
}
