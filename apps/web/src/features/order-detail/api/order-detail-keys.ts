/** Query keys: under the orders hierarchy (orders → tmk → detail(id)), so one invalidation refreshes lists and counts. */
export const orderDetailKeys = {
  merchant: (tmk: string) => ['orders', tmk] as const,
  detail: (tmk: string, id: string) => ['orders', tmk, 'detail', id] as const,
  map: (tmk: string, id: string) => ['orders', tmk, 'detail', id, 'map'] as const,
};
