/**
 * Alerts to staff (docs/decisions/0147), through the API and the job queue, against stand-ins of Twilio's
 * Messages API and of an SMTP server: who is told of a new order and how, once; a burst gathered into one
 * message; the confirmation code; opt-outs (Twilio's 21610 and a STOP reply); the store's escalation of an
 * order nobody answered, and not of one answered in time.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantHours, staffAlerts } from '../../db/schema.ts';
import {
  bearer,
  buildMerchantWithOwner,
  buildOrder,
  buildTeammate,
  TEST_DB,
  testConfig,
  useTestApp,
} from '../../test/harness.ts';
import { useStandIn } from '../../test/stand-in.ts';
import { startBulkJobs, stopBulkJobs } from '../orders/index.ts';
import { until } from '../webhooks/test-receiver.ts';
import { TWILIO_INBOUND_PATH, twilioSignature } from './inbound.ts';
import { type AlertJobs, startAlertJobs } from './queue.ts';
import { fakeTwilio, type SmtpStandIn, startSmtpStandIn } from './test-providers.ts';

const SID = 'AC00000000000000000000000000000047';
const TOKEN = 'twilio-auth-token-47';
const twilio = fakeTwilio();
const api = useStandIn(twilio.handler);
let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
}, 10_000);
const t = useTestApp({
  config: () => ({
    twilio: { accountSid: SID, authToken: TOKEN, from: '+15557122661' },
    providers: { ...testConfig().providers, twilioApiBase: api.url },
    smtpUrl: smtp.url,
    publicUrl: 'https://console.test',
  }),
});
let alerts: AlertJobs;

beforeAll(async () => {
  api.answer(twilio.handler);
  const jobs = await startBulkJobs(t.ctx, {});
  alerts = await startAlertJobs(t.ctx, jobs.boss, {
    send: { quietMs: 2000, capMs: 8000, leaseSeconds: 2 },
    tickMs: 100,
    sweepMs: 300,
    retryDelaySeconds: 1,
  });
});
afterAll(async () => {
  await alerts?.stop();
  await stopBulkJobs(t.ctx);
  await smtp?.close();
});

type Person = { user: { id: string; email: string }; headers: Record<string, string> };
let phoneSeq = 10;
const nextNumber = () => `+1646555${String(100 + phoneSeq++).padStart(4, '0')}`;

async function confirmPhone(p: Person, number = nextNumber()) {
  const start = await t.app.inject({
    method: 'POST',
    url: `/a/v2/users/${p.user.id}/alerts/phone`,
    headers: p.headers,
    payload: { phone_number: number },
  });
  expect(start.statusCode, start.body).toBe(200);
  const code = /(\d{6})/.exec(twilio.to(number).at(-1)?.body ?? '')?.[1];
  expect(code).toBeDefined();
  const res = await t.app.inject({
    method: 'POST',
    url: `/a/v2/users/${p.user.id}/alerts/phone/confirm`,
    headers: p.headers,
    payload: { code },
  });
  expect(res.statusCode, res.body).toBe(200);
  return number;
}

async function setAlerts(p: Person, prefs: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/a/v2/users/${p.user.id}/alerts`,
    headers: p.headers,
    payload: {
      new_order: [],
      unaccepted: [],
      sla_risk: [],
      batch_ready: [],
      only_during_store_hours: true,
      ...prefs,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alertRows = (merchantId: string) =>
  t.ctx.database.db.select().from(staffAlerts).where(eq(staffAlerts.merchant_id, merchantId));

describe(`alert settings (${TEST_DB})`, () => {
  it('starts with nothing chosen, hours respected and no number', async () => {
    const p = await buildMerchantWithOwner(t, 'merch.user');
    const res = await t.app.inject({
      method: 'GET',
      url: `/a/v2/users/${p.user.id}/alerts`,
      headers: p.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      new_order: [],
      unaccepted: [],
      sla_risk: [],
      batch_ready: [],
      only_during_store_hours: true,
      phone: { number: null, opted_out: false, pending_number: null, code_expires_at: null },
    });
  });

  it('refuses text without a confirmed number, text for batches, and another person’s settings', async () => {
    const p = await buildMerchantWithOwner(t);
    const put = (payload: Record<string, unknown>, id = p.user.id) =>
      t.app.inject({ method: 'PUT', url: `/a/v2/users/${id}/alerts`, headers: p.headers, payload });
    const base = {
      new_order: [],
      unaccepted: [],
      sla_risk: [],
      batch_ready: [],
      only_during_store_hours: true,
    };
    const noNumber = await put({ ...base, new_order: ['sms'] });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().errors).toEqual([
      { path: 'new_order', message: 'Confirm a mobile number before choosing text alerts' },
    ]);
    const batchText = await put({ ...base, batch_ready: ['sms'] });
    expect(batchText.statusCode).toBe(400);
    expect(JSON.stringify(batchText.json())).toContain('batch_ready');
    expect((await put({ ...base, new_order: ['email', 'email'] })).statusCode).toBe(400);
    const other = await buildTeammate(t, p.merchant);
    expect((await put(base, other.user.id)).statusCode).toBe(404);
    const get = await t.app.inject({
      method: 'GET',
      url: `/a/v2/users/${other.user.id}/alerts`,
      headers: p.headers,
    });
    expect(get.statusCode).toBe(404);
  });

  it('confirms a number with the texted code: 6 digits, wrong codes counted, 5 tries', async () => {
    const p = await buildMerchantWithOwner(t);
    const number = nextNumber();
    const start = await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${p.user.id}/alerts/phone`,
      headers: p.headers,
      payload: { phone_number: `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}` },
    });
    expect(start.statusCode).toBe(200);
    expect(start.json().pending_number).toBe(number);
    const texted = twilio.to(number);
    expect(texted).toHaveLength(1);
    const code = /(\d{6})/.exec(texted[0]?.body ?? '')?.[1] as string;
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = (c: string) =>
      t.app.inject({
        method: 'POST',
        url: `/a/v2/users/${p.user.id}/alerts/phone/confirm`,
        headers: p.headers,
        payload: { code: c },
      });
    const first = await confirm(wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json().errors[0]).toEqual({
      path: 'code',
      message: 'That code is not right. 4 tries left.',
    });
    expect((await confirm('12ab')).statusCode).toBe(400);
    const ok = await confirm(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().phone).toEqual({
      number,
      opted_out: false,
      pending_number: null,
      code_expires_at: null,
    });
    // A used code does not work again; five wrong codes void a new one.
    expect((await confirm(code)).statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: `/a/v2/users/${p.user.id}/alerts/phone`,
      headers: p.headers,
      payload: { phone_number: number },
    });
    const fresh = /(\d{6})/.exec(twilio.to(number).at(-1)?.body ?? '')?.[1] as string;
    const bad = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirm(bad)).statusCode).toBe(400);
    const after = await confirm(fresh);
    expect(after.statusCode).toBe(400);
    expect(after.json().errors[0].message).toBe('Too many wrong codes. Please ask for a new one.');
    expect((await confirm('123')).json().errors[0].path).toBe('code');
  });

  it('store escalation: owners and managers read and set it, members may not', async () => {
    const o = await buildMerchantWithOwner(t);
    const url = `/c/v2/merchants/${o.merchant.tmk}/alerts`;
    expect((await t.app.inject({ method: 'GET', url, headers: o.headers })).json()).toEqual({
      unaccepted_after_minutes: null,
      escalate_to: 'owners',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: o.headers,
      payload: { unaccepted_after_minutes: 121, escalate_to: 'owners' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('unaccepted_after_minutes');
    const manager = await buildTeammate(t, o.merchant, 'merch.manager');
    const set = await t.app.inject({
      method: 'PUT',
      url,
      headers: manager.headers,
      payload: { unaccepted_after_minutes: 5, escalate_to: 'owners_and_managers' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ unaccepted_after_minutes: 5, escalate_to: 'owners_and_managers' });
    const member = await buildTeammate(t, o.merchant);
    expect((await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(403);
  });
});

describe(`alerts sent (${TEST_DB})`, () => {
  it('a new order texts and emails those who asked and no one else, once', async () => {
    const owner = await buildMerchantWithOwner(t);
    const manager = await buildTeammate(t, owner.merchant, 'merch.manager');
    const member = await buildTeammate(t, owner.merchant);
    const number = await confirmPhone(owner);
    const memberNumber = await confirmPhone(member);
    await setAlerts(owner, { new_order: ['sms', 'email'] });
    await setAlerts(manager, { new_order: ['email'] });
    const id = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk });
    await until(
      () => twilio.to(number).length === 2 && smtp.to(manager.user.email).length === 1,
      10_000,
    ).catch(async (e) => {
      console.log(
        await alertRows(owner.merchant.id),
        twilio.to(number),
        smtp.mails.map((m) => m.subject),
      );
      throw e;
    });
    await until(() => smtp.to(owner.user.email).length === 1, 5_000);
    const text = twilio.to(number)[1]?.body ?? '';
    expect(text).toContain(`new order ${id} from`);
    expect(text).toMatch(/: 3 items, \$\d+\.\d\d\. https:\/\/console\.test\/orders\/active\?review=/);
    const mail = smtp.to(manager.user.email)[0];
    expect(mail?.subject).toContain(`New order ${id}`);
    expect(mail?.text).toContain(`https://console.test/orders/active?review=${id}`);
    expect(mail?.html).toContain('<a href="https://console.test/orders/active?review=');
    await sleep(1500);
    expect(twilio.to(number)).toHaveLength(2); // the code, then the one alert
    expect(twilio.to(memberNumber)).toHaveLength(1); // the code only: the member asked for nothing
    expect(smtp.to(owner.user.email)).toHaveLength(1);
    expect(smtp.to(manager.user.email)).toHaveLength(1);
    expect(smtp.to(member.user.email)).toHaveLength(0);
  });

  it('a burst of 5 orders within the gathering window is one message', async () => {
    const owner = await buildMerchantWithOwner(t);
    const number = await confirmPhone(owner);
    await setAlerts(owner, { new_order: ['sms'] });
    for (let i = 0; i < 5; i++) await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk });
    await until(() => twilio.to(number).length >= 2, 10_000);
    await until(async () => (await alertRows(owner.merchant.id)).every((r) => r.state === 'sent'), 10_000);
    await sleep(1500);
    const texts = twilio.to(number).slice(1);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toMatch(/^Test Store: 5 new orders, \$[\d,]+\.\d\d — /);
    const rows = await alertRows(owner.merchant.id);
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
  });

  it('a provider failing for now is retried: the text goes once, with the words it had', async () => {
    const owner = await buildMerchantWithOwner(t);
    const number = await confirmPhone(owner);
    await setAlerts(owner, { new_order: ['sms'] });
    let failed = 0;
    api.answer((req) => {
      if (req.method === 'POST' && req.form().get('To') === number && failed === 0) {
        failed += 1;
        return { status: 503, body: { code: 20500, message: 'Service unavailable' } };
      }
      return twilio.handler(req);
    });
    try {
      const id = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk });
      await until(() => twilio.to(number).length === 2, 20_000);
      await sleep(1500);
      expect(failed).toBe(1);
      expect(twilio.to(number)).toHaveLength(2);
      expect(twilio.to(number)[1]?.body).toContain(`new order ${id} from`);
      const [row] = await alertRows(owner.merchant.id);
      expect(row?.state).toBe('sent');
      expect(row?.attempts).toBe(2);
    } finally {
      api.answer(twilio.handler);
    }
  });

  it('a number Twilio refuses as opted out (21610) turns texts off and the alert goes by email', async () => {
    const owner = await buildMerchantWithOwner(t);
    const number = await confirmPhone(owner);
    await setAlerts(owner, { new_order: ['sms'] });
    twilio.refuse(number, 21610, 'Attempt to send to unsubscribed recipient');
    await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk });
    await until(() => smtp.to(owner.user.email).length === 1, 10_000);
    const settings = await t.app.inject({
      method: 'GET',
      url: `/a/v2/users/${owner.user.id}/alerts`,
      headers: owner.headers,
    });
    expect(settings.json().phone).toMatchObject({ number, opted_out: true });
    const [row] = await alertRows(owner.merchant.id);
    expect(row?.outcome).toBe('text refused (21610): sent by email instead');
    // The next order is not even tried by text.
    const before = api.requests.filter((r) => r.method === 'POST' && r.form().get('To') === number).length;
    await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk });
    await until(() => smtp.to(owner.user.email).length === 2, 10_000);
    expect(api.requests.filter((r) => r.method === 'POST' && r.form().get('To') === number)).toHaveLength(
      before,
    );
  });

  it('a STOP reply (signed by Twilio) turns texts off for that number; a forged one changes nothing', async () => {
    const owner = await buildMerchantWithOwner(t);
    const number = await confirmPhone(owner);
    const form = new URLSearchParams({
      From: number,
      To: '+15557122661',
      Body: 'Stop',
      OptOutType: 'STOP',
      MessageSid: 'SM1',
    });
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: TWILIO_INBOUND_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: form.toString(),
      });
    const forged = await post(
      twilioSignature('not-the-token', `https://console.test${TWILIO_INBOUND_PATH}`, form),
    );
    expect(forged.statusCode).toBe(403);
    const view = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/a/v2/users/${owner.user.id}/alerts`,
          headers: owner.headers,
        })
      ).json();
    expect((await view()).phone.opted_out).toBe(false);
    const res = await post(twilioSignature(TOKEN, `https://console.test${TWILIO_INBOUND_PATH}`, form));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect((await view()).phone.opted_out).toBe(true);
    // Confirming the number again turns texts back on.
    await confirmPhone(owner, number);
    expect((await view()).phone.opted_out).toBe(false);
  });

  it('outside the store’s hours an alert waits for the opening', async () => {
    const owner = await buildMerchantWithOwner(t);
    await setAlerts(owner, { new_order: ['email'] });
    // Open half an hour a day, six hours from now in the store's time zone.
    const hour = Number(
      new Intl.DateTimeFormat('en-US', {
        hour: 'numeric',
        hourCycle: 'h23',
        timeZone: 'America/New_York',
      }).format(new Date()),
    );
    const at = String((hour + 6) % 24).padStart(2, '0');
    await t.ctx.database.db.insert(merchantHours).values(
      ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((weekday) => ({
        merchant_id: owner.merchant.id,
        weekday,
        time_open: `${at}:00`,
        time_close: `${at}:30`,
      })),
    );
    await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk });
    await until(
      async () =>
        (await alertRows(owner.merchant.id)).some((r) => r.due_at.getTime() > Date.now() + 3600_000),
      10_000,
    );
    expect(smtp.to(owner.user.email)).toHaveLength(0);
    const [row] = await alertRows(owner.merchant.id);
    expect(row?.state).toBe('pending');
  });

  it('an accepted on-demand order 20 minutes from its promised time alerts those who asked; one out for delivery does not', async () => {
    const owner = await buildMerchantWithOwner(t);
    await setAlerts(owner, { sla_risk: ['email'], only_during_store_hours: false });
    const put = (id: string, status: string) =>
      t.app.inject({ method: 'PUT', url: `/m/v2/orders/${id}`, headers: owner.headers, payload: { status } });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    // Promised two hours after it arrived: 10 minutes left when accepted.
    const late = await buildOrder(t.ctx, {
      merchantTmk: owner.merchant.tmk,
      submittedAt: at(110),
      overrides: { delivery: { method: 'on_demand' } } as never,
    });
    expect((await put(late, 'MERCHANT_ACCEPTED')).statusCode).toBe(200);
    await until(() => smtp.to(owner.user.email).length === 1, 10_000);
    expect(smtp.to(owner.user.email)[0]?.subject).toMatch(
      new RegExp(`Order ${late} is due in (9|10|11) minutes`),
    );
    // 60 minutes left when accepted: due in 40; out for delivery before then cancels it.
    const early = await buildOrder(t.ctx, {
      merchantTmk: owner.merchant.tmk,
      submittedAt: at(60),
      overrides: { delivery: { method: 'on_demand' } } as never,
    });
    expect((await put(early, 'MERCHANT_ACCEPTED')).statusCode).toBe(200);
    await until(async () => (await alertRows(owner.merchant.id)).some((r) => r.subject_id === early), 10_000);
    expect((await put(early, 'MERCHANT_SHIPPED')).statusCode).toBe(200);
    await until(
      async () =>
        (await alertRows(owner.merchant.id)).find((r) => r.subject_id === early)?.state === 'cancelled',
      10_000,
    );
    expect(smtp.to(owner.user.email)).toHaveLength(1);
  });

  it('a details sheet the person asked for: an email once it is ready (a bulk accept sends none)', async () => {
    const owner = await buildMerchantWithOwner(t);
    await setAlerts(owner, { batch_ready: ['email'], only_during_store_hours: false });
    const ids = [
      await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk }),
      await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk }),
    ];
    const base = `/m/v2/merchant/${owner.merchant.tmk}`;
    const accept = await t.app.inject({
      method: 'POST',
      url: `${base}/orders/bulk/accept`,
      headers: owner.headers,
      payload: { orders: ids.map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })) },
    });
    expect(accept.statusCode).toBeLessThan(300);
    const details = await t.app.inject({
      method: 'POST',
      url: `${base}/orders/batch/details`,
      headers: owner.headers,
      payload: { items: ids },
    });
    expect(details.statusCode, details.body).toBeLessThan(300);
    await until(
      () => smtp.to(owner.user.email).some((m) => m.subject?.includes('Your files for 2 orders are ready')),
      30_000,
    );
    await sleep(1500);
    expect(smtp.to(owner.user.email).filter((m) => m.subject?.includes('are ready'))).toHaveLength(1);
  });

  it('a store with unaccepted_after_minutes 1 escalates an unanswered order after a minute, once, and not one accepted within it', async () => {
    const owner = await buildMerchantWithOwner(t);
    const member = await buildTeammate(t, owner.merchant);
    const number = await confirmPhone(owner);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/c/v2/merchants/${owner.merchant.tmk}/alerts`,
      headers: owner.headers,
      payload: { unaccepted_after_minutes: 1, escalate_to: 'owners' },
    });
    expect(set.statusCode).toBe(200);
    const started = Date.now();
    const waiting = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk });
    const answered = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk });
    const accept = await t.app.inject({
      method: 'PUT',
      url: `/m/v2/orders/${answered}`,
      headers: bearer(member.token),
      payload: { status: 'MERCHANT_ACCEPTED' },
    });
    expect(accept.statusCode).toBe(200);
    await until(() => twilio.to(number).length >= 2, 75_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(60_000);
    await until(() => smtp.to(owner.user.email).length >= 1, 5_000);
    await sleep(1500);
    const texts = twilio.to(number).slice(1);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain(`order ${waiting} from`);
    expect(texts[0]?.body).toContain('is still waiting after 1 min');
    expect(smtp.to(owner.user.email)).toHaveLength(1);
    expect(smtp.to(member.user.email)).toHaveLength(0);
    const rows = await t.ctx.database.db
      .select()
      .from(staffAlerts)
      .where(and(eq(staffAlerts.merchant_id, owner.merchant.id), eq(staffAlerts.subject_id, answered)));
    expect(rows.map((r) => r.state)).toEqual(['cancelled']);
  }, 90_000);
});
