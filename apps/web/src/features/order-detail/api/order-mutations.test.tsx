/**
 * An order change's answer updates the cache itself (docs/decisions/0128): the detail and the list row come
 * from the answer, not from fetching the list again, and the live event of that same change is left alone.
 */
import type { OrderDetail, OrderListItem } from '@mc/api';
import type { OrderStatus } from '@mc/domain';
import { QueryClientProvider, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flattenPages } from '../../../lib/orders-list-cache.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { DEFAULT_LIST_FILTERS } from '../../../lib/query-keys.ts';
import { getToken } from '../../../lib/session.ts';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { exampleOrder } from '../../../test/orders.ts';
import { mockFetch, signIn } from '../../../test/render-app.tsx';
import { orderCountsQueryOptions } from '../../orders/api/get-order-counts.ts';
import { ordersListQueryOptions } from '../../orders/api/get-orders.ts';
import { useOrderEvents } from '../../orders/hooks/use-order-events.ts';
import { item, page } from '../../orders/test-fixtures.ts';
import { useOrder } from './get-order.ts';
import { useOrderChange } from './order-mutations.ts';

const TMK = 'tmk-1';
const ID = 'ORD-7';

/** What the fake API holds and what it was asked. */
let server: { order: OrderDetail; row: OrderListItem };
let fetches: { list: string[]; row: number; counts: number; detail: number };

function serve() {
  return mockFetch((url, init) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/orders/events/ticket')) return { body: { ticket: 't-1', expires_in: 60 } };
    if (u.pathname.endsWith('/orders/count')) {
      fetches.counts += 1;
      return { body: { active: 5, on_hold: 0, cancelled: 1, completed: 0 } };
    }
    if (u.pathname.endsWith('/orders/optimized')) {
      if (u.searchParams.get('filter[order_key]')) {
        fetches.row += 1;
        return { body: page([server.row]) };
      }
      const tab = u.searchParams.get('filter[tab]') ?? '';
      fetches.list.push(tab);
      return { body: page(tab === 'active' ? [item('ORD-1'), server.row, item('ORD-9')] : []) };
    }
    if (u.pathname.endsWith(`/m/v2/orders/${ID}`)) {
      if (init.method === 'PUT') {
        const { status } = JSON.parse(String(init.body)) as { status: OrderStatus };
        const to = status === 'MERCHANT_ACCEPTED' ? 'MERCHANT_ACCEPTED' : 'MERCHANT_REJECTED';
        server.order = { ...server.order, status: to, version: server.order.version + 1 };
        server.row = { ...server.row, status: to };
        return { body: server.order };
      }
      fetches.detail += 1;
      return { body: server.order };
    }
    return undefined;
  });
}

