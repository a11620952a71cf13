/**
 * Twilio Messages API contract (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * the exact request the adapter sends, and how each of Twilio's answers (bodies as in the API reference) is
 * mapped. A local stand-in plays Twilio; no network.
 */
import { describe, expect, it } from 'vitest';
import { startStandIn, useStandIn } from '../../test/stand-in.ts';
import { SmsSendError, twilioSms } from './sms.ts';

const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'auth-token-1';
const api = useStandIn();

const created = {
  account_sid: SID,
  api_version: '2010-04-01',
  body: 'Directions',
  date_created: 'Thu, 24 Aug 2023 05:01:45 +0000',
  date_sent: null,
  date_updated: 'Thu, 24 Aug 2023 05:01:45 +0000',
  direction: 'outbound-api',
  error_code: null,
  error_message: null,
  from: '+15557122661',
  messaging_service_sid: null,
  num_media: '0',
  num_segments: '1',
  price: null,
  price_unit: 'USD',
  sid: 'SM00000000000000000000000000000001',
  status: 'queued',
  subresource_uris: {
    media: `/2010-04-01/Accounts/${SID}/Messages/SM00000000000000000000000000000001/Media.json`,
  },
  to: '+16465550199',
  uri: `/2010-04-01/Accounts/${SID}/Messages/SM00000000000000000000000000000001.json`,
};
const twilioError = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

const adapter = (timeoutMs = 2_000) =>
  twilioSms({ accountSid: SID, authToken: TOKEN, from: '+15557122661', apiBase: api.url, timeoutMs });

describe('Twilio Messages: the request', () => {
  it('POSTs a form body (To, From, Body in E.164) to the account Messages.json with HTTP Basic', async () => {
    api.answer(() => ({ status: 201, body: created }));
    await adapter().send('+16465550199', 'Ada Lovelace\n350 Fifth Avenue');
    expect(api.requests).toHaveLength(1);
    const r = api.requests[0]!;
    expect(r.method).toBe('POST');
    expect(r.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(r.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(r.form())).toEqual({
      To: '+16465550199',
      From: '+15557122661',
      Body: 'Ada Lovelace\n350 Fifth Avenue',
    });
    expect(r.body).toContain('To=%2B16465550199');
  });
});

describe('Twilio Messages: each answer, mapped (a send is never retried)', () => {
  it.each([
    ['validation error', twilioError(400, 21211, "Invalid 'To' Phone Number: +1646555019")],
    ['auth error', twilioError(401, 20003, 'Authenticate')],
    ['rate limit', { ...twilioError(429, 20429, 'Too Many Requests'), headers: { 'retry-after': '1' } }],
    ['server error', twilioError(500, 20500, 'Internal Server Error')],
    ['unavailable', twilioError(503, 20503, 'Service Unavailable')],
  ])('%s → SmsSendError with Twilio code, one request only', async (_n, answer) => {
    api.answer(() => answer);
    const err = await adapter()
      .send('+16465550199', 'x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as SmsSendError).code).toBe(answer.body.code);
    expect((err as SmsSendError).status).toBe(answer.status);
    expect(api.requests).toHaveLength(1);
  });

  it('a Twilio that never answers → SmsSendError after the time-out, not retried', async () => {
    api.answer(() => 'hang');
    const started = Date.now();
    const err = await adapter(300)
      .send('+16465550199', 'x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as Error).message).toMatch(/did not answer in time/);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(api.requests).toHaveLength(1);
  });

  it('an unreachable Twilio → SmsSendError', async () => {
    const gone = await startStandIn();
    const base = gone.url;
    await gone.close();
    const err = await twilioSms({ accountSid: SID, authToken: TOKEN, from: '+15557122661', apiBase: base })
      .send('+16465550199', 'x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as Error).message).toMatch(/could not be reached/);
  });
});
