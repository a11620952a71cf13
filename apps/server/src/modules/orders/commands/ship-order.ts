import type { TrackingInput } from '@mc/domain';
import { carrierTrackingUrl, DomainError, trackingAcceptsFirst } from '@mc/domain';
import type { AppContext } from '../../../context.ts';
import { shipments } from '../../../db/schema.ts';
import type { StepLog } from '../../../lib/steps.ts';
import { assertReadyToShip, type OrderRow, orderTransaction, transitionOrder } from '../transition-order.ts';
import { acceptOrder } from './accept-order.ts';
import { asMerchant, type Caller, readOrder } from './command-context.ts';

/** The tracking columns for an entered carrier and number (OTHER brings its own name and URL). */
export function trackingColumns(t: TrackingInput) {
  const isOther = t.tracking_provider === 'OTHER';
  return {
    tracking_provider: t.tracking_provider,
    tracking_id: t.tracking_id,
    tracking_url: isOther ? (t.tracking_url ?? null) : carrierTrackingUrl(t.tracking_provider, t.tracking_id),
    other_tracking_provider: isOther ? (t.other_tracking_provider ?? null) : null,
  };
}

/**
 * accepted → shipped: with tracking ('You're ready to ship!') or without (out for delivery). The presale
 * rule is enforced by transitionOrder for every shipping path. Tracking saved on a payment-approved or
 * payment-submitted order accepts it first (capturing the payment, as ACCEPT does), after checking that it
 * could then ship; a declined capture answers the declined order, unshipped.
 */
export async function shipOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  tracking?: TrackingInput,
  log?: StepLog,
): Promise<OrderRow> {
  try {
    return await shipAccepted(ctx, caller, orderId, tracking);
  } catch (error) {
    // The common case (an accepted order) reads the order once; only a refused ship looks at why.
    if (!tracking || !(error instanceof DomainError) || error.code !== 'ILLEGAL_TRANSITION') throw error;
    const order = await readOrder(ctx, caller, orderId);
    if (!trackingAcceptsFirst(order.status)) throw error;
    await assertReadyToShip(ctx.database.db, orderId, caller.merchant.id, order.status);
    const accepted = await acceptOrder(ctx, caller, orderId, log);
    if (accepted.status !== 'MERCHANT_ACCEPTED') return accepted;
    return shipAccepted(ctx, caller, orderId, tracking);
  }
}

async function shipAccepted(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  tracking?: TrackingInput,
): Promise<OrderRow> {
  const columns = tracking ? trackingColumns(tracking) : null;
  return orderTransaction(ctx, async (tx) => {
    const updated = await transitionOrder(
      ctx,
      {
        ...asMerchant(caller, orderId),
        to: 'MERCHANT_SHIPPED',
        action: tracking ? 'ship' : 'out_for_delivery',
        comment: columns
          ? `${columns.other_tracking_provider ?? columns.tracking_provider} ${columns.tracking_id}`
          : 'Out for delivery',
        patch: columns ?? {},
        data: columns ? { ...columns } : undefined,
      },
      tx,
    );
    if (columns) {
      await tx.insert(shipments).values({
        order_id: orderId,
        carrier: columns.other_tracking_provider ?? columns.tracking_provider,
        tracking_code: columns.tracking_id,
        tracking_url: columns.tracking_url,
      });
    }
    return updated;
  });
}
