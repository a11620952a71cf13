/**
 * Alerts to staff by text and email (docs/decisions/0147): who asked for what, the store's escalation of
 * unanswered orders, when an alert is due, and what it says. Pure; the server schedules and sends.
 */
import { TZDate } from '@date-fns/tz';
import { formatUsd } from './money.ts';
import { isOneOf } from './one-of.ts';
import { WEEKDAYS_SUNDAY_FIRST } from './weekdays.ts';

export const ALERT_CHANNELS = ['sms', 'email'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** What a person can be alerted about. `batch_ready` goes by email only (a link to files is no text). */
export const ALERT_KINDS = ['new_order', 'unaccepted', 'sla_risk', 'batch_ready'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const EMAIL_ONLY_KINDS: readonly AlertKind[] = ['batch_ready'];

export function isAlertKind(value: unknown): value is AlertKind {
  return isOneOf(ALERT_KINDS, value);
}

export const ESCALATION_GROUPS = ['owners', 'owners_and_managers'] as const;
export type EscalationGroup = (typeof ESCALATION_GROUPS)[number];

/** One person's choices. A person who never saved any has these. */
export interface AlertPreferences {
  new_order: AlertChannel[];
  unaccepted: AlertChannel[];
  sla_risk: AlertChannel[];
  batch_ready: AlertChannel[];
  only_during_store_hours: boolean;
}
export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = {
  new_order: [],
  unaccepted: [],
  sla_risk: [],
  batch_ready: [],
  only_during_store_hours: true,
};

/** A store's escalation of unanswered orders; off until an owner or manager sets a delay. */
export interface StoreEscalation {
  unaccepted_after_minutes: number | null;
  escalate_to: EscalationGroup;
}
export const DEFAULT_STORE_ESCALATION: StoreEscalation = {
  unaccepted_after_minutes: null,
  escalate_to: 'owners',
};
export const UNACCEPTED_MINUTES_MIN = 1;
export const UNACCEPTED_MINUTES_MAX = 120;

/** An accepted order this close to its promised time, and not yet out for delivery, is at risk. */
export const SLA_RISK_MINUTES = 20;
/** The delivery methods promised within the day: the two-hour window (on demand, by courier) or a scheduled slot. */
export const SLA_RISK_METHODS = ['on_demand', 'courier', 'scheduled'] as const;

/**
 * New orders to one person are gathered: the message goes once no other new order came for QUIET, and
 * at the latest CAP after the first, so a burst within a minute is one message.
 */
export const NEW_ORDER_QUIET_MS = 10_000;
export const NEW_ORDER_CAP_MS = 60_000;

/** The confirmation code for a mobile number: 6 digits, 10 minutes, 5 tries. */
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_TRIES = 5;
export const PHONE_CODE_LENGTH = 6;

/** Twilio's error for a number that replied STOP (https://www.twilio.com/docs/api/errors/21610). */
export const TWILIO_OPTED_OUT = 21610;

/** The words carriers and Twilio treat as an opt-out, and as opting in again. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

/** What an inbound text means for alerts: an opt-out, an opt-in again, or nothing. */
export function inboundTextIntent(body: string, optOutType?: string | null): 'stop' | 'start' | null {
  const type = optOutType?.trim().toUpperCase();
  if (type === 'STOP') return 'stop';
  if (type === 'START') return 'start';
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

export interface WeeklyHours {
  weekday: string;
  time_open: string;
  time_close: string;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * When the store is next open, from `now` (now itself when open). A store without hours is always open:
 * alerts never wait for hours nobody set. A closing time at or before the opening runs past midnight.
 */
export function nextOpeningAt(hours: readonly WeeklyHours[], timezone: string, now: Date): Date {
  if (hours.length === 0) return now;
  const byDay = new Map(hours.map((h) => [h.weekday.trim().toLowerCase(), h]));
  const local = new TZDate(now.getTime(), timezone);
  // Yesterday's hours may run past midnight into today.
  for (let offset = -1; offset <= 7; offset++) {
    const day = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + offset, timezone);
    const h = byDay.get(WEEKDAYS_SUNDAY_FIRST[day.getDay()] ?? '');
    if (!h) continue;
    const open = minutesOf(h.time_open);
    let close = minutesOf(h.time_close);
    if (h.time_close === '23:59') close = 24 * 60;
    if (close <= open) close += 24 * 60;
    const at = (min: number) =>
      new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), 0, min, 0, timezone).getTime();
    const opens = at(open);
    const closes = at(close);
    if (now.getTime() < closes && now.getTime() >= opens) return now;
    if (opens > now.getTime()) return new Date(opens);
  }
  return now;
}

/**
 * When an accepted order becomes at risk: 20 minutes before its promised time. It may be past already (an
 * order accepted late): the alert is then due at once, and says how long is really left.
 */
export function slaRiskAt(promisedAt: Date): Date {
  return new Date(promisedAt.getTime() - SLA_RISK_MINUTES * 60_000);
}

/** One order as an alert names it. */
export interface AlertOrder {
  id: string;
  customer_first_name: string;
  item_count: number;
  /** In dollars. */
  total: number;
}

export interface AlertMessage {
  /** The text message: short, one link. */
  sms: string;
  subject: string;
  text: string;
  html: string;
}

const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
const reviewLink = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/$/, '')}/orders/active?review=${encodeURIComponent(id)}`;
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'a customer';
const money = (dollars: number) => formatUsd(dollars);

export type AlertContent =
  | { kind: 'new_order'; orders: AlertOrder[] }
  | { kind: 'unaccepted'; order: AlertOrder; minutes: number }
  | { kind: 'sla_risk'; order: AlertOrder; minutesLeft: number }
  | { kind: 'batch_ready'; batchId: string; orderCount: number; link: string };

/** The customer's first name as an alert shows it (never the whole name, never contact details). */
export function alertCustomerName(customerName: string): string {
  return firstName(customerName);
}

function orderLine(o: AlertOrder): string {
  return `${o.id} from ${o.customer_first_name}: ${items(o.item_count)}, ${money(o.total)}`;
}

/** What one alert says, by text and by email (plain and HTML). */
export function alertMessage(storeName: string, publicUrl: string, content: AlertContent): AlertMessage {
  const base = publicUrl.replace(/\/$/, '');
  let lines: string[];
  let sms: string;
  let subject: string;
  let link: string;
  switch (content.kind) {
    case 'new_order': {
      const [first] = content.orders;
      if (content.orders.length === 1 && first) {
        link = reviewLink(base, first.id);
        sms = `${storeName}: new order ${orderLine(first)}. ${link}`;
        subject = `New order ${first.id} from ${first.customer_first_name}`;
        lines = [`New order ${orderLine(first)}.`];
      } else {
        const total = content.orders.reduce((sum, o) => sum + Math.round(o.total * 100), 0) / 100;
        const head = `${content.orders.length} new orders, ${money(total)}`;
        const shown = content.orders.slice(0, 3).map((o) => `${o.id} ${o.customer_first_name}`);
        const more = content.orders.length > 3 ? ` and ${content.orders.length - 3} more` : '';
        link = `${base}/orders/active`;
        sms = `${storeName}: ${head} — ${shown.join(', ')}${more}. ${link}`;
        subject = `${head}`;
        lines = [`${head}:`, ...content.orders.map((o) => `• ${orderLine(o)}`)];
      }
      break;
    }
    case 'unaccepted': {
      const o = content.order;
      link = reviewLink(base, o.id);
      sms = `${storeName}: order ${o.id} from ${o.customer_first_name} is still waiting after ${content.minutes} min (${items(o.item_count)}, ${money(o.total)}). Accept or reject: ${link}`;
      subject = `Order ${o.id} is still waiting after ${content.minutes} minutes`;
      lines = [`Order ${orderLine(o)} has not been accepted or rejected after ${content.minutes} minutes.`];
      break;
    }
    case 'sla_risk': {
      const o = content.order;
      link = reviewLink(base, o.id);
      const left = content.minutesLeft > 0 ? `is due in ${content.minutesLeft} min` : 'is due now';
      sms = `${storeName}: order ${o.id} for ${o.customer_first_name} ${left} and is not out for delivery. ${link}`;
      subject = `Order ${o.id} ${left.replace(' min', ' minutes')}`;
      lines = [`Order ${orderLine(o)} ${left.replace(' min', ' minutes')} and is not out for delivery yet.`];
      break;
    }
    case 'batch_ready': {
      link = content.link;
      const what = `${content.orderCount} order${content.orderCount === 1 ? '' : 's'}`;
      sms = `${storeName}: your files for ${what} are ready. ${link}`;
      subject = `Your files for ${what} are ready`;
      lines = [`The files you asked for (${what}) are ready to download under Recent batches.`];
      break;
    }
  }
  const text = [...lines, '', `Open: ${link}`, '', `— ${storeName} on the merchant console`].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link)}">Open in the console</a></p>`,
    `<p style="color:#555">${escapeHtml(storeName)} on the merchant console. You get this because of your alert settings.</p>`,
  ].join('\n');
  return { sms, subject: `${storeName}: ${subject}`, text, html };
}
