/** The zod schema of an order status (order-status.ts), apart so the orders list loads no zod (decision 0109). */
import { z } from 'zod';
import { ORDER_STATUSES } from './order-status.ts';

/** Accepts the spec's alias REJECTED_MERCHANT and stores it as MERCHANT_REJECTED. */
export const OrderStatusSchema = z.preprocess(
  (v) => (v === 'REJECTED_MERCHANT' ? 'MERCHANT_REJECTED' : v),
  z.enum(ORDER_STATUSES),
);
