import { EventEmitter } from 'node:events';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type EmailAdapter, sandboxEmail, smtpEmail } from './adapters/email/email.ts';
import { type SmsAdapter, sandboxSms, twilioSms } from './adapters/sms/sms.ts';

/** Order events fanned out to this merchant's open consoles (server-sent events). */
export interface OrderEvent {
  type: 'order.created' | 'order.updated';
  merchant_id: string;
  order_id: string;
  status: string;
  at: string;
}

export interface Adapters {
  email: EmailAdapter;
  sms: SmsAdapter;
}

/** Everything a command needs: one object built at start-up and passed down. */
export interface AppContext {
  config: Config;
  database: Database;
  adapters: Adapters;
  /** In-process bus; with a PostgreSQL server it is fed by LISTEN/NOTIFY too. */
  events: EventEmitter;
  publishOrderEvent(e: OrderEvent): Promise<void>;
}

export function defaultAdapters(config: Config, database: Database): Adapters {
  return {
    email: config.smtpUrl ? smtpEmail(config.smtpUrl, config.mailFrom) : sandboxEmail(database.db),
    sms: config.twilio ? twilioSms(config.twilio) : sandboxSms(database.db),
  };
}

export function usesSandbox(adapters: Adapters): boolean {
  return adapters.email.kind === 'sandbox' || adapters.sms.kind === 'sandbox';
}
