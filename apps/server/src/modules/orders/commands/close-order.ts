import type { DeliveryInfo } from '@mc/api';
import { ageCheckRule, DomainError, decideAgeCheck } from '@mc/domain';
import type { AppContext } from '../../../context.ts';
import { assertTransition, type OrderRow, transitionOrder } from '../transition-order.ts';
import { asMerchant, type Caller, readOrder } from './command-context.ts';

/**
 * shipped → delivered (CLOSED), with the delivery details {signed_by, delivered_by, delivered_on}.
 * An order the store's own driver delivered needs the ID check at the door (decision 0101): refused
 * with 400 when it is missing, the birth date is invalid or the person is under 21 on the delivery date
 * in the store's zone. Only the outcome is written (`age_check`); the birth date is never stored.
 */
export async function closeOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  info?: DeliveryInfo,
): Promise<OrderRow> {
  const order = await readOrder(ctx, caller, orderId);
  // A close the table refuses stays a 409, whatever its age check.
  assertTransition('merchant', order.status, 'CLOSED');
  const decision = decideAgeCheck({
    rule: ageCheckRule({
      delivery: { method: order.delivery_method },
      courier_estimate_id: order.courier_estimate_id,
    }),
    verification: info?.age_verification,
    deliveredOn: info?.delivered_on ?? new Date(),
    tz: caller.merchant.timezone,
    courier: order.courier_info,
  });
  if (!decision.ok) {
    throw new DomainError('VALIDATION', decision.message, {
      errors: [{ path: `delivery_info.${decision.field}`, message: decision.message }],
    });
  }
  const ageCheck = decision.outcome ? { age_check: decision.outcome } : {};
  // Named fields only: the request's age_verification (with its birth date) is never spread into a row.
  const details = info
    ? {
        signed_by: info.signed_by,
        delivered_by: info.delivered_by,
        delivered_on: info.delivered_on,
        ...ageCheck,
      }
    : null;
  const who = info
    ? [
        info.signed_by && `signed by ${info.signed_by}`,
        info.delivered_by && `delivered by ${info.delivered_by}`,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  return transitionOrder(ctx, {
    ...asMerchant(caller, orderId),
    to: 'CLOSED',
    action: 'delivered',
    comment: who ? `Delivered, ${who}` : 'Delivered',
    patch: details ? { delivery_details: details } : {},
    data: details ?? (decision.outcome ? { ...ageCheck } : undefined),
  });
}
