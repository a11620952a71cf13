/** GET and POST /c/v2/merchants/{tmk}/carrier (the label dialog reads the same account). */
import type { CarrierAccount, CarrierAccountBody } from '@mc/api';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { merchantKeys } from '../../../lib/merchant-api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { merchantPath, settingsKeys } from './keys.ts';

export function carrierQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: settingsKeys.carrier(tmk),
    queryFn: ({ signal }) => http.get<CarrierAccount>(merchantPath(tmk, '/carrier'), { signal }),
  });
}

export function useSaveCarrier(tmk: string) {
  return useMutation({
    mutationFn: (body: CarrierAccountBody) => http.post<CarrierAccount>(merchantPath(tmk, '/carrier'), body),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKeys.carrier(tmk), data);
      // carrier_integration on the merchant decides whether labels can be bought.
      void queryClient.invalidateQueries({ queryKey: merchantKeys.detail(tmk) });
    },
  });
}
