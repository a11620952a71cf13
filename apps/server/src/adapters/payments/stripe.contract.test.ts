/**
 * Stripe contract through the official SDK pointed at a local stand-in (STRIPE_API_BASE): Connect account,
 * account links, login links, PaymentIntent capture and cancel. Bodies follow Stripe's API reference
 * (https://docs.stripe.com/api) and its error object {error: {type, code, decline_code, message}}.
 * stripe-mock is not published on the npm registry, so a stand-in plays Stripe; no network.
 */
import { DomainError } from '@mc/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStandIn } from '../../test/stand-in.ts';
import {
  PAYMENTS_UNAVAILABLE,
  type PaymentsAdapter,
  STRIPE_API_VERSION,
  stripeHostOptions,
  stripePayments,
} from './payments.ts';

const KEY = 'sk_test_contract_123';
const api = useStandIn();
let stripe: PaymentsAdapter;

const pi = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
  object: 'payment_intent',
  amount: 2599,
  amount_capturable: status === 'requires_capture' ? 2599 : 0,
  amount_received: status === 'succeeded' ? 2599 : 0,
  capture_method: 'manual',
  currency: 'usd',
  livemode: false,
  status,
  latest_charge: 'ch_3MtwBwLkdIwHu7ix2O4Qq5VS',
  ...extra,
});
const stripeError = (status: number, error: Record<string, unknown>) => ({
  status,
  body: {
    error: {
      doc_url: 'https://stripe.com/docs/error-codes',
      request_log_url: 'https://dashboard.stripe.com/test/logs/req_1',
      ...error,
    },
  },
  headers: { 'request-id': 'req_1' },
});
const account = (complete: boolean) => ({
  id: 'acct_1Nv0FGQ9RKHgCVdK',
  object: 'account',
  type: 'express',
  charges_enabled: complete,
  details_submitted: complete,
  payouts_enabled: complete,
  email: 'owner@example.com',
});

beforeAll(async () => {
  stripe = await stripePayments({ secretKey: KEY, apiBase: api.url });
});

const capture = (a: PaymentsAdapter = stripe) =>
  a.capture({
    orderId: 'o1',
    amountCents: 2599,
    idempotencyKey: 'capture-o1',
    paymentRef: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
  });

function expectStripeRequest(path: string, key?: string) {
  const r = api.requests.at(-1)!;
  expect(`${r.method} ${r.path}`).toBe(path);
  expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
  if (r.method === 'POST') expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
  // The version the adapter names, not whatever the SDK defaults to.
  expect(r.headers['stripe-version']).toBe(STRIPE_API_VERSION);
  if (key) expect(r.headers['idempotency-key']).toBe(key);
  return r;
}

describe('Stripe: base URL', () => {
  it('STRIPE_API_BASE becomes the SDK host, port and protocol', () => {
    expect(stripeHostOptions('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(stripeHostOptions('https://stripe.internal')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeHostOptions(undefined)).toEqual({});
  });
});

describe('Stripe: PaymentIntent capture', () => {
  it('POST /v1/payment_intents/:id/capture, form encoded, Bearer key, our Idempotency-Key → captured', async () => {
    api.answer(() => ({ status: 200, body: pi('succeeded') }));
    expect(await capture()).toEqual({ ok: true, ref: 'pi_3MtwBwLkdIwHu7ix28a3tqPa' });
    const r = expectStripeRequest(
      'POST /v1/payment_intents/pi_3MtwBwLkdIwHu7ix28a3tqPa/capture',
      'capture-o1',
    );
    expect(r.body).toBe('amount_to_capture=2599');
  });

  it('a card decline (402 card_error) → declined with the decline code', async () => {
    api.answer(() =>
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      }),
    );
    expect(await capture()).toEqual({ ok: false, reason: 'insufficient_funds' });
  });

  it('a validation error (400 invalid_request_error) → declined with its code', async () => {
    api.answer(() =>
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'This PaymentIntent could not be captured because it has a status of canceled.',
      }),
    );
    expect(await capture()).toEqual({ ok: false, reason: 'payment_intent_unexpected_state' });
    expect(api.requests).toHaveLength(1);
  });

  it.each([
    [
      'auth error (401)',
      stripeError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided: sk_test_***123',
      }),
      1,
    ],
    [
      'rate limit (429)',
      {
        ...stripeError(429, {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message: 'Too many requests.',
        }),
        headers: { 'retry-after': '1' },
      },
      1,
    ],
    [
      'server error (500), retried once with the same key',
      stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }),
      2,
    ],
  ])('%s → UNAVAILABLE (not a decline; nothing to write)', async (_n, answer, attempts) => {
    api.answer(() => answer);
    const err = await capture().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('UNAVAILABLE');
    expect((err as DomainError).message).toBe(PAYMENTS_UNAVAILABLE);
    expect(api.requests).toHaveLength(attempts);
    expect(new Set(api.requests.map((r) => r.headers['idempotency-key']))).toEqual(new Set(['capture-o1']));
  });

  it('a 5xx then success: the retry (same Idempotency-Key) captures once', async () => {
    let n = 0;
    api.answer(() =>
      n++ === 0
        ? stripeError(503, { type: 'api_error', message: 'busy' })
        : { status: 200, body: pi('succeeded') },
    );
    expect(await capture()).toMatchObject({ ok: true });
    expect(api.requests.map((r) => r.headers['idempotency-key'])).toEqual(['capture-o1', 'capture-o1']);
  });

  it('a Stripe that never answers → UNAVAILABLE after the time-out (per attempt), retried once', async () => {
    api.answer(() => 'hang');
    const slow = await stripePayments({ secretKey: KEY, apiBase: api.url, timeoutMs: 300 });
    const started = Date.now();
    const err = await capture(slow).catch((e: unknown) => e);
    expect((err as DomainError).code).toBe('UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(api.requests).toHaveLength(2);
  });
});

