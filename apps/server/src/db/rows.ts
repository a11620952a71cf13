/** Row types shared by several modules (one place, so no module imports another's inner files for them). */
import type { merchants, orders } from './schema.ts';

export type MerchantRow = typeof merchants.$inferSelect;

/** An order's money columns, in cents: the totals a document or an export of the order shows. */
export type OrderMoneyCents = Pick<
  typeof orders.$inferSelect,
  | 'subtotal_cents'
  | 'tax_cents'
  | 'delivery_fee_cents'
  | 'shipping_cents'
  | 'tip_cents'
  | 'discount_cents'
  | 'total_cents'
>;
