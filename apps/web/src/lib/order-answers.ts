/**
 * An order change's answer in the cache (docs/decisions/0128). Every change of the detail view answers
 * with the order as it now is, so:
 * - the detail query gets the answer;
 * - the order's row in every loaded list is patched in place, or leaves a list whose tab it left;
 * - only what the answer cannot tell is fetched again: the tab counts and the loaded lists of the tab the
 *   order moved to (its place there depends on that list's sort and pages) — both only when it changed tab.
 * The live event of that same change then carries a version this console has already applied, and
 * `isAnsweredChange` (orders-list-cache.ts, which the orders page loads; this file loads with the order
 * dialogs) lets the event stream leave it alone instead of fetching the row and the counts again.
 */
import type { OrderDetail, OrderListItem } from '@mc/api';
import { isOrderStatus, type OrderTab, SLA_TYPES, tabOfStatus } from '@mc/domain';
import type { QueryClient } from '@tanstack/react-query';
import {
  belongsToList,
  forEachLoadedList,
  type ListKey,
  type OrdersPages,
  recordAnsweredVersion,
  updateOrder,
} from './orders-list-cache.ts';
import { type ListFilters, ordersKeys } from './query-keys.ts';

const tabOf = (status: string | undefined): OrderTab | null =>
  status && isOrderStatus(status) ? tabOfStatus(status) : null;

const onTrackOf = (order: OrderDetail): OrderListItem['on_track_status'] => {
  const s = order.on_track_status;
  const type = SLA_TYPES.find((t) => t === s?.type);
  return s && type ? { type, message: s.message } : null;
};

/** A list row with what the answer says about it (the columns an order change can move). */
export function rowFromAnswer(row: OrderListItem, order: OrderDetail): OrderListItem {
  return {
    ...row,
    status: order.status,
    status_recent_comment: order.status_recent_comment,
    on_track_status: onTrackOf(order),
    printed_timestamp: order.printed_timestamp,
    // The ITEMS column counts the items without their engraving lines, as the list does.
    item_quantity: order.items
      .filter((i) => i.parent_line_item_id === null)
      .reduce((n, i) => n + i.quantity, 0),
    transaction: { ...row.transaction, total: order.transaction.total },
  };
}

/** The answer of an order change, applied as the file comment says. */
export function applyOrderAnswer(qc: QueryClient, tmk: string, order: OrderDetail): void {
  const detailKey = ordersKeys.detail(tmk, order.id);
  let before: string | undefined = qc.getQueryData<OrderDetail>(detailKey)?.status;
  qc.setQueryData(detailKey, order);
  recordAnsweredVersion(qc, tmk, order.id, order.version);

  const lists: { key: ListKey; tab: OrderTab; filters: ListFilters; data: OrdersPages }[] = [];
  let row: OrderListItem | undefined;
  forEachLoadedList(qc, tmk, (listKey, tab, filters, data) => {
    lists.push({ key: listKey, tab, filters, data });
    row ??= data.pages.flatMap((p) => p.items).find((i) => i.id === order.id);
  });
  before ??= row?.status;
  const from = tabOf(before);
  const to = tabOf(order.status);
  const next = row ? rowFromAnswer(row, order) : null;

  for (const list of lists) {
    const listed = list.data.pages.some((p) => p.items.some((i) => i.id === order.id));
    if (listed && next) {
      qc.setQueryData<OrdersPages>(
        list.key,
        updateOrder(list.data, next, belongsToList(next, list.tab, list.filters)),
      );
    } else if (
      !listed &&
      list.tab === to &&
      (from !== to || list.filters.status !== null) &&
      mayBelong(next, order, list)
    ) {
      // It moved into this tab (or, within it, into this list's status): where it goes depends on the
      // list's sort and pages.
      void qc.invalidateQueries({ queryKey: list.key, exact: true });
    }
  }
  // A move between tabs changes two counts; a change within a tab changes none.
  if (from === null || from !== to) void qc.invalidateQueries({ queryKey: ordersKeys.counts(tmk) });
}

/** Whether the order may be in this list (without a row of it, its brand is not known: it may). */
function mayBelong(
  row: OrderListItem | null,
  order: OrderDetail,
  list: { tab: OrderTab; filters: ListFilters },
): boolean {
  if (row) return belongsToList(row, list.tab, list.filters);
  return (
    (!list.filters.method || list.filters.method === order.delivery.method) &&
    (!list.filters.status || list.filters.status === order.status)
  );
}
