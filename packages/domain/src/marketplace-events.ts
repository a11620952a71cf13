import type { OrderStatus } from './order-status.ts';

/** What each marketplace event asks of an order (marketplace transitions). */
export const MARKETPLACE_EVENT_TARGET = {
  payment_declined: 'PAYMENT_DECLINED',
  customer_cancelled: 'CANCELLED',
  customer_accepted_changes: 'SUBMITTED',
  dispute: 'DISPUTED',
  refund: 'REFUNDED',
} as const satisfies Record<string, OrderStatus>;
export type MarketplaceEventType = keyof typeof MARKETPLACE_EVENT_TARGET;

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A provider-style order id such as 2ABNPFR-3A0-9E (7-3-2 characters). */
export function newOrderId(
  random: (n: number) => number = (n) => crypto.getRandomValues(new Uint32Array(1))[0]! % n,
): string {
  const part = (len: number) =>
    Array.from({ length: len }, () => ID_ALPHABET[random(ID_ALPHABET.length)]).join('');
  return `${part(7)}-${part(3)}-${part(2)}`;
}
