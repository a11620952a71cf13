/**
 * Merchant requests shared by several features (login loads the details; the shell shows the name
 * and the payment banner; the carrier settings page and the label dialog read the carrier account).
 */
import type { CarrierAccount, Merchant } from '@mc/api';
import { queryOptions } from '@tanstack/react-query';
import { http } from './api.ts';
import { merchantKeys, settingsKeys } from './query-keys.ts';

/** `token` overrides the stored one (login loads the merchant before storing the session). */
export function getMerchant(tmk: string, signal?: AbortSignal, token?: string): Promise<Merchant> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  return http.get<Merchant>(`/c/v2/merchants/${encodeURIComponent(tmk)}`, { signal, headers });
}

export function merchantQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: merchantKeys.detail(tmk),
    queryFn: ({ signal }) => getMerchant(tmk, signal),
    staleTime: 5 * 60_000,
  });
}

export interface StripeAccountStatus {
  merchant_account_id: string | null;
}

export function getStripeAccount(tmk: string, signal?: AbortSignal): Promise<StripeAccountStatus> {
  return http.get<StripeAccountStatus>(`/c/v2/merchants/${encodeURIComponent(tmk)}/payments/stripe`, {
    signal,
  });
}

export function stripeAccountQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: merchantKeys.stripe(tmk),
    queryFn: ({ signal }) => getStripeAccount(tmk, signal),
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
    queryFn: ({ signal }) =>
      http.get<CarrierAccount>(`/c/v2/merchants/${encodeURIComponent(tmk)}/carrier`, { signal }),
  });
}
