/** POST /c/v2/merchants/{tmk} with the details, then POST .../data with the contacts, then the details reload. */
import type { Merchant, MerchantAuxDataBody, MerchantDetailsBody } from '@mc/api';
import type { StoreDetailsInput } from '@mc/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { merchantKeys } from '../../../lib/query-keys.ts';
import { merchantPath } from './keys.ts';

export async function saveStoreDetails(tmk: string, values: StoreDetailsInput): Promise<Merchant> {
  const { aux_data, ...details } = values;
  await http.post<Merchant>(merchantPath(tmk), details satisfies MerchantDetailsBody);
  return http.post<Merchant>(merchantPath(tmk, '/data'), aux_data satisfies MerchantAuxDataBody);
}

export function useSaveStoreDetails(tmk: string) {
  return useMutation({
    mutationFn: (values: StoreDetailsInput) => saveStoreDetails(tmk, values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantKeys.detail(tmk) }),
  });
}
