import type { AppContext } from '../../context.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';
import { getBilling, saveBillingForm } from './billing.ts';
import { getOnboardingLinks } from './onboarding.ts';

/** Billing details and the payment onboarding links (owner). */
export function billingHandlers(
  ctx: AppContext,
): EndpointHandlers<'getBilling' | 'saveBilling' | 'getStripeOnboarding'> {
  return {
    getBilling: async ({ caller }) => getBilling(ctx.database.db, caller.merchant.id),
    saveBilling: async ({ caller, body }) => saveBillingForm(ctx, caller.merchant.id, body),
    getStripeOnboarding: async ({ req, caller }) =>
      getOnboardingLinks(ctx, caller.merchant, caller.principal.sessionId, req.log),
  };
}
