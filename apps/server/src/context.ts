import type { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import type { CarrierAdapter } from './adapters/carrier/carrier.ts';
import { easypostCarrier } from './adapters/carrier/easypost.ts';
import { sandboxCarrier } from './adapters/carrier/sandbox.ts';
import { providerSettings } from './adapters/choice.ts';
import { type CourierAdapter, sandboxCourier } from './adapters/courier/courier.ts';
import { doordashCourier } from './adapters/courier/doordash.ts';
import { type EmailAdapter, sandboxEmail, smtpEmail } from './adapters/email/email.ts';
import { googleMaps, type MapsAdapter, sandboxMaps } from './adapters/maps/maps.ts';
import { type PaymentsAdapter, sandboxPayments, stripePayments } from './adapters/payments/payments.ts';
import { type SmsAdapter, sandboxSms, twilioSms } from './adapters/sms/sms.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { merchants } from './db/schema.ts';
import type { Metrics } from './lib/metrics.ts';

/** Order events fanned out to this merchant's open consoles (server-sent events). */
export interface OrderEvent {
  type: 'order.created' | 'order.updated';
  merchant_id: string;
  order_id: string;
  status: string;
  /**
   * The order's version once the change is written (every change that announces an event bumps it), so a
   * console that already has the change from its own request's answer can leave the event alone.
   * Absent from events written before it was added.
   */
  version?: number;
  at: string;
}

/**
 * Order events are written to the outbox in the transaction of their change (transition-order.ts) and
 * published by the relay after commit; a command only nudges it.
 */
export interface OrderEventPublisher {
  /** Committed outbox rows are waiting: publish them soon (coalesced; never throws). */
  kick(): void;
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
  /** The outbox relay (modules/orders/events/order-events-relay.ts), nudged after a change commits. */
  orderEvents: OrderEventPublisher;
  /** This process's `/metrics` (lib/metrics.ts); absent in contexts tests build by hand. */
  metrics?: Metrics;
}

/** Each adapter from its provider's settings, else its sandbox: the choice itself is `providerSettings`. */
export async function defaultAdapters(config: Config, database: Database): Promise<Adapters> {
  const real = providerSettings(config);
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
    email: real.email ? smtpEmail(real.email, config.mailFrom) : sandboxEmail(database.db),
    sms: real.sms
      ? twilioSms({ ...real.sms, apiBase: p.twilioApiBase, timeoutMs: p.timeoutMs })
      : sandboxSms(database.db),
    payments: real.payments
      ? await stripePayments({ secretKey: real.payments, apiBase: p.stripeApiBase, timeoutMs: p.timeoutMs })
      : sandboxPayments(config.publicUrl, sandboxAccountComplete),
    courier: real.courier
      ? doordashCourier({ ...real.courier, apiBase: p.courierApiBase, timeoutMs: p.timeoutMs })
      : sandboxCourier(config.publicUrl),
    maps: real.maps
      ? googleMaps(real.maps, { apiBase: p.mapsApiBase, timeoutMs: p.timeoutMs })
      : sandboxMaps(),
    carrier: real.carrier
      ? easypostCarrier({ apiKey: real.carrier, baseUrl: p.easypostApiBase, timeoutMs: p.timeoutMs })
      : sandboxCarrier(),
  };
}

export function usesSandbox(adapters: Adapters): boolean {
  return adapters.email.kind === 'sandbox' || adapters.sms.kind === 'sandbox';
}
