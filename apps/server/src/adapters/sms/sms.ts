import type { Db } from '../../db/client.ts';
import { keepInOutbox } from '../outbox/outbox.ts';

export interface SmsAdapter {
  readonly kind: 'twilio' | 'sandbox';
  /** `to` is E.164 (+1XXXXXXXXXX). */
  send(to: string, body: string): Promise<void>;
}

/** Twilio's REST API (Messages resource) when TWILIO_* are set. */
export function twilioSms(cfg: { accountSid: string; authToken: string; from: string }): SmsAdapter {
  return {
    kind: 'twilio',
    async send(to, body) {
      const res = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${cfg.accountSid}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: cfg.from, Body: body }),
      });
      if (!res.ok) throw new Error(`Twilio answered ${res.status}`);
    },
  };
}

export function sandboxSms(db: Db): SmsAdapter {
  return {
    kind: 'sandbox',
    async send(to, body) {
      await keepInOutbox(db, { kind: 'sms', to, text: body });
    },
  };
}
