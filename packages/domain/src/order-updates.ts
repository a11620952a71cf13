/**
 * Order update rules shared by the detail view and the server:
 * how an update's answer is judged, the idempotency keys of outside calls, the stored shapes of
 * rejection_message and the on-hold comment.
 */
import { z } from 'zod';
import {
  buildRejectionMessage,
  ONLY_NUMBERS_MESSAGE,
  OUT_OF_STOCK_CHOICES,
  OUT_OF_STOCK_TEXTS,
  type OutOfStockChoice,
  PRICE_INVALID_MESSAGE,
  PRICE_REQUIRED_MESSAGE,
  toNumberInput,
} from './dialogs.ts';
import { safeString, text } from './limits-schemas.ts';
import { formatUsd } from './money.ts';
import type { OrderStatus } from './order-status.ts';
import { REJECTION_REASON_LABELS, REJECTION_REASONS, type RejectionReason } from './transitions.ts';

/** An update succeeds only if the returned status equals the requested one. */
export type OrderUpdateOutcome = 'success' | 'payment_declined' | 'failed';

export function orderUpdateOutcome(
  requested: OrderStatus,
  returned: string | null | undefined,
): OrderUpdateOutcome {
  if (returned === requested) return 'success';
  if (returned === 'PAYMENT_DECLINED') return 'payment_declined';
  return 'failed';
}

/** The payment capture on accept: one key per order, so concurrent or retried accepts charge once. */
export function captureIdempotencyKey(orderId: string): string {
  return `capture-${orderId}`;
}

/** The courier pickup request: one per order. */
export function courierIdempotencyKey(orderId: string): string {
  return `courier-${orderId}`;
}

/** The price field of a wrong-price entry, as the dialog and the server read it. */
export const NewPriceSchema = z.preprocess(
  toNumberInput,
  z
    .number({ error: (iss) => (iss.input === undefined ? PRICE_REQUIRED_MESSAGE : ONLY_NUMBERS_MESSAGE) })
    .positive(PRICE_INVALID_MESSAGE)
    .max(1_000_000, PRICE_INVALID_MESSAGE),
);

/**
 * rejection_message as stored and returned: keyed by reason, then order item id
 * (outOfStock {checked, message, value}, wrongPrice {checked, price}), and for a whole-order
 * rejection the chosen reason {reason, message}.
 */
export const RejectionMessageSchema = z.object({
  outOfStock: z
    .record(
      text('id'),
      z.object({
        checked: z.boolean().default(true),
        message: safeString(500).default(OUT_OF_STOCK_TEXTS.available_48h),
        value: z.enum(OUT_OF_STOCK_CHOICES).optional(),
      }),
    )
    .optional(),
  wrongPrice: z
    .record(text('id'), z.object({ checked: z.boolean().default(true), price: NewPriceSchema }))
    .optional(),
  rejected: z.object({ reason: z.enum(REJECTION_REASONS), message: text('note') }).optional(),
});
export type StoredRejectionMessage = z.infer<typeof RejectionMessageSchema>;

/** Accepts the object or its JSON string form (the spec sends a JSON string); unreadable text is a 400. */
export const RejectionMessageInputSchema = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, RejectionMessageSchema);

/** rejection_message for a whole-order rejection. */
export function rejectedReasonMessage(reason: RejectionReason, comment: string): StoredRejectionMessage {
  return { rejected: { reason, message: comment || REJECTION_REASON_LABELS[reason] } };
}

export interface ItemNameLike {
  id: string;
  name: string;
}

/**
 * The on-hold tab's COMMENT for a partial rejection: one sentence per item,
 * 'Out of stock: Old Harbor Bourbon. Item can be obtained and shipped within 48 hrs.' or
 * 'Wrong price: Old Harbor Bourbon, new price $42.00.'
 */
export function partialRejectionComment(
  items: readonly ItemNameLike[],
  message: StoredRejectionMessage,
): string {
  const name = (id: string) => items.find((i) => i.id === id)?.name ?? 'item';
  const parts: string[] = [];
  for (const [id, o] of Object.entries(message.outOfStock ?? {})) {
    if (o.checked) parts.push(`Out of stock: ${name(id)}. ${o.message}`);
  }
  for (const [id, w] of Object.entries(message.wrongPrice ?? {})) {
    if (w.checked) parts.push(`Wrong price: ${name(id)}, new price ${formatUsd(w.price)}.`);
  }
  return parts.join(' ');
}

/** rejection_message for one item problem (the Out of Stock and Wrong Price dialogs send one item). */
export function itemProblemMessage(
  input:
    | { item_id: string; reason: 'outOfStock'; choice: OutOfStockChoice }
    | { item_id: string; reason: 'wrongPrice'; price: number },
): StoredRejectionMessage {
  return input.reason === 'outOfStock'
    ? (buildRejectionMessage({
        outOfStock: [{ item_id: input.item_id, choice: input.choice }],
      }) as StoredRejectionMessage)
    : (buildRejectionMessage({
        wrongPrice: [{ item_id: input.item_id, price: input.price }],
      }) as StoredRejectionMessage);
}

/** An out-of-stock report that takes the item out of the order: 'Not available'. */
export function isItemRemoval(entry: { checked?: boolean; value?: string; message?: string }): boolean {
  return (
    entry.checked !== false &&
    (entry.value === 'unavailable' || entry.message === OUT_OF_STOCK_TEXTS.unavailable)
  );
}

export const REMOVE_ALL_ITEMS_MESSAGE =
  'Every item would be removed: reject the order instead of marking each item not available';

/** An order's money in integer cents, as stored. */
export interface OrderTotalsCents {
  subtotal_cents: number;
  tax_cents: number;
  discount_cents: number;
  total_cents: number;
}

/**
 * The order's money once some lines are taken out (decision 0089): subtotal and discount are the kept
 * lines' sums; tax scales with the subtotal (the marketplace sends tax as an amount, not a rate), rounded
 * to the cent; the total drops by what subtotal and tax dropped (delivery fee, shipping and tip stay).
 */
export function totalsWithoutLines(
  totals: OrderTotalsCents,
  kept: readonly { subtotal_cents: number; discount_cents?: number | null }[],
): OrderTotalsCents {
  const subtotal = kept.reduce((s, l) => s + l.subtotal_cents, 0);
  const discount = kept.reduce((s, l) => s + (l.discount_cents ?? 0), 0);
  const tax =
    totals.subtotal_cents > 0
      ? Math.round((totals.tax_cents * subtotal) / totals.subtotal_cents)
      : totals.tax_cents;
  return {
    subtotal_cents: subtotal,
    tax_cents: tax,
    discount_cents: discount,
    total_cents: totals.total_cents - (totals.subtotal_cents - subtotal) - (totals.tax_cents - tax),
  };
}
