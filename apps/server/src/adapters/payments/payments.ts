import { randomUUID } from 'node:crypto';

export interface CaptureRequest {
  orderId: string;
  amountCents: number;
  /** Derived from the order id, so a retried capture never charges twice. */
  idempotencyKey: string;
  /** Marketplace payment reference (a PaymentIntent id with Stripe). */
  paymentRef: string | null;
  /** Sandbox only: the demo data marks orders whose card the sandbox declines. */
  sandboxBehavior?: 'approve' | 'decline';
}

export type CaptureResult = { ok: true; ref: string } | { ok: false; reason: string };

export interface OnboardingMerchant {
  id: string;
  tmk: string;
  name: string;
  email: string;
  merchant_account_id: string | null;
}

export interface OnboardingLinks {
  /** Present once an account exists at the provider. */
  account_id: string | null;
  /** Where to finish onboarding (null once complete). */
  onboarding_url: string | null;
  /** The provider's express dashboard (null until the account exists). */
  login_link: string | null;
  complete: boolean;
}

/** Card payments (Stripe Connect Express when configured; a local sandbox by default). */
export interface PaymentsAdapter {
  readonly kind: 'stripe' | 'sandbox';
  capture(req: CaptureRequest): Promise<CaptureResult>;
  /** Creates the connected account when missing and returns the links the billing page shows. */
  onboarding(merchant: OnboardingMerchant, returnUrl: string): Promise<OnboardingLinks>;
}

/**
 * The sandbox behaves like the provider: captures approve unless the order is marked to decline,
 * onboarding goes through a local page (served by the billing module) that completes the account.
 */
export function sandboxPayments(
  publicUrl: string,
  isComplete: (accountId: string) => Promise<boolean>,
): PaymentsAdapter {
  return {
    kind: 'sandbox',
    async capture(req) {
      if (req.sandboxBehavior === 'decline') return { ok: false, reason: 'card_declined' };
      return { ok: true, ref: `ch_sandbox_${req.idempotencyKey.slice(0, 24)}` };
    },
    async onboarding(merchant) {
      const accountId =
        merchant.merchant_account_id ?? `acct_sandbox_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const complete = merchant.merchant_account_id ? await isComplete(accountId) : false;
      return {
        account_id: accountId,
        onboarding_url: complete
          ? null
          : `${publicUrl}/v1/sandbox/stripe/onboarding/${encodeURIComponent(accountId)}`,
        login_link: complete
          ? `${publicUrl}/v1/sandbox/stripe/dashboard/${encodeURIComponent(accountId)}`
          : null,
        complete,
      };
    },
  };
}

/** Stripe Connect Express through the official SDK (STRIPE_SECRET_KEY). */
export async function stripePayments(secretKey: string): Promise<PaymentsAdapter> {
  const { default: Stripe } = await import('stripe');
  const stripe = new Stripe(secretKey);
  return {
    kind: 'stripe',
    async capture(req) {
      if (!req.paymentRef) return { ok: false, reason: 'missing_payment_intent' };
      try {
        const pi = await stripe.paymentIntents.capture(
          req.paymentRef,
          { amount_to_capture: req.amountCents },
          { idempotencyKey: req.idempotencyKey },
        );
        return pi.status === 'succeeded' ? { ok: true, ref: pi.id } : { ok: false, reason: pi.status };
      } catch (e) {
        return { ok: false, reason: (e as { code?: string }).code ?? 'capture_failed' };
      }
    },
    async onboarding(merchant, returnUrl) {
      let accountId = merchant.merchant_account_id;
      if (!accountId) {
        const account = await stripe.accounts.create({
          type: 'express',
          email: merchant.email || undefined,
          business_profile: { name: merchant.name },
          metadata: { tmk: merchant.tmk },
        });
        accountId = account.id;
      }
      const account = await stripe.accounts.retrieve(accountId);
      const complete = Boolean(account.details_submitted && account.charges_enabled);
      if (complete) {
        const link = await stripe.accounts.createLoginLink(accountId);
        return { account_id: accountId, onboarding_url: null, login_link: link.url, complete };
      }
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: returnUrl,
        return_url: returnUrl,
        type: 'account_onboarding',
      });
      return { account_id: accountId, onboarding_url: link.url, login_link: null, complete };
    },
  };
}
