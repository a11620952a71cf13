/** GET and PUT /c/v2/merchants/{tmk}/hours. */
import type { HoursResponse } from '@mc/api';
import type { HoursBody } from '@mc/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { settingsKeys } from '../../../lib/query-keys.ts';
import { merchantPath } from './keys.ts';

export function hoursQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: settingsKeys.hours(tmk),
    queryFn: ({ signal }) => http.get<HoursResponse>(merchantPath(tmk, '/hours'), { signal }),
  });
}

export function useSaveHours(tmk: string) {
  return useMutation({
    mutationFn: (body: HoursBody) => http.put<HoursResponse>(merchantPath(tmk, '/hours'), body),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.hours(tmk), data),
  });
}
