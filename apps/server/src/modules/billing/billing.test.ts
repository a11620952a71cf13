import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMerchantWithOwner, createTestApp, type TestApp } from '../../test/harness.ts';
import { billingBody } from '../merchants/settings-fixtures.ts';
import { unseal } from './seal.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const messages = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

describe('billing', () => {
  it('is empty at first, then saves: routing digits only, EIN without dashes, account number sealed and masked', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}/payments`;
    const empty = (await t.app.inject({ url, headers })).json();
    expect(empty).toMatchObject({ tos_accepted: false, funding: { account_number: '', routing_number: '' } });
    const res = await t.app.inject({ method: 'POST', url, headers, payload: billingBody() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      errors: {},
      billing: {
        tos_accepted: true,
        funding: {
          routing_number: '110000000',
          account_number: '******6789',
          account_number_last_4: '6789',
          descriptor: 'CORNER CELLAR',
        },
        business: { tax_id: '123456789', legal_name: 'Corner Cellar LLC' },
      },
    });
    expect(res.body).not.toContain('000123456789');
    const read = await t.app.inject({ url, headers });
    expect(read.body).not.toContain('000123456789');
    const [row] = await t.ctx.database.query<{ data: { funding: { account_number_sealed: string } } }>(
      'select data from merchant_payments where merchant_id = $1',
      [merchant.id],
    );
    const stored = JSON.stringify(row?.data);
    expect(stored).not.toContain('000123456789');
    expect(unseal(t.ctx.config.jwtSecret, row!.data.funding.account_number_sealed)).toBe('000123456789');
  });

  it('keeps the stored account number when the masked value (or none) is sent', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}/payments`;
    await t.app.inject({ method: 'POST', url, headers, payload: billingBody() });
    const body = billingBody();
    const masked = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        ...body,
        funding: { ...body.funding, account_number: '******6789', descriptor: 'NEW NAME' },
      },
    });
    expect(masked.json().billing.funding).toMatchObject({
      account_number: '******6789',
      descriptor: 'NEW NAME',
    });
    const { account_number: _omit, ...fundingWithout } = body.funding;
    const omitted = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { ...body, funding: fundingWithout },
    });
    expect(omitted.statusCode).toBe(200);
    expect(omitted.json().billing.funding.account_number_last_4).toBe('6789');
  });

  it('refuses an 8-digit routing number, a 23-character descriptor, terms not accepted, and nothing is saved', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}/payments`;
    const body = billingBody();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        ...body,
        tos_accepted: false,
        funding: { ...body.funding, routing_number: '12345678', descriptor: 'X'.repeat(23) },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(messages(res.json())).toMatchObject({
      'funding.routing_number': 'Please enter a valid routing number',
      'funding.descriptor': 'The descriptor must have at most 22 characters',
      tos_accepted: 'You must accept terms',
    });
    expect((await t.app.inject({ url, headers })).json().tos_accepted).toBe(false);
  });

  it('asks for the business fields only when registered as a business, and an account number on the first save', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}/payments`;
    const body = billingBody();
    const business = { ...body.business, legal_name: '', dba_name: '', tax_id: '' };
    const asBusiness = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { ...body, business, funding: { ...body.funding, descriptor: '' } },
    });
    expect(asBusiness.statusCode).toBe(400);
    expect(messages(asBusiness.json())).toMatchObject({
      'business.tax_id': 'Please enter your EIN',
      'business.legal_name': 'Please enter your legal name',
      'funding.descriptor': 'Please enter your descriptor',
    });
    const { account_number: _omit, ...fundingWithout } = body.funding;
    const noAccount = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { ...body, is_business: false, business, funding: fundingWithout },
    });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().message).toBe('Please enter your account number');
    const individual = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { ...body, is_business: false, business },
    });
    expect(individual.statusCode).toBe(200);
    expect(individual.json().billing.is_business).toBe(false);
  });
});

describe('payment onboarding (sandbox)', () => {
  it('creates the account, serves the onboarding page, completes it, then links the express dashboard', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const links = await t.app.inject({ url: `/v1/merchant/${merchant.tmk}/stripe`, headers });
    expect(links.statusCode).toBe(200);
    const first = links.json();
    expect(first).toMatchObject({ complete: false, login_link: null });
    expect(first.merchant_account_id).toMatch(/^acct_sandbox_/);
    expect(first.onboarding_data.url).toBe(`/v1/sandbox/stripe/onboarding/${first.merchant_account_id}`);
    // Asking again keeps the same account.
    expect(
      (await t.app.inject({ url: `/v1/merchant/${merchant.tmk}/stripe`, headers })).json()
        .merchant_account_id,
    ).toBe(first.merchant_account_id);
    // The banner still shows until onboarding is complete.
    expect(
      (await t.app.inject({ url: `/c/v2/merchants/${merchant.tmk}/payments/stripe`, headers })).json(),
    ).toEqual({ merchant_account_id: null });

    const page = await t.app.inject({ url: first.onboarding_data.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of [
      'Employer Identification Number (EIN)',
      'Business phone',
      'Business website',
      'Business representative',
      'Bank account',
      'Complete onboarding',
    ]) {
      expect(page.body).toContain(text);
    }
    const done = await t.app.inject({
      method: 'POST',
      url: `${first.onboarding_data.url}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/settings/billing');
    expect(
      (await t.app.inject({ url: `/c/v2/merchants/${merchant.tmk}/payments/stripe`, headers })).json(),
    ).toEqual({ merchant_account_id: first.merchant_account_id });
    const after = (await t.app.inject({ url: `/v1/merchant/${merchant.tmk}/stripe`, headers })).json();
    expect(after).toMatchObject({
      complete: true,
      onboarding_data: null,
      login_link: `/v1/sandbox/stripe/dashboard/${first.merchant_account_id}`,
    });
    const dash = await t.app.inject({ url: after.login_link });
    expect(dash.statusCode).toBe(200);
    expect(dash.body).toContain('Payouts enabled');
  });

  it('answers no links when the provider fails, and 404 pages for an unknown account', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const payments = t.ctx.adapters.payments;
    const failing = { ...payments, onboarding: async () => Promise.reject(new Error('provider down')) };
    t.ctx.adapters.payments = failing;
    try {
      const res = await t.app.inject({ url: `/v1/merchant/${merchant.tmk}/stripe`, headers });
      expect(res.json()).toEqual({
        merchant_account_id: null,
        complete: false,
        onboarding_data: null,
        login_link: null,
      });
    } finally {
      t.ctx.adapters.payments = payments;
    }
    expect(
      (await t.app.inject({ url: '/v1/sandbox/stripe/onboarding/acct_sandbox_nope0000' })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/sandbox/stripe/onboarding/acct_sandbox_nope0000/complete',
        })
      ).statusCode,
    ).toBe(404);
  });
});
