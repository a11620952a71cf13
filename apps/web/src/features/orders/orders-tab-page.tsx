import { Button, Center, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { OrderListItem } from '@mc/api';
import { canAccept, DEFAULT_TIMEZONE, isOrderStatus, MSG, shouldInfiniteScroll, tabOfPath } from '@mc/domain';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '../../components/page-loader.tsx';
import { notifyError } from '../../lib/notify.ts';
import { flattenPages } from '../../lib/orders-list-cache.ts';
import { listStatusFilter } from '../../lib/query-keys.ts';
import { type ReviewIntent, reviewSearch } from '../../lib/review-link.ts';
import { useSession } from '../../lib/session.ts';
import {
  BulkRowCheckbox,
  BulkSelectAll,
  BulkToolbar,
  RecentBatches,
  useBulkBatch,
  useBulkSelection,
} from '../bulk/index.ts';
import { orderFiltersQueryOptions } from './api/get-order-filters.ts';
import { ordersListQueryOptions } from './api/get-orders.ts';
import { ActiveFilters } from './components/active-filters-loader.ts';
import { OrdersTable } from './components/orders-table.tsx';
import { newOrdersStore, useNewOrders } from './hooks/new-orders-store.ts';
import { useInfiniteScroll } from './hooks/use-infinite-scroll.ts';
import { useRowCursor } from './hooks/use-row-cursor.ts';
import classes from './orders.module.css';
import { useOrdersFilters } from './orders-filters.ts';

/** The spec's mobile layout covers 1100 px and below: the table needs more than that. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 68.8125em)';

function EmptyState({ text }: { text: string }) {
  return (
    <Stack align="center" ta="center" gap="xs" py={40}>
      <ThemeIcon size={44} radius="xl" variant="light" aria-hidden="true">
        <IconInbox size={24} />
      </ThemeIcon>
      <Text fw={600}>{text}</Text>
    </Stack>
  );
}

/** The list failed with nothing to show: say so (not 'No orders available') and offer a retry. */
function ErrorState({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Stack align="center" ta="center" gap="xs" py={40} role="alert" data-testid="orders-error">
      <ThemeIcon size={44} radius="xl" variant="light" color="red" aria-hidden="true">
        <IconAlertTriangle size={24} />
      </ThemeIcon>
      <Text fw={600}>{MSG.ORDERS_LOAD_FAILED}</Text>
      <Button variant="light" size="xs" onClick={onRetry} loading={retrying}>
        {MSG.RETRY}
      </Button>
    </Stack>
  );
}

/** One orders tab: the list with filters, sort, infinite scroll and live rows. */
export function OrdersTabPage() {
  const [pathname, navigate] = useLocation();
  const tab = tabOfPath(pathname) ?? 'active';
  const { filters, setFilters } = useOrdersFilters();
  const { merchantKey } = useSession();
  const tmk = merchantKey ?? '';
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY, true, { getInitialValueInEffect: false });
  const list = useInfiniteQuery({ ...ordersListQueryOptions(tmk, tab, filters), enabled: Boolean(tmk) });
  const options = useQuery({ ...orderFiltersQueryOptions(tmk), enabled: Boolean(tmk) });
  const { ids: newIds } = useNewOrders();

  useEffect(() => {
    if (!list.error) return;
    notifyError(list.error, { fixed: MSG.ORDERS_FETCH_ERROR });
  }, [list.error]);

  const orders = flattenPages(list.data);
  const bulk = useBulkBatch(tmk);
  const selection = useBulkSelection(
    tab,
    orders.map((o) => o.id),
    bulk.isRunning,
  );
  const totals = useMemo(() => new Map(orders.map((o) => [o.id, o.transaction.total])), [orders]);
  // Bulk Accept sends only the selected orders the domain lets be accepted (docs/decisions/0133).
  const statuses = useMemo(() => new Map(orders.map((o) => [o.id, o.status])), [orders]);
  const acceptable = (id: string) => {
    const s = statuses.get(id);
    return s !== undefined && isOrderStatus(s) && canAccept(s);
  };
  const canScroll =
    shouldInfiniteScroll(orders.length, false) &&
    list.hasNextPage &&
    !list.isFetchingNextPage &&
    !list.isError;
  const sentinel = useInfiniteScroll(canScroll, () => void list.fetchNextPage());
  const status = listStatusFilter(tab, filters);
  const hasFilters = filters.brands.length > 0 || filters.method !== null || status !== null;

  // A row click opens 'Review Order' over the list; the row's accept/reject open that dialog.
  const handleOpen = (o: OrderListItem, intent?: ReviewIntent) => {
    newOrdersStore.open(o.id);
    navigate(`${pathname}${reviewSearch(o.id, intent)}`);
  };
  // j/k/Enter over the rows or cards (decision 0104)
  const listRef = useRef<HTMLDivElement>(null);
  const cursor = useRowCursor(listRef, orders, handleOpen);

  return (
    <>
      <BulkToolbar selection={selection} bulk={bulk} totals={totals} acceptable={acceptable} />
      {selection.enabled && tmk ? (
        <RecentBatches tmk={tmk} timezone={list.data?.pages[0]?.timezone ?? DEFAULT_TIMEZONE} />
      ) : null}
      {hasFilters ? (
        <Suspense fallback={null}>
          <ActiveFilters
            filters={filters}
            status={status}
            onChange={setFilters}
            methods={options.data?.methods ?? []}
            brandOptions={options.data?.brands ?? []}
          />
        </Suspense>
      ) : null}
      <Paper ref={listRef} withBorder radius="md" p={isDesktop ? 0 : 'sm'} style={{ overflow: 'hidden' }}>
        <OrdersTable
          selectAll={selection.enabled ? <BulkSelectAll selection={selection} /> : undefined}
          rowSelect={
            selection.enabled ? (o) => <BulkRowCheckbox selection={selection} orderId={o.id} /> : undefined
          }
          tab={tab}
          orders={orders}
          timezone={list.data?.pages[0]?.timezone ?? DEFAULT_TIMEZONE}
          newIds={newIds}
          onOpen={handleOpen}
          highlightedId={cursor.highlightedId}
          onRowFocus={cursor.onRowFocus}
          loading={list.isPending && Boolean(tmk)}
          isDesktop={isDesktop}
          empty={
            list.isError ? (
              <ErrorState onRetry={() => void list.refetch()} retrying={list.isRefetching} />
            ) : (
              <EmptyState text={hasFilters ? MSG.NO_ORDERS_FOR_CRITERIA : MSG.NO_ORDERS_AVAILABLE} />
            )
          }
          controls={{
            sort: filters.sort,
            onSort: (sort) => setFilters({ ...filters, sort }),
            method: filters.method,
            onMethod: (method) => setFilters({ ...filters, method }),
            methods: options.data?.methods ?? [],
            brands: filters.brands,
            onBrands: (brands) => setFilters({ ...filters, brands }),
            brandOptions: options.data?.brands ?? [],
            status,
            onStatus: (s) => setFilters({ ...filters, status: s }),
          }}
        />
        <div ref={sentinel} aria-hidden="true" />
        {list.isFetchingNextPage ? (
          <Center py="md">
            <Spinner size="sm" label="Loading more orders" />
          </Center>
        ) : null}
        {list.hasNextPage && !list.isFetchingNextPage && orders.length > 0 ? (
          <Center py="sm">
            <Button variant="subtle" size="xs" onClick={() => void list.fetchNextPage()}>
              Load more orders
            </Button>
          </Center>
        ) : null}
        {!list.hasNextPage && orders.length > 0 ? (
          <p className={classes.endOfPage} role="status">
            {MSG.END_OF_PAGE}
          </p>
        ) : null}
      </Paper>
    </>
  );
}
