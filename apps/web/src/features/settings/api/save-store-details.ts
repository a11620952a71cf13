/** POST /c/v2/merchants/{tmk} with the details, then POST .../data with the contacts, then the details reload. */
import type { StoreDetailsInput } from '@mc/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { merchantKeys } from '../../../lib/query-keys.ts';

async function saveStoreDetails(tmk: string, values: StoreDetailsInput) {
  const { aux_data, ...details } = values;
  await api.updateMerchant({ params: { tmk }, body: details });
  return api.updateMerchantData({ params: { tmk }, body: aux_data });
}

export function useSaveStoreDetails(tmk: string) {
  return useMutation({
    mutationFn: (values: StoreDetailsInput) => saveStoreDetails(tmk, values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantKeys.detail(tmk) }),
  });
}
