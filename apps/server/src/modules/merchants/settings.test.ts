import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema.ts';
import { fieldMessages } from '../../test/field-messages.ts';
import { buildMerchantWithOwner, buildTeammate, useTestApp } from '../../test/harness.ts';
import { auxDataBody, carrierBody, hoursBody, storeDetailsBody } from './settings-fixtures.ts';

const t = useTestApp();

describe('store details', () => {
  it('saves the details and the contacts, then reads them back', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}`;
    const saved = await t.app.inject({ method: 'POST', url, headers, payload: storeDetailsBody() });
    expect(saved.statusCode).toBe(200);
    const aux = await t.app.inject({ method: 'POST', url: `${url}/data`, headers, payload: auxDataBody() });
    expect(aux.statusCode).toBe(200);
    const got = (await t.app.inject({ url, headers })).json();
    expect(got).toMatchObject({
      name: 'Corner Cellar',
      address: {
        street_1: '12 Main St',
        street_2: 'Suite 4',
        city: 'New York',
        state: 'NY',
        zipcode: '10001',
      },
      primary_phone: '(212) 736-5000',
      email: 'store@corner.test',
      timezone: 'America/Chicago',
      aux_data: {
        primary_contact_name: 'Pat Primary',
        secondary_email: 'sam@corner.test',
        secondary_phone_number: '(212) 736-5001',
      },
    });
  });

  it('accepts back what it answers: a store whose suite is kept in the older contact data', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers, payload: storeDetailsBody() })).statusCode,
    ).toBe(200);
    // Stores set up before the suite had its own column kept it with the contacts (the demo store too).
    await t.database.db
      .update(merchants)
      .set({ street_2: '', aux_data: { primary_contact_name: 'Store Manager', suite_floor: 'Ground floor' } })
      .where(eq(merchants.id, merchant.id));
    const got = (await t.app.inject({ url, headers })).json();
    expect(got.address.street_2).toBe('Ground floor');
    const { name, address, primary_phone, email, timezone } = got;
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { name, address, primary_phone, email, timezone },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().address.street_2).toBe('Ground floor');
  });

  it('refuses a 4-digit zip, a bad phone, a bad email and missing required fields, and saves nothing', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}`;
    const body = storeDetailsBody();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        ...body,
        name: '',
        address: { ...body.address, zipcode: '1234', street_2: '' },
        primary_phone: '123',
        email: 'nope',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toMatchObject({
      name: 'Please enter your store name',
      'address.zipcode': 'Please enter a valid zip',
      'address.street_2': 'Please enter your suite floor',
      primary_phone: 'Please enter a valid primary phone',
      email: 'Please enter a valid email',
    });
    const aux = await t.app.inject({
      method: 'POST',
      url: `${url}/data`,
      headers,
      payload: { ...auxDataBody(), secondary_email: 'x@', primary_contact_name: '' },
    });
    expect(aux.statusCode).toBe(400);
    expect(fieldMessages(aux.json())).toMatchObject({
      secondary_email: 'Please enter a valid email',
      primary_contact_name: 'Please enter your primary contact',
    });
    const got = (await t.app.inject({ url, headers })).json();
    expect(got.name).toBe('Test Store');
    expect(got.address.zipcode).toBe('');
  });
});

describe('delivery hours', () => {
  it('replaces the week: weekdays lowercase, a day not sent is closed, Monday first', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}/hours`;
    expect((await t.app.inject({ url, headers })).json()).toEqual({ regular_hours: [] });
    const put = await t.app.inject({ method: 'PUT', url, headers, payload: hoursBody() });
    expect(put.statusCode).toBe(200);
    expect(put.json().regular_hours).toEqual([
      { weekday: 'monday', time_open: '09:00', time_close: '21:00' },
      { weekday: 'tuesday', time_open: '00:00', time_close: '23:59' },
      { weekday: 'saturday', time_open: '11:30', time_close: '18:45' },
    ]);
    const again = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { regular_hours: [{ weekday: 'sunday', time_open: '12:00', time_close: '17:00' }] },
    });
    expect(again.json().regular_hours).toEqual([
      { weekday: 'sunday', time_open: '12:00', time_close: '17:00' },
    ]);
  });

  it('refuses bad times, unknown or repeated days, and a close before the open, keeping the saved week', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}/hours`;
    await t.app.inject({ method: 'PUT', url, headers, payload: hoursBody() });
    for (const regular_hours of [
      [{ weekday: 'monday', time_open: '24:00', time_close: '23:00' }],
      [{ weekday: 'funday', time_open: '09:00', time_close: '10:00' }],
      [
        { weekday: 'monday', time_open: '09:00', time_close: '10:00' },
        { weekday: 'Monday', time_open: '11:00', time_close: '12:00' },
      ],
      [{ weekday: 'monday', time_open: '18:00', time_close: '09:00' }],
    ]) {
      const res = await t.app.inject({ method: 'PUT', url, headers, payload: { regular_hours } });
      expect(res.statusCode, JSON.stringify(regular_hours)).toBe(400);
    }
    expect((await t.app.inject({ url, headers })).json().regular_hours).toHaveLength(3);
  });
});

