/**
 * The URL contract between the orders list and the order-detail feature: `?review=<orderId>` opens the
 * 'Review Order' modal over the current page; `&intent=accept|reject` opens that dialog straight away.
 */
export const REVIEW_PARAM = 'review';
export const INTENT_PARAM = 'intent';
export type ReviewIntent = 'accept' | 'reject';

export function reviewSearch(orderId: string, intent?: ReviewIntent): string {
  return `?${REVIEW_PARAM}=${encodeURIComponent(orderId)}${intent ? `&${INTENT_PARAM}=${intent}` : ''}`;
}