describe('Stripe: PaymentIntent cancel', () => {
  it('POST /v1/payment_intents/:id/cancel with a reason and key → released', async () => {
    api.answer(() => ({ status: 200, body: pi('canceled', { cancellation_reason: 'abandoned' }) }));
    const res = await stripe.release({
      orderId: 'o1',
      paymentRef: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
      idempotencyKey: 'release-o1',
    });
    expect(res).toEqual({ ok: true, ref: 'pi_3MtwBwLkdIwHu7ix28a3tqPa' });
    const r = expectStripeRequest(
      'POST /v1/payment_intents/pi_3MtwBwLkdIwHu7ix28a3tqPa/cancel',
      'release-o1',
    );
    expect(r.body).toBe('cancellation_reason=abandoned');
  });

  it('cancelling a captured intent (400) → not released, with the code', async () => {
    api.answer(() =>
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
      }),
    );
    expect(await stripe.release({ orderId: 'o1', paymentRef: 'pi_1', idempotencyKey: 'k' })).toEqual({
      ok: false,
      reason: 'payment_intent_unexpected_state',
    });
  });
});

describe('Stripe: refund (the compensation of a capture)', () => {
  const refund = () =>
    stripe.refund({
      orderId: 'o1',
      paymentRef: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
      amountCents: 2599,
      idempotencyKey: 'refund-o1',
    });

  it('POST /v1/refunds with the PaymentIntent, amount, reason and our key → refunded', async () => {
    api.answer(() => ({
      status: 200,
      body: {
        id: 're_3MtwBwLkdIwHu7ix0J8sJ3fT',
        object: 'refund',
        amount: 2599,
        currency: 'usd',
        payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
        charge: 'ch_3MtwBwLkdIwHu7ix2O4Qq5VS',
        reason: 'requested_by_customer',
        status: 'succeeded',
      },
    }));
    expect(await refund()).toEqual({ ok: true, ref: 're_3MtwBwLkdIwHu7ix0J8sJ3fT' });
    const r = expectStripeRequest('POST /v1/refunds', 'refund-o1');
    expect(new URLSearchParams(r.body)).toEqual(
      new URLSearchParams({
        payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
        amount: '2599',
        reason: 'requested_by_customer',
      }),
    );
  });

  it('a partial refund sends only its amount; a second one beyond what is left is refused with the code', async () => {
    const refundBody = (id: string, amount: number) => ({
      id,
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
      charge: 'ch_3MtwBwLkdIwHu7ix2O4Qq5VS',
      reason: 'requested_by_customer',
      status: 'succeeded',
    });
    let refunded = 0;
    api.answer((r) => {
      const amount = Number(r.form().get('amount'));
      if (refunded + amount > 2599)
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          param: 'amount',
          message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((2599 - refunded) / 100).toFixed(2)})`,
        });
      refunded += amount;
      return { status: 200, body: refundBody(`re_partial_${refunded}`, amount) };
    });
    const part = (amountCents: number, idempotencyKey: string) =>
      stripe.refund({
        orderId: 'o1',
        paymentRef: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
        amountCents,
        idempotencyKey,
      });
    expect(await part(899, 'refund-o1-item-1')).toEqual({ ok: true, ref: 're_partial_899' });
    expect(Object.fromEntries(expectStripeRequest('POST /v1/refunds', 'refund-o1-item-1').form())).toEqual({
      payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
      amount: '899',
      reason: 'requested_by_customer',
    });
    expect(await part(1800, 'refund-o1-item-2')).toEqual({ ok: false, reason: 'amount_too_large' });
    expect(await part(1700, 'refund-o1-rest')).toEqual({ ok: true, ref: 're_partial_2599' });
    expect(api.requests).toHaveLength(3);
  });

  it('a refund Stripe refuses (400: nothing captured) → not refunded, with the code', async () => {
    api.answer(() =>
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_captured',
        message: 'This PaymentIntent does not have a successful charge to refund.',
      }),
    );
    expect(await refund()).toEqual({ ok: false, reason: 'charge_not_captured' });
    expect(api.requests).toHaveLength(1);
  });

  it('Stripe unavailable (500 twice) → UNAVAILABLE, nothing decided', async () => {
    api.answer(() => stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }));
    const err = await refund().catch((e: unknown) => e);
    expect((err as DomainError).code).toBe('UNAVAILABLE');
    expect((err as DomainError).message).toBe(PAYMENTS_UNAVAILABLE);
  });

  it('without a PaymentIntent nothing is sent', async () => {
    expect(
      await stripe.refund({ orderId: 'o1', paymentRef: null, amountCents: 1, idempotencyKey: 'k' }),
    ).toEqual({ ok: false, reason: 'missing_payment_intent' });
    expect(api.requests).toHaveLength(0);
  });
});

describe('Stripe Connect onboarding: accounts, account links, login links', () => {
  const merchant = {
    id: 'm-1',
    tmk: 'TMK1',
    name: 'Rose & Co',
    email: 'owner@example.com',
    merchant_account_id: null,
  };

  it('a new merchant: creates the Express account (keyed by merchant), reads it, then an onboarding link', async () => {
    api.answer((r) => {
      if (r.method === 'POST' && r.path === '/v1/accounts') return { status: 200, body: account(false) };
      if (r.method === 'GET' && r.path === '/v1/accounts/acct_1Nv0FGQ9RKHgCVdK')
        return { status: 200, body: account(false) };
      if (r.method === 'POST' && r.path === '/v1/account_links')
        return {
          status: 200,
          body: {
            object: 'account_link',
            created: 1680577733,
            expires_at: 1680578033,
            url: 'https://connect.stripe.com/setup/e/acct_1Nv0FGQ9RKHgCVdK/abc',
          },
        };
      return stripeError(404, { type: 'invalid_request_error', message: 'Unrecognized request URL' });
    });
    const links = await stripe.onboarding(merchant, 'https://console.example/settings/billing');
    expect(links).toEqual({
      account_id: 'acct_1Nv0FGQ9RKHgCVdK',
      onboarding_url: 'https://connect.stripe.com/setup/e/acct_1Nv0FGQ9RKHgCVdK/abc',
      login_link: null,
      complete: false,
    });
    const [create, read, link] = api.requests;
    expect(create!.headers['idempotency-key']).toBe('acct-create-m-1');
    expect(Object.fromEntries(create!.form())).toEqual({
      type: 'express',
      email: 'owner@example.com',
      'business_profile[name]': 'Rose & Co',
      'metadata[tmk]': 'TMK1',
    });
    expect(`${read!.method} ${read!.path}`).toBe('GET /v1/accounts/acct_1Nv0FGQ9RKHgCVdK');
    expect(Object.fromEntries(link!.form())).toEqual({
      account: 'acct_1Nv0FGQ9RKHgCVdK',
      refresh_url: 'https://console.example/settings/billing',
      return_url: 'https://console.example/settings/billing',
      type: 'account_onboarding',
    });
  });

  it('a complete account: an Express dashboard login link', async () => {
    api.answer((r) => {
      if (r.method === 'GET') return { status: 200, body: account(true) };
      if (r.path === '/v1/accounts/acct_1Nv0FGQ9RKHgCVdK/login_links')
        return {
          status: 200,
          body: {
            object: 'login_link',
            created: 1686089970,
            url: 'https://connect.stripe.com/express/acct_1Nv0FGQ9RKHgCVdK/xyz',
          },
        };
      return stripeError(404, { type: 'invalid_request_error', message: 'Unrecognized request URL' });
    });
    const links = await stripe.onboarding(
      { ...merchant, merchant_account_id: 'acct_1Nv0FGQ9RKHgCVdK' },
      'https://x/',
    );
    expect(links).toMatchObject({
      complete: true,
      onboarding_url: null,
      login_link: 'https://connect.stripe.com/express/acct_1Nv0FGQ9RKHgCVdK/xyz',
    });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/accounts/acct_1Nv0FGQ9RKHgCVdK',
      'POST /v1/accounts/acct_1Nv0FGQ9RKHgCVdK/login_links',
    ]);
  });

  it('an auth error while onboarding throws (the billing page shows the spec message, nothing stored)', async () => {
    api.answer(() =>
      stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' }),
    );
    await expect(stripe.onboarding(merchant, 'https://x/')).rejects.toThrow();
  });
});
