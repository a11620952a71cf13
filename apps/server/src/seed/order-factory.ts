import type { PlaceOrderBody } from '@mc/api';
import {
  CITIES,
  ENGRAVINGS,
  FIRST_NAMES,
  GIFT_MESSAGES,
  INSTRUCTIONS,
  LAST_NAMES,
  MARKETPLACE_APPS,
  PROMO_CODES,
  STREETS,
} from './catalog.ts';
import type { Random } from './random.ts';

export const DELIVERY_KINDS = [
  'on_demand',
  'scheduled',
  'scheduled_courier',
  'shipping',
  'preorder',
  'deposit',
] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export interface FactoryOffering {
  id: string;
  merchant_sku: string;
  price: number;
  /** 'Whiskey', 'Wine'…: sent with the order line for the pick list (none: listed under 'Other'). */
  category?: string | null;
}

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86400_000);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** A realistic marketplace order for a merchant, from its offerings. */
export function buildOrderBody(
  r: Random,
  opts: {
    merchant: string;
    offerings: readonly FactoryOffering[];
    submittedAt: Date;
    kind?: DeliveryKind;
    overrides?: Partial<PlaceOrderBody>;
  },
): PlaceOrderBody {
  const kind =
    opts.kind ??
    r.pick([
      'on_demand',
      'on_demand',
      'shipping',
      'shipping',
      'scheduled',
      'scheduled_courier',
      'preorder',
      'deposit',
    ] as const);
  const app = r.pick(MARKETPLACE_APPS);
  const first = r.pick(FIRST_NAMES);
  const last = r.pick(LAST_NAMES);
  const isGift = r.chance(0.25);
  const rFirst = isGift ? r.pick(FIRST_NAMES) : first;
  const rLast = isGift ? r.pick(LAST_NAMES) : last;
  const place = r.pick(CITIES);
  const nLines = r.int(1, 3);
  const chosen = r.sample(opts.offerings, nLines);
  const engraveLine = r.chance(0.08) ? 0 : -1;
  const items = chosen.map((o, i) => ({
    offering_id: o.id,
    quantity: r.chance(0.7) ? 1 : r.int(2, 4),
    discount: 0,
    engraving_price: 15,
    ...(i === engraveLine ? { engraving_message: [r.pick(ENGRAVINGS)] } : {}),
    ...(o.category ? { category: o.category } : {}),
    // Gift orders have their first bottle gift-wrapped (no extra random draw: the seed stays as it was).
    ...(isGift && i === 0 ? { gift_wrap: true } : {}),
    ...(kind === 'preorder' || kind === 'deposit'
      ? {
          preorder_type: kind,
          // some presale items arrive within 10 days (ready to ship), most later
          preorder_available_date: isoDate(addDays(new Date(), r.chance(0.3) ? r.int(1, 9) : r.int(12, 60))),
          ...(kind === 'deposit'
            ? { preorder_balance_due_excl_taxes_fees: Math.round(o.price * 60) / 100 }
            : {}),
        }
      : {}),
  }));
  const subtotal = chosen.reduce((s, o, i) => s + o.price * items[i]!.quantity, 0);
  const method = kind === 'scheduled_courier' ? 'scheduled' : kind;
  const windowStartHour = r.pick([12, 14, 16, 18]);
  const delivery: PlaceOrderBody['delivery'] =
    method === 'scheduled'
      ? (() => {
          const day = addDays(opts.submittedAt, r.int(0, 3));
          const start = new Date(
            Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), windowStartHour + 5),
          );
          return {
            method,
            date: isoDate(start),
            window: [start.toISOString(), new Date(start.getTime() + 2 * 3600_000).toISOString()] as [
              string,
              string,
            ],
          };
        })()
      : { method };
  return {
    merchant: opts.merchant,
    application_ref: app.ref,
    application_name: app.name,
    status: 'SUBMITTED',
    date_submitted: opts.submittedAt.toISOString(),
    delivery,
    ...(kind === 'scheduled_courier'
      ? { courier_estimate_id: `est_${Math.floor(r.next() * 1e9).toString(36)}` }
      : {}),
    recipient: {
      first_name: rFirst,
      last_name: rLast,
      street_1: `${r.int(1, 999)} ${r.pick(STREETS)}`,
      street_2: r.chance(0.3) ? `Apt ${r.int(1, 30)}${r.pick(['A', 'B', 'C', 'D'])}` : '',
      street_3: '',
      city: place.city,
      state: place.state,
      zipcode: place.zip,
      country: 'US',
      phone_number: `(${r.int(201, 989)}) ${r.int(200, 999)}-${String(r.int(0, 9999)).padStart(4, '0')}`,
      delivery_instructions: r.pick(INSTRUCTIONS),
    },
    customer: {
      first_name: first,
      last_name: last,
      email: `${`${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')}${r.int(1, 99)}@example.com`,
      phone_number: `(${r.int(201, 989)}) ${r.int(200, 999)}-${String(r.int(0, 9999)).padStart(4, '0')}`,
    },
    items,
    transaction: {
      tax: Math.round(subtotal * 8.875) / 100,
      delivery_fee: method === 'on_demand' || method === 'scheduled' ? 4.99 : 0,
      shipping: method === 'shipping' || method === 'preorder' || method === 'deposit' ? 14.99 : 0,
      tip: method === 'on_demand' ? r.pick([0, 3, 5, 8]) : 0,
    },
    ...(isGift ? { gift_message: r.pick(GIFT_MESSAGES) } : {}),
    ...(r.chance(0.15) ? { promo_code: r.pick(PROMO_CODES) } : {}),
    order_weight: Math.round(items.reduce((s, i) => s + i.quantity * 3.1, 0) * 100) / 100,
    payment_behavior: 'approve',
    ...opts.overrides,
  };
}
