/**
 * Send directions to a phone ('Send to phone' on the order detail). The server writes the
 * message from the order (recipient name, address, phone, maps directions link), so the endpoint can only
 * ever text an order's directions. It goes through the SMS adapter: Twilio when configured, else the
 * sandbox outbox (/dev/outbox.json).
 */
import type { SendSmsResponse } from '@mc/api';
import { DomainError, directionsSmsMessage, MSG } from '@mc/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { MerchantRow } from '../../db/rows.ts';
import { orders } from '../../db/schema.ts';

export async function sendDirections(
  ctx: AppContext,
  merchant: MerchantRow,
  input: { number: string; order_id: string },
): Promise<SendSmsResponse> {
  const [order] = await ctx.database.db
    .select({ id: orders.id, recipient: orders.recipient })
    .from(orders)
    .where(and(eq(orders.id, input.order_id), eq(orders.merchant_id, merchant.id)))
    .limit(1);
  if (!order) throw new DomainError('NOT_FOUND', 'Order not found');
  const message = directionsSmsMessage(order.recipient);
  try {
    await ctx.adapters.sms.send(input.number, message);
  } catch {
    throw new DomainError('CONFLICT', MSG.DIRECTIONS_SEND_FAILED);
  }
  return { success: true, to: input.number, message };
}
