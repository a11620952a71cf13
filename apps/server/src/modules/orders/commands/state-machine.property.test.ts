import {
  canTransition,
  MARKETPLACE_EVENT_TARGET,
  type MarketplaceEventType,
  NEW_STATUSES,
  type OrderStatus,
  trackingAcceptsFirst,
} from '@mc/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, orderItems } from '../../../db/schema.ts';
import { buildMerchantWithOwner, buildOrder, useTestApp } from '../../../test/harness.ts';

/**
 * Model-based: random sequences of merchant and marketplace actions go through the API; every answer is
 * checked against the transition table (the model), and the history grows by one row per accepted change.
 */
const t = useTestApp();
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
beforeAll(async () => {
  owner = await buildMerchantWithOwner(t);
});

type MerchantAction =
  | 'accept'
  | 'reject'
  | 'partial'
  | 'ship_tracking'
  | 'out_for_delivery'
  | 'courier'
  | 'deliver';
type Action =
  | { actor: 'merchant'; action: MerchantAction }
  | { actor: 'marketplace'; event: MarketplaceEventType };

const MERCHANT_TARGET: Record<MerchantAction, OrderStatus> = {
  accept: 'MERCHANT_ACCEPTED',
  reject: 'MERCHANT_REJECTED',
  partial: 'REJECTED_PARTIAL',
  ship_tracking: 'MERCHANT_SHIPPED',
  out_for_delivery: 'MERCHANT_SHIPPED',
  courier: 'MERCHANT_SHIPPED',
  deliver: 'CLOSED',
};

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...(Object.keys(MERCHANT_TARGET) as MerchantAction[]))
      .map((action) => ({ actor: 'merchant' as const, action })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...(Object.keys(MARKETPLACE_EVENT_TARGET) as MarketplaceEventType[]))
      .map((event) => ({ actor: 'marketplace' as const, event })),
  },
);

async function send(id: string, itemId: string, a: Action) {
  const tmk = owner.merchant.tmk;
  if (a.actor === 'marketplace') {
    return t.app.inject({
      method: 'POST',
      url: `/m/v2/marketplace/orders/${id}/events`,
      headers: { authorization: `Bearer ${t.ctx.config.marketplaceKey}` },
      payload: { type: a.event },
    });
  }
  const put = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/m/v2/orders/${id}`, headers: owner.headers, payload });
  const post = (sub: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${tmk}/orders/${id}/${sub}`,
      headers: owner.headers,
      payload,
    });
  switch (a.action) {
    case 'accept':
      return put({ status: 'MERCHANT_ACCEPTED' });
    case 'reject':
      return put({ status: 'MERCHANT_REJECTED', reason: 'other', other_reason: 'Closed for inventory' });
    case 'partial':
      return put({
        status: 'REJECTED_PARTIAL',
        items: [{ id: itemId, statuslist: ['WRONG_PRICE'] }],
        rejection_message: { wrongPrice: { [itemId]: { checked: true, price: 12.5 } } },
      });
    case 'ship_tracking':
      return put({
        status: 'MERCHANT_SHIPPED',
        tracking_info: { tracking_provider: 'GSO', tracking_id: 'GSO123' },
      });
    case 'out_for_delivery':
      return post('ship', { status: 'MERCHANT_SHIPPED' });
    case 'courier':
      return post('courier', { courier_info: { dispatch_type: 'immediate', number_of_package: 1 } });
    case 'deliver':
      return put({
        status: 'CLOSED',
        delivery_info: {
          signed_by: 'A',
          delivered_by: 'B',
          delivered_on: new Date().toISOString(),
          age_verification: { birth_date: '1990-04-01', id_type: 'state_id', checked_by: 'B' },
        },
      });
  }
}

describe('model-based: API answers follow the transition table', () => {
  it('random action sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...NEW_STATUSES),
        fc.boolean(),
        fc.array(actionArb, { minLength: 1, maxLength: 8 }),
        async (initial, declines, actions) => {
          const id = await buildOrder(t.ctx, {
            merchantTmk: owner.merchant.tmk,
            status: initial,
            overrides: {
              delivery: { method: 'on_demand' },
              payment_behavior: declines ? 'decline' : 'approve',
            },
          });
          const [item] = await t.database.db
            .select()
            .from(orderItems)
            .where(eq(orderItems.order_id, id))
            .limit(1);
          let model: OrderStatus = initial;
          let changes = 0;
          for (const a of actions) {
            const res = await send(id, item!.id, a);
            const actor = a.actor;
            const target =
              a.actor === 'merchant' ? MERCHANT_TARGET[a.action] : MARKETPLACE_EVENT_TARGET[a.event];
            // Tracking on a payment-approved or -submitted order accepts it first, then ships it.
            const acceptsFirst: boolean =
              a.actor === 'merchant' && a.action === 'ship_tracking' && trackingAcceptsFirst(model);
            const allowed = acceptsFirst || canTransition(actor, model, target);
            const label = `${model} --${a.actor === 'merchant' ? a.action : a.event}--> ${target}`;
            if (!allowed) {
              expect(res.statusCode, label).toBe(409);
              continue;
            }
            expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
            const captures: boolean = a.actor === 'merchant' && (a.action === 'accept' || acceptsFirst);
            const expected: OrderStatus = captures && declines ? 'PAYMENT_DECLINED' : target;
            expect(res.json().status, label).toBe(expected);
            model = expected;
            changes += acceptsFirst && !declines ? 2 : 1;
          }
          const rows = await t.database.db.select().from(orderHistory).where(eq(orderHistory.order_id, id));
          expect(
            rows.filter((r) => r.from_status !== r.to_status && r.action !== 'placed' && r.action !== 'test'),
          ).toHaveLength(changes);
        },
      ),
      { numRuns: 40 },
    );
  });
});
