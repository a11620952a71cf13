import type { CourierRequestInput } from '@mc/domain';
import { courierIdempotencyKey, DomainError, fulfilmentFlow } from '@mc/domain';
import type { AppContext } from '../../../context.ts';
import { runSteps, type StepLog } from '../../../lib/steps.ts';
import { assertReadyToShip, assertTransition, type OrderRow, transitionOrder } from '../transition-order.ts';
import { asMerchant, type Caller, readOrder } from './command-context.ts';
import { bookCourierStep } from './courier-steps.ts';

/**
 * 'Call a Courier' / 'REQUEST PICKUP': accepted → shipped through the courier adapter. The courier is booked
 * OUTSIDE any transaction (idempotency key from the order id), then the transition is written from the
 * status we read, with the courier info; when that write throws, the booking is cancelled (courier-steps.ts).
 * Shipping orders (label or tracking) cannot call a courier.
 */
export async function requestCourier(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  input: CourierRequestInput,
  log?: StepLog,
): Promise<OrderRow> {
  const order = await readOrder(ctx, caller, orderId);
  const from = order.status;
  assertTransition('merchant', from, 'MERCHANT_SHIPPED');
  if (
    fulfilmentFlow({
      delivery: { method: order.delivery_method },
      courier_estimate_id: order.courier_estimate_id,
    }) === 'ship'
  ) {
    throw new DomainError('CONFLICT', 'A courier can be called only for delivery and courier orders');
  }
  // Do not book a courier for an order that cannot ship.
  await ctx.database.db.transaction((tx) => assertReadyToShip(tx, orderId, caller.merchant.id, from));

  const m = caller.merchant;
  const request = {
    orderId,
    idempotencyKey: courierIdempotencyKey(orderId),
    pickup: {
      name: m.name,
      street_1: m.street_1,
      street_2: m.street_2,
      city: m.city,
      state: m.state,
      zipcode: m.zipcode,
      phone_number: m.primary_phone,
    },
    dropoff: order.recipient,
    numberOfPackages: input.number_of_package,
    pickupInstructions: input.pickup_instructions ?? '',
    dispatchType: 'immediate' as const,
  };
  const aux = { ...(order.aux_data ?? {}) };
  if (input.save_instructions) aux.courier_pick_instructions = input.pickup_instructions ?? '';
  return runSteps({ log, context: { order_id: orderId, command: 'request courier' } }, async (run) => {
    const info = await run(bookCourierStep, { ctx, request, from });
    return transitionOrder(ctx, {
      ...asMerchant(caller, orderId),
      to: 'MERCHANT_SHIPPED',
      expectFrom: from,
      action: 'courier_requested',
      comment: `Courier pickup requested: ${input.number_of_package} package(s)`,
      patch: { courier_info: { ...info }, aux_data: aux },
      data: { delivery_id: info.delivery_id, provider: info.provider },
    });
  });
}
