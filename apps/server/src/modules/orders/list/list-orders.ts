/**
 * GET /m/v2/merchant/{tmk}/orders/optimized (and the search alias /optimize): one page of the
 * merchant's orders with the SLA badge computed here, keyset paging links and the echoed filter.
 */
import {
  filterText,
  isSet,
  ORDER_LIST_FILTER_NAMES,
  ORDER_LIST_FILTERS,
  type OrderListFilterKey,
  type OrderListFilterName,
  type OrderListItem,
  type OrdersListQuery,
  type OrdersListResponse,
  orderListFilterKey,
} from '@mc/api';
import {
  type BusinessHoursEntry,
  centsToDollars,
  DEFAULT_SORT_DIRECTION,
  DEFAULT_TIMEZONE,
  DomainError,
  hasSla,
  isoString,
  type OnTrackStatus,
  ORDERS_PAGE_SIZE,
  onTrackStatusClock,
  type SlaOrderInput,
  SORT_DIRECTIONS,
  tabHasSla,
} from '@mc/domain';
import type { RawQuery } from '../../../db/client.ts';
import {
  buildListQuery,
  buildTotalQuery,
  decodeCursor,
  encodeCursor,
  FILTERED_COUNT_CAP,
  type ListParams,
  type ListRow,
  usesKeptCount,
} from './list-orders-sql.ts';
import { resolveBrandRefs } from './order-filters.ts';

export interface ListMerchant {
  id: string;
  timezone: string;
}

export const AVAILABLE_FILTERS = ORDER_LIST_FILTER_NAMES;

/** Each filter's name and query key (`filter[name]`), worked out once. */
const FILTER_KEYS: readonly { name: OrderListFilterName; key: OrderListFilterKey }[] = ORDER_LIST_FILTERS.map(
  (f) => ({ name: f.name, key: orderListFilterKey(f.name) }),
);
const AVAILABLE_SORTS = [{ name: 'date', values: [...SORT_DIRECTIONS] }];

/** Validated query → list parameters (the cursor is checked here: a bad one is a 400 on `cursor`). */
export function toListParams(
  merchantId: string,
  q: OrdersListQuery,
  defaultLimit = ORDERS_PAGE_SIZE,
): ListParams {
  let cursor = null;
  if (q.cursor) {
    cursor = decodeCursor(q.cursor);
    if (!cursor)
      throw new DomainError('VALIDATION', 'cursor is not valid', {
        errors: [{ path: 'cursor', message: 'cursor is not valid' }],
      });
  }
  const p: ListParams = {
    merchantId,
    limit: q.limit ?? defaultLimit,
    offset: q.offset ?? 0,
    cursor,
    sort: q['sort[date]'] ?? DEFAULT_SORT_DIRECTION,
  };
  // Every filter is assigned, in the table's order (the same object shape on every request).
  const filters = p as Record<OrderListFilterName, unknown>;
  for (const f of FILTER_KEYS) filters[f.name] = q[f.key];
  return p;
}

/** The driver's Date as is (never modified here), a string read as one. */
const asDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const iso = (v: Date | string | null): string | null => (v === null ? null : isoString(asDate(v)));

/** One row of the page; `onTrack` is the merchant's SLA clock (`onTrackStatusClock`). */
export function toListItem(
  r: ListRow,
  onTrack: (input: SlaOrderInput) => OnTrackStatus | null,
  now: Date,
): OrderListItem {
  const submitted = asDate(r.date_submitted);
  const windowEnd = r.delivery_window_end ? asDate(r.delivery_window_end) : null;
  return {
    id: r.id,
    logistic_order_ref: r.logistic_order_ref,
    status: r.status,
    date_submitted: isoString(submitted),
    printed_timestamp: iso(r.printed_timestamp),
    application_ref: r.application_ref,
    application_name: r.application_name,
    application_brand_name: r.application_brand_name,
    delivery: {
      method: r.delivery_method,
      date: r.delivery_date,
      window:
        r.delivery_window_start && windowEnd ? [iso(r.delivery_window_start)!, isoString(windowEnd)] : null,
    },
    courier_estimate_id: r.courier_estimate_id,
    gift_message: r.gift_message ? { message: r.gift_message } : null,
    promo_code: r.promo_code || null,
    status_recent_comment: r.status_recent_comment,
    on_track_status: onTrack({
      status: r.status,
      now,
      deliveryMethod: r.delivery_method,
      submittedAt: submitted,
      deliveryWindowEnd: windowEnd,
      preorderAvailableDate: r.preorder_date,
    }),
    recipient: { first_name: r.r_first ?? '', last_name: r.r_last ?? '' },
    customer: { first_name: r.c_first ?? '', last_name: r.c_last ?? '', email: r.customer_email },
    item_quantity: Number(r.item_quantity),
    has_at_distributor: Boolean(r.has_at_distributor),
    transaction: { total: centsToDollars(Number(r.total_cents)) },
  };
}

