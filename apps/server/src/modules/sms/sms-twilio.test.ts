/**
 * 'Send to Phone' through Twilio (TWILIO_API_BASE pointed at a local stand-in): Twilio's Messages request
 * goes out and success is reported; a Twilio that never answers gives the spec's failure within 15 s
 * (with the default 10 s time-out), and nothing is kept in the sandbox outbox.
 */
import { MSG } from '@mc/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../adapters/outbox/outbox.ts';
import { buildMerchantWithOwner, buildOrder, TEST_DB, testConfig, useTestApp } from '../../test/harness.ts';
import { useStandIn } from '../../test/stand-in.ts';

const SID = 'AC00000000000000000000000000000002';
const api = useStandIn();
const t = useTestApp({
  config: () => ({
    twilio: { accountSid: SID, authToken: 'tok', from: '+15557122661' },
    providers: { ...testConfig().providers, twilioApiBase: api.url },
  }),
});
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
let orderId: string;

beforeAll(async () => {
  owner = await buildMerchantWithOwner(t);
  orderId = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'MERCHANT_ACCEPTED' });
});

const send = () =>
  t.app.inject({
    method: 'POST',
    url: '/m/v2/sms',
    headers: owner.headers,
    payload: { number: '(646) 555-0199', order_id: orderId },
  });

describe(`Send to Phone through Twilio (${TEST_DB})`, () => {
  it("sends Twilio's Messages request (Basic auth, form body, E.164) and reports success", async () => {
    expect(t.ctx.adapters.sms.kind).toBe('twilio');
    api.answer(() => ({ status: 201, body: { sid: 'SM1', status: 'queued', to: '+16465550199' } }));
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, to: '+16465550199' });
    const r = api.requests.at(-1)!;
    expect(r.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(r.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:tok`).toString('base64')}`);
    expect(r.form().get('To')).toBe('+16465550199');
    expect(r.form().get('From')).toBe('+15557122661');
    expect(r.form().get('Body')).toContain('https://www.google.com/maps/dir/');
  });

  it("Twilio refusing the message → the spec's message", async () => {
    api.answer(() => ({
      status: 400,
      body: { code: 21211, message: "Invalid 'To' Phone Number", status: 400 },
    }));
    const res = await send();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.DIRECTIONS_SEND_FAILED);
  });

  it("a Twilio that never answers → the spec's message within 15 s, sent once, nothing in the outbox", async () => {
    api.answer(() => 'hang');
    const before = api.requests.length;
    const started = Date.now();
    const res = await send();
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('There was an error trying to send the message');
    expect(elapsed).toBeGreaterThanOrEqual(9_000);
    expect(elapsed).toBeLessThan(15_000);
    expect(api.requests.length - before).toBe(1);
    expect((await listOutbox(t.database.db)).filter((m) => m.kind === 'sms')).toHaveLength(0);
  }, 20_000);
});
