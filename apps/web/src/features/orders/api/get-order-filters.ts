/** BRANDS and METHOD filter options (GET .../orders/filters). */
import type { OrderFilters } from '@mc/api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ordersKeys } from '../../../lib/query-keys.ts';

export interface FilterOptions {
  brands: { value: string; label: string }[];
  methods: string[];
}

function toFilterOptions(f: OrderFilters): FilterOptions {
  const out: FilterOptions = { brands: [], methods: [] };
  for (const item of f.items) {
    if (item.name === 'application') out.brands = item.options.map((o) => ({ value: o.ref, label: o.name }));
    else out.methods = item.options.map((o) => o.name);
  }
  return out;
}

export function orderFiltersQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: ordersKeys.filters(tmk),
    queryFn: async ({ signal }) => toFilterOptions(await api.getOrderFilters({ params: { tmk }, signal })),
    staleTime: 10 * 60_000,
  });
}