/** The URL of another page: same path and filters, a new cursor and offset. */
function pageUrl(
  basePath: string,
  q: OrdersListQuery,
  p: ListParams,
  cursor: string | null,
  offset: number,
): string {
  const params = new URLSearchParams();
  params.set('limit', String(p.limit));
  params.set('offset', String(offset));
  if (cursor) params.set('cursor', cursor);
  for (const f of FILTER_KEYS) {
    const v = p[f.name];
    if (isSet(v)) params.set(f.key, filterText(v));
  }
  if (q['sort[date]']) params.set('sort[date]', p.sort);
  return `${basePath}?${params.toString()}`;
}

function currentFilter(p: ListParams) {
  const out: { name: string; value: string }[] = [];
  for (const f of FILTER_KEYS) {
    const v = p[f.name];
    if (isSet(v)) out.push({ name: f.name, value: filterText(v) });
  }
  return out;
}

export async function listOrders(
  query: RawQuery,
  merchant: ListMerchant,
  q: OrdersListQuery,
  opts: { basePath: string; defaultLimit?: number; now?: Date },
): Promise<OrdersListResponse> {
  const p = toListParams(merchant.id, q, opts.defaultLimit);
  if (p.application_ref?.length) p.application_ref = await resolveBrandRefs(query, p.application_ref);
  const timezone = merchant.timezone || DEFAULT_TIMEZONE;
  // The SLA needs the merchant's hours only where SLA statuses can appear (active tab, or no tab).
  const mayHaveSla = tabHasSla(p.tab);
  const kept = usesKeptCount(p);
  // One round trip: the page carries the kept total and the hours (see ListExtras).
  const list = buildListQuery(p, { hours: mayHaveSla, keptTotal: kept, sla: mayHaveSla });
  const rows = await query<ListRow>(
    list.text,
    list.values,
    list.prepare ? { prepare: list.prepare } : undefined,
  );
  let keptTotal: { n: number }[] | null = null;
  let hours: BusinessHoursEntry[] | null = null;
  if (rows[0]) {
    if (kept) keptTotal = [{ n: Number(rows[0].x_kept_total ?? 0) }];
    if (mayHaveSla) hours = rows[0].x_hours ?? [];
  } else if (kept) {
    // An empty page has no row to carry the total (a page past the end): ask for it.
    const t = buildTotalQuery(p);
    keptTotal = await query<{ n: number }>(t.text, t.values);
  }
  // A filtered first page that holds every match needs no count (searches, mostly).
  let total: number;
  if (keptTotal) total = Number(keptTotal[0]?.n ?? 0);
  else if (!p.cursor && rows.length <= p.limit && (rows.length > 0 || p.offset === 0))
    total = p.offset + rows.length;
  else {
    const t = buildTotalQuery(p);
    total = Number((await query<{ n: number }>(t.text, t.values))[0]?.n ?? 0);
  }
  const capped = !keptTotal && total > FILTERED_COUNT_CAP;
  if (capped) total = FILTERED_COUNT_CAP;

  const hasMore = rows.length > p.limit;
  const page = rows.slice(0, p.limit);
  if (p.cursor?.dir === 'prev') page.reverse();
  const now = opts.now ?? new Date();
  const pageHours = hours && page.some((x) => hasSla(x.status)) ? hours : null;
  const onTrack = onTrackStatusClock(timezone, pageHours);
  const items = page.map((r) => toListItem(r, onTrack, now));

  // Reading forwards, more rows means a next page; reading backwards (prev cursor) there always is one,
  // and more rows means a previous one.
  const back = p.cursor?.dir === 'prev';
  const first = page[0];
  const last = page.at(-1);
  const prevOffset = Math.max(0, p.offset - p.limit);
  const next_url =
    (back || hasMore) && last
      ? pageUrl(
          opts.basePath,
          q,
          p,
          encodeCursor({ dir: 'next', us: last.k_us, id: last.id }),
          p.offset + p.limit,
        )
      : null;
  let prev_url: string | null = null;
  if (!first) prev_url = p.offset > 0 ? pageUrl(opts.basePath, q, p, null, prevOffset) : null;
  else if (!p.cursor) prev_url = p.offset > 0 ? pageUrl(opts.basePath, q, p, null, prevOffset) : null;
  else if (!back || hasMore)
    prev_url = pageUrl(
      opts.basePath,
      q,
      p,
      encodeCursor({ dir: 'prev', us: first.k_us, id: first.id }),
      prevOffset,
    );

  return {
    items,
    timezone,
    next_url,
    prev_url,
    total_rows: total,
    total_rows_capped: capped,
    current_filter: currentFilter(p),
    current_sort: [{ name: 'date', value: p.sort }],
    available_filters: AVAILABLE_FILTERS,
    available_sorts: AVAILABLE_SORTS,
  };
}
