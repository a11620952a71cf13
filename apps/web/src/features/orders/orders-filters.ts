import { createContext, useContext } from 'react';
import type { ListFilters } from '../../lib/query-keys.ts';

/** The orders list's filters, kept by the orders layout across its tabs and read by the tab page. */
export interface OrdersFilters {
  filters: ListFilters;
  setFilters: (f: ListFilters) => void;
}

export const OrdersFiltersContext = createContext<OrdersFilters | null>(null);

/** The filters of the orders layout around this tab. */
export function useOrdersFilters(): OrdersFilters {
  const value = useContext(OrdersFiltersContext);
  if (!value) throw new Error('useOrdersFilters: no orders layout around this tab');
  return value;
}
