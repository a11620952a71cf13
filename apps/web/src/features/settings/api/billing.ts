/** Billing: GET/POST /c/v2/merchants/{tmk}/payments and the onboarding links GET /v1/merchant/{tmk}/stripe. */
import type { BillingBody, BillingResponse, BillingSaveResponse, StripeOnboarding } from '@mc/api';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { settingsKeys } from '../../../lib/query-keys.ts';
import { merchantPath } from './keys.ts';

export function billingQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: settingsKeys.billing(tmk),
    queryFn: ({ signal }) => http.get<BillingResponse>(merchantPath(tmk, '/payments'), { signal }),
  });
}

export function onboardingQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: settingsKeys.onboarding(tmk),
    queryFn: ({ signal }) =>
      http.get<StripeOnboarding>(`/v1/merchant/${encodeURIComponent(tmk)}/stripe`, { signal }),
    staleTime: 0,
  });
}

export function useSaveBilling(tmk: string) {
  return useMutation({
    mutationFn: (body: BillingBody) => http.post<BillingSaveResponse>(merchantPath(tmk, '/payments'), body),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.billing(tmk), data.billing),
  });
}
