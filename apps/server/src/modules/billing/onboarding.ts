import type { StripeOnboarding } from '@mc/api';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { MerchantRow } from '../../db/rows.ts';
import { merchants } from '../../db/schema.ts';
import { announceMerchantChanged } from '../auth/index.ts';
import { signedOnboardingQuery } from './sandbox-pages.ts';

/**
 * GET /v1/merchant/{tmk}/stripe: creates the connected account when missing (through the payments
 * adapter), remembers its id, marks the merchant onboarded once the provider says so, and answers the
 * links the billing page shows. A provider failure answers no links (the page shows the spec's message).
 */
export async function getOnboardingLinks(
  ctx: AppContext,
  merchant: MerchantRow,
  sessionId: string,
  log?: { error(o: object, m: string): void },
): Promise<StripeOnboarding> {
  const { payments } = ctx.adapters;
  const { publicUrl } = ctx.config;
  let links: Awaited<ReturnType<typeof payments.onboarding>>;
  try {
    links = await payments.onboarding(
      {
        id: merchant.id,
        tmk: merchant.tmk,
        name: merchant.name,
        email: merchant.email,
        merchant_account_id: merchant.merchant_account_id,
      },
      `${publicUrl}/settings/billing`,
    );
  } catch (err) {
    log?.error({ err }, 'payment onboarding failed');
    return {
      merchant_account_id: merchant.merchant_account_id,
      complete: false,
      onboarding_data: null,
      login_link: null,
    };
  }
  const patch: Partial<typeof merchants.$inferInsert> = {};
  if (links.account_id && links.account_id !== merchant.merchant_account_id)
    patch.merchant_account_id = links.account_id;
  if (links.complete !== merchant.payments_onboarded) patch.payments_onboarded = links.complete;
  if (Object.keys(patch).length) {
    await ctx.database.db
      .update(merchants)
      .set({ ...patch, updated_at: new Date() })
      .where(eq(merchants.id, merchant.id));
    await announceMerchantChanged(ctx, merchant.id);
  }
  // The sandbox's pages live on this server: answer them as paths so they work behind any origin (dev proxy, tests).
  const local = (url: string | null) =>
    url && payments.kind === 'sandbox' && url.startsWith(publicUrl) ? url.slice(publicUrl.length) : url;
  let onboardingUrl = local(links.onboarding_url);
  // The sandbox's page completes only for this owner's session (sandbox-pages.ts).
  if (onboardingUrl && payments.kind === 'sandbox' && links.account_id)
    onboardingUrl = `${onboardingUrl}?${signedOnboardingQuery(ctx, links.account_id, sessionId)}`;
  return {
    merchant_account_id: links.account_id,
    complete: links.complete,
    onboarding_data: onboardingUrl ? { url: onboardingUrl } : null,
    login_link: local(links.login_link),
  };
}
