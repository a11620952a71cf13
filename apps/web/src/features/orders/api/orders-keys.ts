/** Query keys of the orders area: orders → list(filters) / counts / filters. */
import type { OrderTab, SortDirection } from '@mc/domain';

export interface ListFilters {
  brands: string[];
  method: string | null;
  sort: SortDirection;
}

export const DEFAULT_LIST_FILTERS: ListFilters = { brands: [], method: null, sort: 'desc' };

export const ordersKeys = {
  all: ['orders'] as const,
  lists: (tmk: string) => ['orders', tmk, 'list'] as const,
  list: (tmk: string, tab: OrderTab, filters: ListFilters) => ['orders', tmk, 'list', tab, filters] as const,
  counts: (tmk: string) => ['orders', tmk, 'counts'] as const,
  filters: (tmk: string) => ['orders', tmk, 'filters'] as const,
};
