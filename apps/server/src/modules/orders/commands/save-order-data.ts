import type { OrderDataBody } from '@mc/api';
import {
  canEditTracking,
  canMarkDelivered,
  canRejectItems,
  DomainError,
  isNewStatus,
  RejectionMessageSchema,
  TrackingSchema,
} from '@mc/domain';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { OrderRow } from '../transition-order.ts';
import { type Caller, readOrder, updateOrderData } from './command-context.ts';
import { trackingColumns } from './ship-order.ts';

type Data = z.output<typeof import('@mc/api').OrderDataBodySchema>;

/**
 * POST .../orders/{id}/data: data that keeps the status. Each part is allowed only in the statuses the
 * availability rules give it (tracking: accepted or shipped; delivery details: shipped or closed;
 * rejection_message: new or on hold; instructions: new, accepted, shipped), else 409.
 */
export async function saveOrderData(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  body: Data | OrderDataBody,
): Promise<OrderRow> {
  const order = await readOrder(ctx, caller, orderId);
  const s = order.status;
  const refuse = (what: string) => {
    throw new DomainError('ILLEGAL_TRANSITION', `Cannot change ${what} of an order in status ${s}`);
  };
  if (body.tracking_provider !== undefined || body.tracking_id !== undefined) {
    if (!canEditTracking(s)) refuse('the tracking details');
    const t = TrackingSchema.parse(body);
    const columns = trackingColumns(t);
    return updateOrderData(ctx, caller, order, {
      action: 'tracking_updated',
      comment: `${columns.other_tracking_provider ?? columns.tracking_provider} ${columns.tracking_id}`,
      patch: columns,
      data: { ...columns },
    });
  }
  if (body.rejection_message !== undefined) {
    if (!canRejectItems(s) && s !== 'REJECTED_PARTIAL') refuse('the rejection message');
    const message = RejectionMessageSchema.parse(body.rejection_message);
    return updateOrderData(ctx, caller, order, {
      action: 'rejection_message_saved',
      patch: { rejection_message: message as Record<string, unknown> },
    });
  }
  if (body.delivered_on !== undefined || body.signed_by !== undefined || body.delivered_by !== undefined) {
    if (!canMarkDelivered(s) && s !== 'CLOSED') refuse('the delivery details');
    if (!body.delivered_on)
      throw new DomainError('VALIDATION', 'Please fill in required fields', {
        errors: [{ path: 'delivered_on', message: 'Please fill in required fields' }],
      });
    // The age check recorded at the close stays with the details (it is the close's, not editable here).
    const ageCheck = (order.delivery_details as { age_check?: unknown } | null)?.age_check;
    const details = {
      signed_by: body.signed_by ?? '',
      delivered_by: body.delivered_by ?? '',
      delivered_on: body.delivered_on,
      ...(ageCheck ? { age_check: ageCheck } : {}),
    };
    return updateOrderData(ctx, caller, order, {
      action: 'delivery_details_saved',
      patch: { delivery_details: details },
      data: details,
    });
  }
  if (body.delivery_instructions !== undefined) {
    if (!isNewStatus(s) && s !== 'MERCHANT_ACCEPTED' && s !== 'MERCHANT_SHIPPED')
      refuse('the delivery instructions');
    return updateOrderData(ctx, caller, order, {
      action: 'instructions_updated',
      comment: body.delivery_instructions,
      patch: { recipient: { ...order.recipient, delivery_instructions: body.delivery_instructions } },
    });
  }
  throw new DomainError('VALIDATION', 'Nothing to save', {
    errors: [{ path: 'body', message: 'Nothing to save' }],
  });
}
