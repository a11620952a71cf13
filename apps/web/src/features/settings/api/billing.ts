/** Billing: GET/POST /c/v2/merchants/{tmk}/payments and the onboarding links GET /v1/merchant/{tmk}/stripe. */
import type { BillingBody } from '@mc/api';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { settingsKeys } from '../../../lib/query-keys.ts';

export function billingQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: settingsKeys.billing(tmk),
    queryFn: ({ signal }) => api.getBilling({ params: { tmk }, signal }),
  });
}

export function onboardingQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: settingsKeys.onboarding(tmk),
    queryFn: ({ signal }) => api.getStripeOnboarding({ params: { tmk }, signal }),
    staleTime: 0,
  });
}

export function useSaveBilling(tmk: string) {
  return useMutation({
    mutationFn: (body: BillingBody) => api.saveBilling({ params: { tmk }, body }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.billing(tmk), data.billing),
  });
}
