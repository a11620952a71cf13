import type { Db } from '../../db/client.ts';
import { basicAuth, ProviderUnavailableError, providerHttpClient } from '../http.ts';
import { keepInOutbox } from '../outbox/outbox.ts';

export interface SmsAdapter {
  readonly kind: 'twilio' | 'sandbox';
  /** `to` is E.164 (+1XXXXXXXXXX). Throws SmsSendError when the message was not accepted. */
  send(to: string, body: string, opts?: SmsSendOptions): Promise<void>;
  /**
   * Whether this exact text already went to `to` since `since`: asked before sending again a message whose
   * first send may have reached the provider (a worker stopped mid-send), as the provider has no idempotency key.
   */
  findSent(to: string, body: string, since: Date): Promise<boolean>;
}

export interface SmsSendOptions {
  /** The sandbox keeps one message per key; Twilio has none (see findSent). */
  idempotencyKey?: string;
}

/** A refusal the provider will repeat (a bad or opted-out number), as opposed to a failure worth retrying. */
export function isPermanentSmsRefusal(error: unknown): error is SmsSendError {
  return (
    error instanceof SmsSendError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429
  );
}

/** The provider refused the message or could not be reached; the console shows the spec's message. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    /** Twilio's error code (https://www.twilio.com/docs/api/errors), when it sent one. */
    readonly code?: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** TWILIO_API_BASE (https://api.twilio.com). */
  apiBase?: string;
  timeoutMs?: number;
  budgetMs?: number;
}

/**
 * Twilio's REST API, Messages resource (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form
 * encoded, HTTP Basic with the account SID and auth token) when TWILIO_* are set. A send is never retried:
 * Twilio has no idempotency key for messages, and a request that timed out may already have been sent.
 */
export function twilioSms(cfg: TwilioOptions): SmsAdapter {
  const http = providerHttpClient('Twilio', cfg.apiBase ?? 'https://api.twilio.com', cfg);
  const auth = basicAuth(cfg.accountSid, cfg.authToken);
  return {
    kind: 'twilio',
    async send(to, body) {
      let res: Awaited<ReturnType<typeof http.request>>;
      try {
        res = await http.request({
          method: 'POST',
          path: `/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`,
          headers: {
            authorization: auth,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: to, From: cfg.from, Body: body }),
        });
      } catch (err) {
        if (err instanceof ProviderUnavailableError) throw new SmsSendError(err.message);
        throw err;
      }
      if (!res.ok) {
        const e = res.json<{ code?: number; message?: string }>();
        throw new SmsSendError(
          `Twilio answered ${res.status}: ${e?.message ?? 'no message'}`,
          e?.code,
          res.status,
        );
      }
    },
    // The Messages list, newest first, filtered by the recipient: a message with the same body created
    // since `since` is the one a stopped worker already handed over.
    async findSent(to, body, since) {
      const query = new URLSearchParams({ To: to, PageSize: '50' });
      let res: Awaited<ReturnType<typeof http.request>>;
      try {
        res = await http.request({
          method: 'GET',
          path: `/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json?${query}`,
          headers: { authorization: auth, accept: 'application/json' },
        });
      } catch (err) {
        if (err instanceof ProviderUnavailableError) throw new SmsSendError(err.message);
        throw err;
      }
      if (!res.ok)
        throw new SmsSendError(`Twilio answered ${res.status} to the message list`, undefined, res.status);
      const list = res.json<{ messages?: { body?: string; date_created?: string; status?: string }[] }>();
      return (list?.messages ?? []).some(
        (m) =>
          m.body === body &&
          m.status !== 'failed' &&
          m.status !== 'undelivered' &&
          Date.parse(m.date_created ?? '') >= since.getTime() - 60_000,
      );
    },
  };
}

export function sandboxSms(db: Db): SmsAdapter {
  return {
    kind: 'sandbox',
    async send(to, body, opts) {
      await keepInOutbox(db, { kind: 'sms', to, text: body, idempotencyKey: opts?.idempotencyKey });
    },
    // The outbox keeps one message per key: a second send is dropped there, so nothing needs finding.
    async findSent() {
      return false;
    },
  };
}
