import type { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import { type CarrierAdapter, defaultCarrier } from './adapters/carrier/carrier.ts';
import { type CourierAdapter, sandboxCourier } from './adapters/courier/courier.ts';
import { doordashCourier } from './adapters/courier/doordash.ts';
import { type EmailAdapter, sandboxEmail, smtpEmail } from './adapters/email/email.ts';
import { googleMaps, type MapsAdapter, sandboxMaps } from './adapters/maps/maps.ts';
import { type PaymentsAdapter, sandboxPayments, stripePayments } from './adapters/payments/payments.ts';
import { type SmsAdapter, sandboxSms, twilioSms } from './adapters/sms/sms.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { merchants } from './db/schema.ts';

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
  payments: PaymentsAdapter;
  courier: CourierAdapter;
  maps: MapsAdapter;
  carrier: CarrierAdapter;
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

export async function defaultAdapters(config: Config, database: Database): Promise<Adapters> {
  const sandboxAccountComplete = async (accountId: string) => {
    const [m] = await database.db
      .select({ done: merchants.payments_onboarded })
      .from(merchants)
      .where(eq(merchants.merchant_account_id, accountId))
      .limit(1);
    return Boolean(m?.done);
  };
  const p = config.providers;
  return {
    email: config.smtpUrl ? smtpEmail(config.smtpUrl, config.mailFrom) : sandboxEmail(database.db),
    sms: config.twilio
      ? twilioSms({ ...config.twilio, apiBase: p.twilioApiBase, timeoutMs: p.timeoutMs })
      : sandboxSms(database.db),
    payments: config.stripeSecretKey
      ? await stripePayments({
          secretKey: config.stripeSecretKey,
          apiBase: p.stripeApiBase,
          timeoutMs: p.timeoutMs,
        })
      : sandboxPayments(config.publicUrl, sandboxAccountComplete),
    courier: p.doordash
      ? doordashCourier({ ...p.doordash, apiBase: p.courierApiBase, timeoutMs: p.timeoutMs })
      : sandboxCourier(config.publicUrl),
    maps: config.mapsApiKey
      ? googleMaps(config.mapsApiKey, { apiBase: p.mapsApiBase, timeoutMs: p.timeoutMs })
      : sandboxMaps(),
    carrier: defaultCarrier(p),
  };
}

export function usesSandbox(adapters: Adapters): boolean {
  return adapters.email.kind === 'sandbox' || adapters.sms.kind === 'sandbox';
}
