/**
 * Merchant requests shared by several features (login loads the details; the shell shows the name
 * and the payment banner; the carrier settings page and the label dialog read the carrier account).
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';
import { merchantKeys, settingsKeys } from './query-keys.ts';

/** `token` overrides the stored one (login loads the merchant before storing the session). */
export function getMerchant(tmk: string, signal?: AbortSignal, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  return api.getMerchant({ params: { tmk }, signal, headers });
}

export function merchantQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: merchantKeys.detail(tmk),
    queryFn: ({ signal }) => getMerchant(tmk, signal),
    staleTime: 5 * 60_000,
  });
}

export function stripeAccountQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: merchantKeys.stripe(tmk),
    queryFn: ({ signal }) => api.getStripeAccount({ params: { tmk }, signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /c/v2/merchants/{tmk}/carrier: the carrier account, one cache entry for the Carrier settings page
 * and the label dialog (managers and owners; other roles fall back to the merchant's carrier flag).
 */
export function carrierAccountQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: settingsKeys.carrier(tmk),
    queryFn: ({ signal }) => api.getCarrierAccount({ params: { tmk }, signal }),
  });
}
