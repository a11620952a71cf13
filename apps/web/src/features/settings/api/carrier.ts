/** POST /c/v2/merchants/{tmk}/carrier; the account is read with `carrierAccountQueryOptions` (lib), as the label dialog does. */
import type { CarrierAccountBody } from '@mc/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { merchantKeys, settingsKeys } from '../../../lib/query-keys.ts';

export function useSaveCarrier(tmk: string) {
  return useMutation({
    mutationFn: (body: CarrierAccountBody) => api.saveCarrierAccount({ params: { tmk }, body }),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKeys.carrier(tmk), data);
      // carrier_integration on the merchant decides whether labels can be bought.
      void queryClient.invalidateQueries({ queryKey: merchantKeys.detail(tmk) });
    },
  });
}
