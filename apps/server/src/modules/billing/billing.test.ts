import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchants, sessions } from '../../db/schema.ts';
import { fieldMessages } from '../../test/field-messages.ts';
import { buildMerchantWithOwner, buildTeammate, useTestApp } from '../../test/harness.ts';
import { billingBody } from '../merchants/settings-fixtures.ts';
import { unseal } from './seal.ts';

const t = useTestApp();

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
    expect(fieldMessages(res.json())).toMatchObject({
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
    expect(fieldMessages(asBusiness.json())).toMatchObject({
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
    // The link is signed for this owner's session (sid, exp, sig): the account id alone completes nothing.
    const [pagePath, linkQuery] = first.onboarding_data.url.split('?');
    expect(pagePath).toBe(`/v1/sandbox/stripe/onboarding/${first.merchant_account_id}`);
    expect([...new URLSearchParams(linkQuery).keys()]).toEqual(['sid', 'exp', 'sig']);
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
    expect(page.body).toContain('type="hidden" name="sig"');
    const done = await t.app.inject({
      method: 'POST',
      url: `${pagePath}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: linkQuery,
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

  it('completes only with the owner session that asked for the link: not the bare account id, a forged or foreign link, or a member', async () => {
    const { merchant, headers, user } = await buildMerchantWithOwner(t);
    const { user: member, headers: memberHeaders } = await buildTeammate(t, merchant);
    const first = (await t.app.inject({ url: `/v1/merchant/${merchant.tmk}/stripe`, headers })).json();
    const [pagePath, linkQuery] = first.onboarding_data.url.split('?');
    const acct = first.merchant_account_id as string;
    const onboarded = async () =>
      (await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id)))[0]
        ?.payments_onboarded;
    const complete = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `${pagePath}/complete`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });

    // A member learns neither the account id nor a link.
    const view = (
      await t.app.inject({ url: `/c/v2/merchants/${merchant.tmk}`, headers: memberHeaders })
    ).json();
    expect(view.merchant_account_id).toBe(`******${acct.slice(-4)}`);
    expect(
      (await t.app.inject({ url: `/v1/merchant/${merchant.tmk}/stripe`, headers: memberHeaders })).statusCode,
    ).toBe(403);
    // The owner still sees it.
    expect(
      (await t.app.inject({ url: `/c/v2/merchants/${merchant.tmk}`, headers })).json().merchant_account_id,
    ).toBe(acct);

    // The bare account id: the page and the completion are refused.
    expect((await t.app.inject({ url: pagePath })).statusCode).toBe(403);
    expect((await complete('')).statusCode).toBe(403);
    // A member's session id in the owner's signature, a changed expiry, a bad signature.
    const q = new URLSearchParams(linkQuery);
    const memberSession = (
      await t.database.db.select().from(sessions).where(eq(sessions.user_id, member.id))
    )[0]!;
    expect(
      (await complete(new URLSearchParams({ ...Object.fromEntries(q), sid: memberSession.id }).toString()))
        .statusCode,
    ).toBe(403);
    expect(
      (await complete(new URLSearchParams({ ...Object.fromEntries(q), exp: '9999999999' }).toString()))
        .statusCode,
    ).toBe(403);
    expect(
      (await complete(new URLSearchParams({ ...Object.fromEntries(q), sig: 'x'.repeat(43) }).toString()))
        .statusCode,
    ).toBe(403);
    expect(await onboarded()).toBe(false);

    // The owner's session ended (logout): the link stops working too.
    await t.database.db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.user_id, user.id));
    expect((await complete(linkQuery)).statusCode).toBe(403);
    expect(await onboarded()).toBe(false);
  });
});
