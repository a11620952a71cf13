/**
 * Requests of the shipping feature: buy labels (with an Idempotency-Key), list labels, send directions by
 * SMS, and the carrier account (for the GSO case). Mutations invalidate the order's queries
 * (['orders', tmk]) so the detail view and the lists show the new status.
 */
import {
  type CarrierAccount,
  type LabelPurchaseBody,
  type LabelPurchaseResponse,
  labelsPath,
  type SendSmsResponse,
  type ShippingLabel,
} from '@mc/api';
import { IDEMPOTENCY_KEY_HEADER } from '@mc/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../../lib/api.ts';

export const shippingKeys = {
  carrier: (tmk: string) => ['merchant', tmk, 'carrier'] as const,
  labels: (tmk: string, orderId: string) => ['orders', tmk, 'detail', orderId, 'labels'] as const,
};

export function buyLabels(
  tmk: string,
  orderId: string,
  boxes: LabelPurchaseBody,
  idempotencyKey: string,
): Promise<LabelPurchaseResponse> {
  return http.post<LabelPurchaseResponse>(labelsPath(tmk, orderId), boxes, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function getLabels(tmk: string, orderId: string, signal?: AbortSignal): Promise<ShippingLabel[]> {
  return http.get<ShippingLabel[]>(labelsPath(tmk, orderId), { signal });
}

export function sendDirectionsSms(number: string, orderId: string): Promise<SendSmsResponse> {
  return http.post<SendSmsResponse>('/m/v2/sms', { number, order_id: orderId });
}

/** The carrier account (managers and owners); other roles fall back to the merchant's carrier flag. */
export function carrierAccountQueryOptions(tmk: string, enabled: boolean) {
  return queryOptions({
    queryKey: shippingKeys.carrier(tmk),
    queryFn: ({ signal }) =>
      http.get<CarrierAccount>(`/c/v2/merchants/${encodeURIComponent(tmk)}/carrier`, { signal }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** A fresh key per purchase attempt (crypto.randomUUID where available). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
