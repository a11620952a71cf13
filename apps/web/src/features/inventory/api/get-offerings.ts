/** GET /c/v2/merchants/{tmk}/offerings (part 1 §7). Key: `inventoryKeys.list(tmk, filter)`. */
import type { OfferingsResponse } from '@mc/api';
import { type InventoryFilter, offeringsQuery } from '@mc/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { inventoryKeys } from '../../../lib/query-keys.ts';

export function offeringsQueryOptions(tmk: string, filter: InventoryFilter) {
  return queryOptions({
    queryKey: inventoryKeys.list(tmk, filter),
    queryFn: ({ signal }) =>
      http.get<OfferingsResponse>(`/c/v2/merchants/${encodeURIComponent(tmk)}/offerings`, {
        query: offeringsQuery(filter),
        signal,
      }),
  });
}
