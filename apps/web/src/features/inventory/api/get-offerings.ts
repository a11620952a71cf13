/** GET /c/v2/merchants/{tmk}/offerings. Key: `inventoryKeys.list(tmk, filter)`. */
import { type InventoryFilter, offeringsQuery } from '@mc/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { inventoryKeys } from '../../../lib/query-keys.ts';

export function offeringsQueryOptions(tmk: string, filter: InventoryFilter) {
  return queryOptions({
    queryKey: inventoryKeys.list(tmk, filter),
    queryFn: ({ signal }) => api.listOfferings({ params: { tmk }, query: offeringsQuery(filter), signal }),
  });
}
