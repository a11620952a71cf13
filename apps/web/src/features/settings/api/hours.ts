/** GET and PUT /c/v2/merchants/{tmk}/hours. */
import type { HoursBody } from '@mc/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { settingsKeys } from '../../../lib/query-keys.ts';

export function hoursQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: settingsKeys.hours(tmk),
    queryFn: ({ signal }) => api.getMerchantHours({ params: { tmk }, signal }),
  });
}

export function useSaveHours(tmk: string) {
  return useMutation({
    mutationFn: (body: HoursBody) => api.replaceMerchantHours({ params: { tmk }, body }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.hours(tmk), data),
  });
}
