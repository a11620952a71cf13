/** Header order search rules. */

export type OrderSearch = { kind: 'email'; value: string } | { kind: 'order_id'; value: string };

/**
 * 'Order #' box: a value containing '@' is a customer email; otherwise the first character (the '#')
 * is dropped and the rest is an order id. Empty does nothing (null).
 */
export function parseOrderSearch(input: string | null | undefined): OrderSearch | null {
  const v = (input ?? '').trim();
  if (!v) return null;
  if (v.includes('@')) return { kind: 'email', value: v };
  const id = (v.startsWith('#') ? v.slice(1) : v).trim();
  return id ? { kind: 'order_id', value: id } : null;
}

/** 'Customer Name' box: '#' removed; empty does nothing (null). */
export function parseNameSearch(input: string | null | undefined): string | null {
  const v = (input ?? '').replace(/#/g, '').trim();
  return v || null;
}
