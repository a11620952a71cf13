import type { OrderListItem, OrdersListResponse } from '@mc/api';

/** A list row and a list page for tests. */
export function item(id: string, over: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id,
    logistic_order_ref: null,
    status: 'SUBMITTED',
    date_submitted: '2025-06-12T19:04:00.000Z',
    printed_timestamp: null,
    application_ref: 'bottledrop',
    application_name: 'Bottle Drop',
    application_brand_name: 'Bottle Drop',
    delivery: { method: 'on_demand', date: null, window: null },
    courier_estimate_id: null,
    gift_message: null,
    promo_code: null,
    status_recent_comment: null,
    on_track_status: { type: 'SLA0', message: 'Due in 1h 50m' },
    recipient: { first_name: 'Ann', last_name: 'Lee' },
    customer: { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' },
    item_quantity: 3,
    has_at_distributor: false,
    transaction: { total: 1234.5 },
    ...over,
  };
}

export function page(items: OrderListItem[], next_url: string | null = null): OrdersListResponse {
  return {
    items,
    timezone: 'America/New_York',
    next_url,
    prev_url: null,
    total_rows: items.length,
    total_rows_capped: false,
    current_filter: [],
    current_sort: [],
    available_filters: [],
    available_sorts: [],
  };
}

/** The tab counts the list tests answer `/orders/count` with. */
export const TAB_COUNTS = { active: 12, on_hold: 3, cancelled: 4, completed: 50 };

/** The `/orders/filters` answer of the list tests: two brands and four delivery methods. */
export const AVAILABLE_FILTERS = {
  items: [
    {
      name: 'application',
      options: [
        { name: 'Bottle Drop', uuid: 'u1', ref: 'bottledrop' },
        { name: 'Cask & Crate', uuid: 'u2', ref: 'caskcrate' },
      ],
    },
    {
      name: 'delivery_methods',
      options: [{ name: 'on_demand' }, { name: 'shipping' }, { name: 'preorder' }, { name: 'deposit' }],
    },
  ],
};
