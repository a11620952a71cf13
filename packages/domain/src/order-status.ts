/**
 * Order statuses, list tabs, labels and display groups.
 * No zod here (the orders list reads it); OrderStatusSchema is in order-status-schemas.ts (decision 0109).
 */
import { isOneOf } from './one-of.ts';

/** The statuses of an order still in progress: the Active tab. */
const IN_PROGRESS_STATUSES = [
  'SUBMITTED',
  'PAYMENT_SUBMITTED',
  'PAYMENT_APPROVED',
  'ACTIVE',
  'MERCHANT_ACCEPTED',
  'MERCHANT_SHIPPED',
] as const;

export const ORDER_STATUSES = [
  ...IN_PROGRESS_STATUSES,
  'CLOSED',
  'MERCHANT_REJECTED',
  'REJECTED_PARTIAL',
  'CANCELLED',
  'PAYMENT_DECLINED',
  'DISPUTED',
  'REFUNDED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return isOneOf(ORDER_STATUSES, value);
}

/** Maps the alias REJECTED_MERCHANT to MERCHANT_REJECTED; null for unknown values. */
export function normalizeStatus(value: string): OrderStatus | null {
  const v = value === 'REJECTED_MERCHANT' ? 'MERCHANT_REJECTED' : value;
  return isOrderStatus(v) ? v : null;
}

/** Statuses of an order waiting for the merchant's accept/reject decision. */
export const NEW_STATUSES = [
  'SUBMITTED',
  'PAYMENT_SUBMITTED',
  'PAYMENT_APPROVED',
  'ACTIVE',
] as const satisfies readonly OrderStatus[];

export function isNewStatus(status: OrderStatus): boolean {
  return (NEW_STATUSES as readonly OrderStatus[]).includes(status);
}

// ---------------------------------------------------------------------------
// Tabs
// ---------------------------------------------------------------------------