/** The console's queries for one order: the active and cancelled lists, the counts, the detail, live events. */
function useConsole() {
  return {
    active: useInfiniteQuery(ordersListQueryOptions(TMK, 'active', DEFAULT_LIST_FILTERS)),
    cancelled: useInfiniteQuery(ordersListQueryOptions(TMK, 'cancelled', DEFAULT_LIST_FILTERS)),
    counts: useQuery(orderCountsQueryOptions(TMK)),
    detail: useOrder(TMK, ID),
    change: useOrderChange(TMK, ID),
    events: useOrderEvents(TMK, getToken()),
  };
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

async function renderConsole() {
  const view = renderHook(useConsole, { wrapper });
  await waitFor(() => {
    const { active, cancelled, counts, detail } = view.result.current;
    expect([active, cancelled, counts, detail].every((q) => q.isSuccess)).toBe(true);
    expect(FakeEventSource.all).toHaveLength(1);
  });
  return view;
}

/** The live event of a change, as the server sends it. */
const updated = (status: OrderStatus, tab: string, version: number) => ({
  type: 'order.updated',
  order_id: ID,
  status,
  tab,
  version,
  at: new Date().toISOString(),
});

/** Lets fetches that an event would start begin (the event handlers are async). */
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

beforeEach(() => {
  queryClient.clear();
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  signIn(TMK);
  server = {
    order: exampleOrder({ id: ID, status: 'SUBMITTED', version: 1 }),
    row: item(ID, { status: 'SUBMITTED' }),
  };
  fetches = { list: [], row: 0, counts: 0, detail: 0 };
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('an order change answers into the cache', () => {
  it('an accept updates the detail and the row from the answer, fetching no list, counts or detail again', async () => {
    serve();
    const view = await renderConsole();
    expect(fetches).toEqual({ list: ['active', 'cancelled'], row: 0, counts: 1, detail: 1 });

    await act(() =>
      view.result.current.change.mutateAsync({ kind: 'status', body: { status: 'MERCHANT_ACCEPTED' } }),
    );
    await waitFor(() =>
      expect(view.result.current.detail.data).toMatchObject({ status: 'MERCHANT_ACCEPTED', version: 2 }),
    );
    const rows = flattenPages(view.result.current.active.data);
    expect(rows.map((r) => r.id)).toEqual(['ORD-1', ID, 'ORD-9']);
    expect(rows[1]?.status).toBe('MERCHANT_ACCEPTED');
    // Accepted stays in the active tab: no count changes, and no list is fetched again.
    await settle();
    expect(fetches).toEqual({ list: ['active', 'cancelled'], row: 0, counts: 1, detail: 1 });

    // The live event of that same accept: already applied, so nothing is fetched for it.
    FakeEventSource.all[0]!.fire('order.updated', updated('MERCHANT_ACCEPTED', 'active', 2));
    await settle();
    expect(fetches).toEqual({ list: ['active', 'cancelled'], row: 0, counts: 1, detail: 1 });

    // A later change (another user's) is still fetched: its row and the counts.
    server.row = { ...server.row, status: 'MERCHANT_SHIPPED' };
    FakeEventSource.all[0]!.fire('order.updated', updated('MERCHANT_SHIPPED', 'active', 3));
    await waitFor(() => expect(fetches).toMatchObject({ row: 1, counts: 2 }));
    await waitFor(() =>
      expect(flattenPages(view.result.current.active.data)[1]?.status).toBe('MERCHANT_SHIPPED'),
    );
    expect(fetches.list).toEqual(['active', 'cancelled']);
  });

  it('a reject takes the row out of the active list, refreshes the counts and the cancelled list once', async () => {
    serve();
    const view = await renderConsole();

    await act(() =>
      view.result.current.change.mutateAsync({
        kind: 'status',
        body: { status: 'MERCHANT_REJECTED', reason: 'store_closed' },
      }),
    );
    await waitFor(() => expect(view.result.current.detail.data?.status).toBe('MERCHANT_REJECTED'));
    expect(flattenPages(view.result.current.active.data).map((r) => r.id)).toEqual(['ORD-1', 'ORD-9']);
    // What the answer cannot tell: the counts, and where the order goes in the cancelled list.
    await waitFor(() =>
      expect(fetches).toMatchObject({ counts: 2, list: ['active', 'cancelled', 'cancelled'] }),
    );

    FakeEventSource.all[0]!.fire('order.updated', updated('MERCHANT_REJECTED', 'cancelled', 2));
    await settle();
    expect(fetches).toEqual({ list: ['active', 'cancelled', 'cancelled'], row: 0, counts: 2, detail: 1 });
  });

  it('an event without a version (written before events carried one) is fetched as before', async () => {
    serve();
    const view = await renderConsole();
    await act(() =>
      view.result.current.change.mutateAsync({ kind: 'status', body: { status: 'MERCHANT_ACCEPTED' } }),
    );
    const { version: _, ...old } = updated('MERCHANT_ACCEPTED', 'active', 2);
    FakeEventSource.all[0]!.fire('order.updated', old);
    await waitFor(() => expect(fetches).toMatchObject({ row: 1, counts: 2 }));
  });
});
