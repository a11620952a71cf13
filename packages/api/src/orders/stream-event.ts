/**
 * The live orders events as the console reads them: a type guard with the rules of
 * OrderStreamEventSchema (list-schemas.ts), so the orders list checks each event without loading zod
 * (docs/decisions/0109). `stream-event.test.ts` checks the two agree.
 */
import { ORDER_TABS, type OrderTab } from '@mc/domain';

export const ORDER_STREAM_EVENT_TYPES = ['order.created', 'order.updated'] as const;

/** One event of GET …/orders/events (OrderStreamEventSchema in orders-list.ts is checked against it). */
export interface OrderStreamEvent {
  type: (typeof ORDER_STREAM_EVENT_TYPES)[number];
  order_id: string;
  status: string;
  tab: OrderTab;
  /**
   * The order's version once the change was written (an order.updated event has it): a console that
   * already applied this version from its own request's answer leaves the event alone.
   */
  version?: number;
  at: string;
}

const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

/** The event with only its known fields, or null when it is not one (what the schema's safeParse gives). */
export function parseOrderStreamEvent(value: unknown): OrderStreamEvent | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (!isOneOf(ORDER_STREAM_EVENT_TYPES, v.type) || !isOneOf(ORDER_TABS, v.tab)) return null;
  if (typeof v.order_id !== 'string' || typeof v.status !== 'string' || typeof v.at !== 'string') return null;
  if (v.version !== undefined && !Number.isSafeInteger(v.version)) return null;
  const version = typeof v.version === 'number' ? { version: v.version } : {};
  return { type: v.type, order_id: v.order_id, status: v.status, tab: v.tab, ...version, at: v.at };
}
