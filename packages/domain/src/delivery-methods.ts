/**
 * The delivery methods and the names the console shows for them: apart from delivery.ts's due times and
 * texts, which need date arithmetic, so the orders list names its methods without them
 * (docs/decisions/0158).
 */
import { isOneOf } from './one-of.ts';

export const DELIVERY_METHODS = [
  'on_demand',
  'scheduled',
  'shipping',
  'preorder',
  'deposit',
  'courier',
] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export function isDeliveryMethod(value: unknown): value is DeliveryMethod {
  return isOneOf(DELIVERY_METHODS, value);
}

/** List label. */
export function deliveryMethodLabel(input: {
  method?: string | null;
  courier_estimate_id?: string | number | null;
}): string {
  switch (input.method) {
    case 'on_demand':
      return 'Same Day';
    case 'scheduled':
      return input.courier_estimate_id ? 'Scheduled (courier)' : 'Scheduled';
    case 'preorder':
    case 'deposit':
      return 'Pre-sale';
    case 'courier':
      return 'Courier';
    default:
      return 'Shipping';
  }
}

/** METHOD filter options: one per method name (the server's list, or all known methods). */
export function deliveryMethodFilterOptions(
  names: readonly string[] = DELIVERY_METHODS,
): { value: string; label: string }[] {
  // Methods that read the same ('Pre-sale' = preorder and deposit) are one option whose value is the
  // comma list the list endpoint's filter[delivery_method] accepts.
  const byLabel = new Map<string, string[]>();
  for (const method of new Set(names)) {
    const label = deliveryMethodLabel({ method });
    byLabel.set(label, [...(byLabel.get(label) ?? []), method]);
  }
  return [...byLabel].map(([label, methods]) => ({ value: methods.join(','), label }));
}
