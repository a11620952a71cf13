/**
 * Requests of the shipping feature: buy labels (with an Idempotency-Key), list labels, send directions by
 * SMS, and the carrier account (for the GSO case). A label purchase invalidates the merchant's orders
 * (`ordersKeys.all(tmk)`) so the detail view and the lists show the new status.
 */
import type { LabelPurchaseBody } from '@mc/api';
import { IDEMPOTENCY_KEY_HEADER } from '@mc/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { carrierAccountQueryOptions } from '../../../../lib/merchant-api.ts';
import { queryClient } from '../../../../lib/query-client.ts';
import { ordersKeys } from '../../../../lib/query-keys.ts';

function buyLabels(tmk: string, orderId: string, boxes: LabelPurchaseBody, idempotencyKey: string) {
  return api.buyLabels({
    params: { tmk, id: orderId },
    body: boxes,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useBuyLabels(tmk: string, orderId: string) {
  return useMutation({
    mutationFn: (body: { boxes: LabelPurchaseBody; key: string }) =>
      buyLabels(tmk, orderId, body.boxes, body.key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all(tmk) }),
  });
}

export function getLabels(tmk: string, orderId: string, signal?: AbortSignal) {
  return api.listLabels({ params: { tmk, id: orderId }, signal });
}

export function sendDirectionsSms(number: string, orderId: string) {
  return api.sendDirectionsSms({ body: { number, order_id: orderId } });
}

/**
 * The carrier account for the label dialog (managers and owners; other roles get a 403 and fall back to
 * the merchant's carrier flag, so no retry). The same cache entry as the Carrier settings page.
 */
export function useLabelCarrierAccount(tmk: string, enabled: boolean) {
  return useQuery({ ...carrierAccountQueryOptions(tmk), enabled, retry: false, staleTime: 5 * 60_000 });
}

/** A fresh key per purchase attempt (crypto.randomUUID where available). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
