/**
 * Every query key of the console, one factory per resource. Hooks build their keys here and every
 * invalidation names its target here, so a key is spelled once (docs/conventions.md, "The console": query
 * keys follow one hierarchy per area). Keys that start with the merchant key (`tmk`) are that merchant's data; the
 * query cache is cleared on login, logout and any 401.
 *
 *   orders   → tmk → list(tab, filters) / counts / filters / detail(id) → map / labels
 *   bulk     → tmk → batches
 *   merchant → tmk → stripe
 *   settings → tmk → hours / team / billing / onboarding / carrier
 *   inventory → tmk → filter
 *   reports → tmk → summary(period)
 *   user → id
 *   oidc → config
 */
import { type InventoryFilter, type OrderTab, type SortDirection, TAB_STATUSES } from '@mc/domain';

/** The list filters of the orders tabs (part of the list key). */
export interface ListFilters {
  brands: string[];
  method: string | null;
  /** One status of the tab shown (a status of another tab is not applied: see listStatusFilter). */
  status: string | null;
  sort: SortDirection;
}

export const DEFAULT_LIST_FILTERS: ListFilters = { brands: [], method: null, status: null, sort: 'desc' };

/** The status filter as it applies on `tab`: the filters are shared by the tabs, the statuses are not. */
export const listStatusFilter = (tab: OrderTab, filters: ListFilters): string | null =>
  filters.status !== null && (TAB_STATUSES[tab] as readonly string[]).includes(filters.status)
    ? filters.status
    : null;

/**
 * The orders area: invalidating `all(tmk)` refreshes the lists, the tab counts (the side navigation's
 * pending count), the filters and every open order.
 */
export const ordersKeys = {
  all: (tmk: string) => ['orders', tmk] as const,
  lists: (tmk: string) => ['orders', tmk, 'list'] as const,
  list: (tmk: string, tab: OrderTab, filters: ListFilters) => ['orders', tmk, 'list', tab, filters] as const,
  counts: (tmk: string) => ['orders', tmk, 'counts'] as const,
  filters: (tmk: string) => ['orders', tmk, 'filters'] as const,
  detail: (tmk: string, id: string) => ['orders', tmk, 'detail', id] as const,
  /** The static map image of an order (a blob URL). */
  map: (tmk: string, id: string) => ['orders', tmk, 'detail', id, 'map'] as const,
};

/** Whether a key under `ordersKeys.all(tmk)` belongs to the order `id` (its detail and what hangs off it). */
export function isOrderDetailKey(key: readonly unknown[], id: string): boolean {
  return key[2] === 'detail' && key[3] === id;
}

/** The bulk tools: the store's recent batches (shown again after a reload). */
export const bulkKeys = {
  batches: (tmk: string) => ['bulk', tmk, 'batches'] as const,
};

/** The merchant itself (name, carrier flag, …) and its payment account status. */
export const merchantKeys = {
  detail: (tmk: string) => ['merchant', tmk] as const,
  stripe: (tmk: string) => ['merchant', tmk, 'stripe'] as const,
};

/** The merchant's settings pages; the carrier account is read here by the label dialog as well. */
export const settingsKeys = {
  hours: (tmk: string) => ['settings', tmk, 'hours'] as const,
  team: (tmk: string) => ['settings', tmk, 'team'] as const,
  billing: (tmk: string) => ['settings', tmk, 'billing'] as const,
  onboarding: (tmk: string) => ['settings', tmk, 'onboarding'] as const,
  carrier: (tmk: string) => ['settings', tmk, 'carrier'] as const,
  storeAlerts: (tmk: string) => ['settings', tmk, 'alerts'] as const,
  /** A person's own alert settings (the profile page). */
  alerts: (userId: string) => ['settings', 'alerts', userId] as const,
};

/** The Developers page: the store's API keys, webhook endpoints and each endpoint's delivery log. */
export const developerKeys = {
  apiKeys: (tmk: string) => ['developers', tmk, 'api-keys'] as const,
  webhooks: (tmk: string) => ['developers', tmk, 'webhooks'] as const,
  deliveries: (tmk: string, id: string) => ['developers', tmk, 'webhooks', id, 'deliveries'] as const,
};

export const inventoryKeys = {
  list: (tmk: string, filter: InventoryFilter) => ['inventory', tmk, filter] as const,
};

/** The signed-in user (the session itself is not a query: lib/session.ts). */
export const userKeys = {
  all: ['user'] as const,
  detail: (id: string) => ['user', id] as const,
};

/** A reports period: store-time-zone days, both included. */
export interface ReportPeriod {
  from: string;
  to: string;
}

/** The reports page (not refreshed by order events: a summary is read when the period is chosen). */
export const reportsKeys = {
  all: (tmk: string) => ['reports', tmk] as const,
  summary: (tmk: string, period: ReportPeriod) => ['reports', tmk, 'summary', period] as const,
};
