/**
 * The events the store sends out (the event feed and webhooks, docs/decisions/0138): their types and which
 * order change is which event. Pure; the server records one event per change this names.
 */
import { isOneOf } from './one-of.ts';

export const ORDER_EVENT_TYPES = [
  'order.created',
  'order.accepted',
  'order.rejected',
  'order.on_hold',
  'order.items_changed',
  'order.tracking_added',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'order.delivery_failed',
] as const;
export const OUTGOING_EVENT_TYPES = [...ORDER_EVENT_TYPES, 'batch.completed'] as const;
/** The event of a test send (POST …/webhooks/{id}/test): delivered like any other, never in the feed. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** Every type an envelope may carry. */
export const ENVELOPE_EVENT_TYPES = [...OUTGOING_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
export type OutgoingEventType = (typeof OUTGOING_EVENT_TYPES)[number];

export function isOutgoingEventType(value: unknown): value is OutgoingEventType {
  return isOneOf(OUTGOING_EVENT_TYPES, value);
}

/** One order change as its transaction writes it: the status before (null for a new order), after, and the history action. */
export interface OrderChange {
  from: string | null;
  to: string;
  action: string;
}

/** The history actions with an event of their own, whatever the status does. */
const ACTION_EVENTS: Readonly<Record<string, OrderEventType>> = {
  placed: 'order.created',
  failed_delivery: 'order.delivery_failed',
  customer_accepted_changes: 'order.items_changed',
  tracking_updated: 'order.tracking_added',
};

/** The status a change moves to, and its event. */
const STATUS_EVENTS: Readonly<Record<string, OrderEventType>> = {
  MERCHANT_ACCEPTED: 'order.accepted',
  MERCHANT_REJECTED: 'order.rejected',
  REJECTED_PARTIAL: 'order.on_hold',
  MERCHANT_SHIPPED: 'order.shipped',
  CLOSED: 'order.delivered',
  CANCELLED: 'order.cancelled',
};

/**
 * The event an order change sends, or null when it sends none (a saved instruction, a courier's status
 * note, the payment statuses the marketplace itself reported). A new order is `order.created` whatever
 * status it arrives in; a named action wins over the status it moves to (a failed delivery that cancels the
 * order is `order.delivery_failed`); otherwise a change of status names the event.
 */
export function orderEventTypeOf(change: OrderChange): OrderEventType | null {
  if (change.from === null) return 'order.created';
  const byAction = ACTION_EVENTS[change.action];
  if (byAction) return byAction;
  if (change.from === change.to) return null;
  return STATUS_EVENTS[change.to] ?? null;
}

/**
 * Whether a subscriber's payload keeps the customer's email and phone: the storefront (marketplace) owns
 * its customers and always does; a merchant endpoint only when its owner said so when creating it.
 */
export function seesCustomerContact(subscriber: {
  kind: 'merchant' | 'marketplace';
  includeCustomerContact: boolean;
}): boolean {
  return subscriber.kind === 'marketplace' || subscriber.includeCustomerContact;
}

/** Retry delays after a failed delivery attempt, in seconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (docs/decisions/0139). */
export const WEBHOOK_RETRY_DELAYS_S = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/** How long events are kept (the feed's reach and a replay's). */
export const EVENT_RETENTION_DAYS = 30;