describe('carrier account', () => {
  it('is empty until saved, then masked; a masked number keeps the stored one', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}/carrier`;
    expect((await t.app.inject({ url, headers })).json()).toEqual({
      carrier: null,
      account_number: null,
      label_size: '4x6',
      label_format: 'PDF',
    });
    const saved = await t.app.inject({ method: 'POST', url, headers, payload: carrierBody() });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      carrier: 'FedEx',
      account_number: '******8877',
      label_size: '4x6',
      label_format: 'PDF',
    });
    const kept = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        ...carrierBody(),
        carrier: 'GSO',
        account_number: '******8877',
        label_size: '4x8',
        label_format: 'ZPL',
      },
    });
    expect(kept.json()).toEqual({
      carrier: 'GSO',
      account_number: '******8877',
      label_size: '4x8',
      label_format: 'ZPL',
    });
    const merchantView = (await t.app.inject({ url: `/c/v2/merchants/${merchant.tmk}`, headers })).json();
    expect(merchantView.carrier_integration).toBe(true);
    const [row] = await t.ctx.database.query<{ account_number: string }>(
      'select account_number from carrier_accounts where merchant_id = $1',
      [merchant.id],
    );
    expect(row?.account_number).toBe('FX-998877');
  });

  it('refuses an unknown carrier and a first save without a number', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${merchant.tmk}/carrier`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers, payload: { ...carrierBody(), carrier: 'DHL' } }))
        .statusCode,
    ).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { ...carrierBody(), account_number: '' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please enter your account number');
  });
});

describe('tenant isolation', () => {
  it('never reads or writes another merchant’s settings', async () => {
    const a = await buildMerchantWithOwner(t);
    const b = await buildMerchantWithOwner(t);
    const base = `/c/v2/merchants/${b.merchant.tmk}`;
    const calls = [
      { method: 'GET' as const, url: base },
      { method: 'POST' as const, url: base, payload: storeDetailsBody() },
      { method: 'POST' as const, url: `${base}/data`, payload: auxDataBody() },
      { method: 'GET' as const, url: `${base}/hours` },
      { method: 'PUT' as const, url: `${base}/hours`, payload: hoursBody() },
      { method: 'GET' as const, url: `${base}/carrier` },
      { method: 'POST' as const, url: `${base}/carrier`, payload: carrierBody() },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: a.headers });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(404);
    }
    const got = (await t.app.inject({ url: base, headers: b.headers })).json();
    expect(got.name).toBe('Test Store');
    expect(got.carrier_integration).toBe(false);
  });

  it('answers 401 without a token', async () => {
    const { merchant } = await buildMerchantWithOwner(t);
    expect((await t.app.inject({ url: `/c/v2/merchants/${merchant.tmk}/hours` })).statusCode).toBe(401);
  });

  it('lets a member read the hours and the carrier (label dialog) but not change them', async () => {
    const owner = await buildMerchantWithOwner(t);
    const { headers } = await buildTeammate(t, owner.merchant);
    const base = `/c/v2/merchants/${owner.merchant.tmk}`;
    expect((await t.app.inject({ url: `${base}/hours`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${base}/carrier`, headers })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${base}/hours`, headers, payload: hoursBody() })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `${base}/carrier`, headers, payload: carrierBody() }))
        .statusCode,
    ).toBe(403);
  });
});
