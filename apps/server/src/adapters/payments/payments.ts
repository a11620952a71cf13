import { randomUUID } from 'node:crypto';
import { DomainError } from '@mc/domain';

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

export interface ReleaseRequest {
  orderId: string;
  /** The PaymentIntent id with Stripe. */
  paymentRef: string | null;
  idempotencyKey: string;
}
export type ReleaseResult = { ok: true; ref: string | null } | { ok: false; reason: string };

export interface RefundRequest {
  orderId: string;
  /** The PaymentIntent id with Stripe. */
  paymentRef: string | null;
  amountCents: number;
  idempotencyKey: string;
}
/** `ok: false` is the provider's answer that nothing was refunded (e.g. nothing was captured). */
export type RefundResult = { ok: true; ref: string | null } | { ok: false; reason: string };

/** The provider did not answer (time-out, 5xx, rate limit, bad credentials): nothing was changed. */
export const PAYMENTS_UNAVAILABLE = 'The payment provider is not responding. Please try again.';

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
  /** Cancels an authorised, uncaptured payment (the hold on the card is released). */
  release(req: ReleaseRequest): Promise<ReleaseResult>;
  /** Gives a captured payment back (the compensation of a capture whose accept lost). */
  refund(req: RefundRequest): Promise<RefundResult>;
  /** Creates the connected account when missing and returns the links the billing page shows. */
  onboarding(merchant: OnboardingMerchant, returnUrl: string): Promise<OnboardingLinks>;
}

/** A sandbox payment as Stripe's PaymentIntent with manual capture sees it. */
export interface SandboxIntent {
  status: 'requires_capture' | 'succeeded' | 'canceled';
  refunded: boolean;
}

export interface SandboxPaymentsAdapter extends PaymentsAdapter {
  readonly kind: 'sandbox';
  /** This process's view of an order's payment (tests, and what the sandbox answers next). */
  intent(orderId: string): SandboxIntent | undefined;
  /** The cents captured and refunded so far for an order's payment (partial refunds add up, as Stripe's). */
  amounts(orderId: string): { capturedCents: number; refundedCents: number } | undefined;
}

/** How many payments the sandbox remembers (the oldest are forgotten: a demo server runs for days). */
const SANDBOX_INTENTS = 10_000;

/**
 * The sandbox behaves like the provider: each order's payment is a PaymentIntent with manual capture
 * (authorised → captured → refunded in full or in part, or authorised → cancelled), answers are replayed for a repeated
 * idempotency key as Stripe does, captures approve unless the order is marked to decline, and onboarding
 * goes through a local page (served by the billing module) that completes the account. The state lives in
 * this process (it is a sandbox: several processes each keep their own).
 */