export const ORDER_TABS = ['active', 'on_hold', 'cancelled', 'completed'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const TAB_STATUSES: Record<OrderTab, readonly OrderStatus[]> = {
  active: IN_PROGRESS_STATUSES,
  on_hold: ['REJECTED_PARTIAL'],
  cancelled: ['MERCHANT_REJECTED', 'CANCELLED', 'PAYMENT_DECLINED', 'DISPUTED', 'REFUNDED'],
  completed: ['CLOSED'],
};

export function tabOfStatus(status: OrderStatus): OrderTab {
  for (const tab of ORDER_TABS) if (TAB_STATUSES[tab].includes(status)) return tab;
  /* c8 ignore next */
  throw new Error(`status without a tab: ${status}`);
}

/** Tab ↔ URL segment under /orders/. */
export const TAB_ROUTES: Record<OrderTab, string> = {
  active: 'active',
  on_hold: 'on-hold',
  cancelled: 'cancelled',
  completed: 'completed',
};

export function tabPath(tab: OrderTab): string {
  return `/orders/${TAB_ROUTES[tab]}`;
}

/** The tab a path under /orders shows, or null (the single order view, an unknown path). */
export function tabOfPath(pathname: string): OrderTab | null {
  return ORDER_TABS.find((t) => pathname === tabPath(t) || pathname.startsWith(`${tabPath(t)}/`)) ?? null;
}

export function orderViewPath(orderId: string): string {
  return `/orders/view/${encodeURIComponent(orderId)}`;
}

/** Tab label text in the left tab list (shown with a count). */
export const TAB_LABELS: Record<OrderTab, string> = {
  active: 'active',
  on_hold: 'on Hold',
  cancelled: 'cancelled',
  completed: 'completed',
};

/** The status name in the list header 'Orders: <status name>'. */
export const TAB_HEADER_NAMES: Record<OrderTab, string> = {
  active: 'Active',
  on_hold: 'On Hold',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** 'Orders: Active' etc. */
export function ordersHeaderTitle(tab: OrderTab): string {
  return `Orders: ${TAB_HEADER_NAMES[tab]}`;
}

/** The spec's alternative tab keys (active, onHold, cancelled, completed). */
export const TAB_KEYS: Record<OrderTab, string> = {
  active: 'active',
  on_hold: 'onHold',
  cancelled: 'cancelled',
  completed: 'completed',
};

/** Parses a tab from any of its spellings (on_hold, onHold, on-hold); null when unknown. */
export function parseTab(value: string | null | undefined): OrderTab | null {
  for (const tab of ORDER_TABS) {
    if (value === tab || value === TAB_KEYS[tab] || value === TAB_ROUTES[tab]) return tab;
  }
  return null;
}

// ---------------------------------------------------------------------------
// Labels and display groups
// ---------------------------------------------------------------------------

const STATUS_LABEL_OVERRIDES: Partial<Record<OrderStatus, string>> = {
  SUBMITTED: 'new',
  MERCHANT_ACCEPTED: 'accepted',
  MERCHANT_SHIPPED: 'shipped',
  CLOSED: 'completed',
  MERCHANT_REJECTED: 'rejected',
  REJECTED_PARTIAL: 'onHold',
};

/** The shown name of a status: STATUS_LABEL_OVERRIDES, others lower case with underscores as spaces. */
export function statusLabel(status: string): string {
  const normalized = normalizeStatus(status);
  const override = normalized ? STATUS_LABEL_OVERRIDES[normalized] : undefined;
  return override ?? status.toLowerCase().replace(/_/g, ' ');
}

export const DISPLAY_GROUPS = [
  'new',
  'printed',
  'accepted',
  'shipped',
  'completed',
  'cancelled',
  'payment_declined',
  'on_hold',
] as const;
export type DisplayGroup = (typeof DISPLAY_GROUPS)[number];

export const DISPLAY_GROUP_LABELS: Record<DisplayGroup, string> = {
  new: 'New',
  printed: 'Printed',
  accepted: 'Accepted',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Rejected/Cancelled',
  payment_declined: 'Payment Declined',
  on_hold: 'On Hold',
};

/** Badge colour per display group (Mantine colour names). */
export const DISPLAY_GROUP_COLORS: Record<DisplayGroup, string> = {
  new: 'blue',
  printed: 'cyan',
  accepted: 'teal',
  shipped: 'indigo',
  completed: 'green',
  cancelled: 'gray',
  payment_declined: 'red',
  on_hold: 'orange',
};

/**
 * Printing an order's packing slip (from the detail view or in bulk) marks a new order printed, once: its
 * display group becomes 'printed'. Other statuses and orders already printed keep theirs.
 */
export function marksPrinted(status: string, printed_timestamp?: string | Date | null): boolean {
  return isOrderStatus(status) && isNewStatus(status) && !printed_timestamp;
}

/**
 * The STATUS cell of the orders list: the status's shown name, except a printed new order,
 * which shows its display group, 'Printed' (docs/decisions/0085).
 */
export function listStatusLabel(status: string, printed_timestamp?: string | Date | null): string {
  if (isOrderStatus(status) && displayGroup(status, printed_timestamp) === 'printed')
    return DISPLAY_GROUP_LABELS.printed;
  return statusLabel(status);
}

/**
 * An order's status badge, the same in the list and on the order's page: the status's shown name (a
 * printed new order 'Printed', listStatusLabel) in its display group's colour.
 */
export function statusBadge(
  status: string,
  printed_timestamp?: string | Date | null,
): { label: string; color: string } {
  const color = isOrderStatus(status)
    ? DISPLAY_GROUP_COLORS[displayGroup(status, printed_timestamp)]
    : 'gray';
  return { label: listStatusLabel(status, printed_timestamp), color };
}

/**
 * The display groups: new, printed (new with printed_timestamp), accepted, shipped, completed,
 * rejected/cancelled (incl. disputed, refunded), payment declined, on hold.
 */
export function displayGroup(status: OrderStatus, printed_timestamp?: string | Date | null): DisplayGroup {
  if (isNewStatus(status)) return printed_timestamp ? 'printed' : 'new';
  switch (status) {
    case 'MERCHANT_ACCEPTED':
      return 'accepted';
    case 'MERCHANT_SHIPPED':
      return 'shipped';
    case 'CLOSED':
      return 'completed';
    case 'PAYMENT_DECLINED':
      return 'payment_declined';
    case 'REJECTED_PARTIAL':
      return 'on_hold';
    default:
      return 'cancelled';
  }
}