export function sandboxPayments(
  publicUrl: string,
  isComplete: (accountId: string) => Promise<boolean>,
): SandboxPaymentsAdapter {
  const intents = new Map<string, SandboxIntent>();
  const amounts = new Map<string, { capturedCents: number; refundedCents: number }>();
  const answers = new Map<string, { ok: true; ref: string | null } | { ok: false; reason: string }>();
  const intentOf = (orderId: string): SandboxIntent => {
    let intent = intents.get(orderId);
    if (!intent) {
      intent = { status: 'requires_capture', refunded: false };
      intents.set(orderId, intent);
      if (intents.size > SANDBOX_INTENTS) {
        const oldest = intents.keys().next().value;
        if (oldest !== undefined) {
          intents.delete(oldest);
          amounts.delete(oldest);
        }
      }
    }
    return intent;
  };
  /** One answer per idempotency key (Stripe replays the first answer to a repeated key). */
  const once = <R extends { ok: true; ref: string | null } | { ok: false; reason: string }>(
    key: string,
    decide: () => R,
  ): R => {
    const seen = answers.get(key);
    if (seen) return seen as R;
    const answer = decide();
    answers.set(key, answer);
    if (answers.size > SANDBOX_INTENTS * 3) {
      const oldest = answers.keys().next().value;
      if (oldest !== undefined) answers.delete(oldest);
    }
    return answer;
  };
  const unexpected = { ok: false as const, reason: 'payment_intent_unexpected_state' };
  return {
    kind: 'sandbox',
    intent: (orderId) => {
      const intent = intents.get(orderId);
      return intent && { ...intent };
    },
    amounts: (orderId) => {
      const a = amounts.get(orderId);
      return a && { ...a };
    },
    async capture(req) {
      if (req.sandboxBehavior === 'decline') return { ok: false, reason: 'card_declined' };
      const answer = once(`capture:${req.idempotencyKey}`, () => {
        const intent = intentOf(req.orderId);
        if (intent.status !== 'requires_capture') return unexpected;
        intent.status = 'succeeded';
        amounts.set(req.orderId, { capturedCents: req.amountCents, refundedCents: 0 });
        return { ok: true as const, ref: `ch_sandbox_${req.idempotencyKey.slice(0, 24)}` };
      });
      return answer.ok ? { ok: true, ref: answer.ref ?? '' } : answer;
    },
    async release(req) {
      return once(`release:${req.idempotencyKey}`, () => {
        const intent = intentOf(req.orderId);
        if (intent.status === 'succeeded') return unexpected;
        intent.status = 'canceled';
        return { ok: true as const, ref: req.paymentRef };
      });
    },
    async refund(req) {
      return once(`refund:${req.idempotencyKey}`, () => {
        const intent = intentOf(req.orderId);
        if (intent.status !== 'succeeded') return { ok: false as const, reason: 'charge_not_captured' };
        const a = amounts.get(req.orderId) ?? { capturedCents: req.amountCents, refundedCents: 0 };
        const left = a.capturedCents - a.refundedCents;
        if (left <= 0) return { ok: false as const, reason: 'charge_already_refunded' };
        // Like Stripe: a refund is at most what is left of the charge; partial refunds add up.
        if (!Number.isInteger(req.amountCents) || req.amountCents <= 0)
          return { ok: false as const, reason: 'amount_too_small' };
        if (req.amountCents > left) return { ok: false as const, reason: 'amount_too_large' };
        amounts.set(req.orderId, { ...a, refundedCents: a.refundedCents + req.amountCents });
        intent.refunded = true;
        return { ok: true as const, ref: `re_sandbox_${req.idempotencyKey.slice(0, 24)}` };
      });
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

export interface StripeOptions {
  secretKey: string;
  /** STRIPE_API_BASE, e.g. http://127.0.0.1:12111 (the SDK's host, port and protocol). */
  apiBase?: string;
  /** Per-attempt time-out (at most 10 s, and 12 s over all attempts). */
  timeoutMs?: number;
  /** Network retries the SDK makes (connection errors, 409, 5xx), with back-off and the same Idempotency-Key (1). */
  maxNetworkRetries?: number;
}

/** The SDK's host/port/protocol options from a base URL. */
export function stripeHostOptions(apiBase: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!apiBase) return {};
  const u = new URL(apiBase);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

/**
 * Stripe's errors: a card or request refusal is an answer (the capture is declined); anything else
 * (time-out, connection, 5xx, rate limit, authentication) means Stripe did not decide, so the command stops
 * with PAYMENTS_UNAVAILABLE and writes nothing.
 */
function isRefusal(e: unknown): e is { type: string; code?: string; decline_code?: string } {
  const type = (e as { type?: string }).type;
  return type === 'StripeCardError' || type === 'StripeInvalidRequestError';
}
function unavailable(): DomainError {
  return new DomainError('UNAVAILABLE', PAYMENTS_UNAVAILABLE);
}

/**
 * The Stripe API version every request names (the Stripe-Version header). Written here rather than
 * taken from the SDK, so a minor SDK release that moves its default cannot change what Stripe answers
 * without a change to this line and its review (docs/decisions/0119-server-dependencies-on-current-majors-and-a-lighter-install.md).
 * It is the version the installed SDK (stripe 23.1) is typed for.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** Stripe Connect Express through the official SDK (STRIPE_SECRET_KEY). */
export async function stripePayments(opts: StripeOptions | string): Promise<PaymentsAdapter> {
  const o: StripeOptions = typeof opts === 'string' ? { secretKey: opts } : opts;
  const { default: Stripe } = await import('stripe');
  // The SDK's time-out is per attempt: all attempts together stay within 12 s (the merchant hears back
  // within 15 s), so with one retry each attempt gets at most 6 s.
  const retries = o.maxNetworkRetries ?? 1;
  const stripe = new Stripe(o.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    ...stripeHostOptions(o.apiBase),
    timeout: Math.min(o.timeoutMs ?? 10_000, Math.floor(12_000 / (retries + 1))),
    maxNetworkRetries: retries,
    appInfo: { name: 'merchant-console' },
  });
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
        if (isRefusal(e)) return { ok: false, reason: e.decline_code ?? e.code ?? 'capture_failed' };
        throw unavailable();
      }
    },
    async release(req) {
      if (!req.paymentRef) return { ok: true, ref: null };
      try {
        const pi = await stripe.paymentIntents.cancel(
          req.paymentRef,
          { cancellation_reason: 'abandoned' },
          { idempotencyKey: req.idempotencyKey },
        );
        return pi.status === 'canceled' ? { ok: true, ref: pi.id } : { ok: false, reason: pi.status };
      } catch (e) {
        if (isRefusal(e)) return { ok: false, reason: e.code ?? 'cancel_failed' };
        throw unavailable();
      }
    },
    async refund(req) {
      if (!req.paymentRef) return { ok: false, reason: 'missing_payment_intent' };
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: req.paymentRef, amount: req.amountCents, reason: 'requested_by_customer' },
          { idempotencyKey: req.idempotencyKey },
        );
        return refund.status === 'succeeded' || refund.status === 'pending'
          ? { ok: true, ref: refund.id }
          : { ok: false, reason: refund.status ?? 'refund_failed' };
      } catch (e) {
        if (isRefusal(e)) return { ok: false, reason: e.code ?? 'refund_failed' };
        throw unavailable();
      }
    },
    async onboarding(merchant, returnUrl) {
      let accountId = merchant.merchant_account_id;
      if (!accountId) {
        // Keyed by the merchant: a retried onboarding (lost answer) gets the same account, not a second one.
        const account = await stripe.accounts.create(
          {
            type: 'express',
            email: merchant.email || undefined,
            business_profile: { name: merchant.name },
            metadata: { tmk: merchant.tmk },
          },
          { idempotencyKey: `acct-create-${merchant.id}` },
        );
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
