/**
 * Order dialog schemas with the spec's messages.
 */
import { z } from 'zod';
import { COURIER_DISPATCH_TYPE } from './delivery.ts';
import { MAX_LENGTH } from './limits.ts';
import { optionalHttpUrlSchema, text } from './limits-schemas.ts';
import { dollarsToCents } from './money.ts';
import { isValidPhone, toE164Us } from './phone.ts';
import {
  DEFAULT_REJECTION_REASON,
  ITEM_REASON_STATUS,
  type ItemReason,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  type RejectionReason,
} from './transitions.ts';
import { daysInMonth, PHONE_NUMBER_MESSAGE } from './validation.ts';
import { zonedDateTime } from './zoned-dates.ts';

export const FILL_REQUIRED_MESSAGE = 'Please fill in required fields';
export const FILL_ALL_FIELDS_MESSAGE = '* Please fill in all the fields';
export const ONLY_NUMBERS_MESSAGE = 'Only numbers are accepted.';

/** Form number input: '' / null / undefined → undefined (missing); non-numeric text → NaN (rejected). */
export function toNumberInput(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '') return undefined;
    return /^-?(?:\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
  }
  return v;
}

// ---------------------------------------------------------------------------
// Reject order
// ---------------------------------------------------------------------------

export const REJECT_OTHER_MESSAGE = 'Please insert a reason';
export const REJECT_PLACEHOLDER = 'Please describe the issue...';

export const RejectOrderSchema = z
  .object({
    reason: z.enum(REJECTION_REASONS).default(DEFAULT_REJECTION_REASON),
    other_reason: text('note').trim().optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v?.reason === 'other' && !v.other_reason) {
        ctx.addIssue({ code: 'custom', path: ['other_reason'], message: REJECT_OTHER_MESSAGE });
      }
    },
    { when: () => true },
  );
export type RejectOrderInput = z.infer<typeof RejectOrderSchema>;

/** The status comment stored with a rejection: the free text for 'other', else the reason's label. */
export function rejectionStatusComment(input: {
  reason: RejectionReason;
  other_reason?: string | undefined;
}): string {
  return input.reason === 'other' ? (input.other_reason ?? '').trim() : REJECTION_REASON_LABELS[input.reason];
}

/** PUT /m/v2/orders/{id} body for a rejection. */
export function rejectOrderBody(input: RejectOrderInput): {
  status: 'MERCHANT_REJECTED';
  reason: RejectionReason;
  status_comment: string;
} {
  return { status: 'MERCHANT_REJECTED', reason: input.reason, status_comment: rejectionStatusComment(input) };
}

// ---------------------------------------------------------------------------
// Item reasons: wrong price, out of stock
// ---------------------------------------------------------------------------

export const PRICE_REQUIRED_MESSAGE = 'Please enter the new price';
export const PRICE_INVALID_MESSAGE = 'Please enter a valid price';

const itemId = z.union([text('id').min(1), z.number()]);

export const WrongPriceSchema = z.object({
  item_id: itemId,
  price: z.preprocess(
    toNumberInput,
    z
      .number({ error: (iss) => (iss.input === undefined ? PRICE_REQUIRED_MESSAGE : ONLY_NUMBERS_MESSAGE) })
      .positive(PRICE_INVALID_MESSAGE),
  ),
});
export type WrongPriceInput = z.infer<typeof WrongPriceSchema>;

export const PRICE_UNCHANGED_MESSAGE = 'The new price must differ from the current price';

/** A wrong-price report must name a different price: compared in whole cents (42.5 equals $42.50). */
export function isPriceChanged(newPrice: number, currentPrice: number): boolean {
  return dollarsToCents(newPrice) !== dollarsToCents(currentPrice);
}

/** The Wrong Price dialog's schema for an item listed at `currentPrice`: the same price is refused. */
export function wrongPriceSchema(currentPrice: number) {
  return WrongPriceSchema.refine((v) => isPriceChanged(v.price, currentPrice), {
    path: ['price'],
    message: PRICE_UNCHANGED_MESSAGE,
  });
}

export const OUT_OF_STOCK_CHOICES = ['available_48h', 'available_4d', 'unavailable'] as const;
export type OutOfStockChoice = (typeof OUT_OF_STOCK_CHOICES)[number];

/** Option texts; the dialog preselects the 48 hrs text on open. */
export const OUT_OF_STOCK_TEXTS: Record<OutOfStockChoice, string> = {
  available_48h: 'Item can be obtained and shipped within 48 hrs.',
  available_4d: 'Item can be obtained and shipped within 4 days.',
  unavailable: 'Item is not available and will be removed from the order.',
};
export const DEFAULT_OUT_OF_STOCK_CHOICE: OutOfStockChoice = 'available_48h';

export const OutOfStockSchema = z.object({
  item_id: itemId,
  choice: z.enum(OUT_OF_STOCK_CHOICES).default(DEFAULT_OUT_OF_STOCK_CHOICE),
});
export type OutOfStockInput = z.infer<typeof OutOfStockSchema>;

/** `rejection_message`: keyed by reason, then item id. */
export interface RejectionMessage {
  outOfStock?: Record<string, { checked: boolean; message: string; value?: OutOfStockChoice }>;
  wrongPrice?: Record<string, { checked: boolean; price: number }>;
}

export function buildRejectionMessage(input: {
  outOfStock?: readonly OutOfStockInput[];
  wrongPrice?: readonly WrongPriceInput[];
}): RejectionMessage {
  const out: RejectionMessage = {};
  if (input.outOfStock?.length) {
    out.outOfStock = {};
    for (const o of input.outOfStock) {
      out.outOfStock[String(o.item_id)] = {
        checked: true,
        message: OUT_OF_STOCK_TEXTS[o.choice],
        value: o.choice,
      };
    }
  }
  if (input.wrongPrice?.length) {
    out.wrongPrice = {};
    for (const w of input.wrongPrice) out.wrongPrice[String(w.item_id)] = { checked: true, price: w.price };
  }
  return out;
}

/** rejection_message arrives as a JSON string: parsed, or {} when absent or unreadable. */
export function parseRejectionMessage(value: unknown): RejectionMessage {
  if (value && typeof value === 'object') return value as RejectionMessage;
  if (typeof value !== 'string' || !value.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as RejectionMessage) : {};
  } catch {
    return {};
  }
}

/** PUT body items for a partial rejection: [{offering_id, statuslist}] (one entry per offering). */
export function partialRejectionItems(
  entries: readonly { offering_id: string | number; reason: ItemReason }[],
): { offering_id: string | number; statuslist: ('OUT_OF_STOCK' | 'WRONG_PRICE')[] }[] {
  const map = new Map<
    string,
    { offering_id: string | number; statuslist: ('OUT_OF_STOCK' | 'WRONG_PRICE')[] }
  >();
  for (const e of entries) {
    const key = String(e.offering_id);
    const row = map.get(key) ?? { offering_id: e.offering_id, statuslist: [] };
    const status = ITEM_REASON_STATUS[e.reason];
    if (!row.statuslist.includes(status)) row.statuslist.push(status);
    map.set(key, row);
  }
  return [...map.values()];
}

// ---------------------------------------------------------------------------
// Tracking
// ---------------------------------------------------------------------------

export const TRACKING_CARRIERS = ['FedEx', 'UPS', 'GSO', 'OTHER'] as const;
export type TrackingCarrier = (typeof TRACKING_CARRIERS)[number];
export const TRACKING_CARRIER_LABELS: Record<TrackingCarrier, string> = {
  FedEx: 'FedEx',
  UPS: 'UPS',
  GSO: 'GSO',
  OTHER: 'OTHER',
};
/** Carriers with a logo (FedEx and UPS). */
const CARRIERS_WITH_LOGO: readonly TrackingCarrier[] = ['FedEx', 'UPS'];

/**
 * The carrier whose logo the tracking row shows instead of its name (any spelling of FedEx or UPS),
 * else null: the name is written out.
 */
export function carrierWithLogo(provider: string | null | undefined): TrackingCarrier | null {
  const p = provider?.toLowerCase();
  return CARRIERS_WITH_LOGO.find((c) => c.toLowerCase() === p) ?? null;
}
export const TRACKING_ID_MAX_LENGTH = MAX_LENGTH.trackingId;
export const TRACKING_ID_MAX_MESSAGE = `The tracking number must have at most ${TRACKING_ID_MAX_LENGTH} characters`;

export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

export const TrackingSchema = z
  .object({
    tracking_provider: z.enum(TRACKING_CARRIERS, { error: FILL_ALL_FIELDS_MESSAGE }),
    tracking_id: text('addressLine', { error: FILL_ALL_FIELDS_MESSAGE })
      .overwrite(stripSpaces)
      .min(1, FILL_ALL_FIELDS_MESSAGE)
      .max(TRACKING_ID_MAX_LENGTH, TRACKING_ID_MAX_MESSAGE),
    other_tracking_provider: text('name').trim().optional(),
    /** Entered for OTHER carriers: an absolute http(s) URL (shown as a link, so never `javascript:`). */
    tracking_url: optionalHttpUrlSchema(),
  })
  .superRefine(
    (v, ctx) => {
      if (v?.tracking_provider !== 'OTHER') return;
      for (const key of ['other_tracking_provider', 'tracking_url'] as const) {
        if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: FILL_ALL_FIELDS_MESSAGE });
      }
    },
    { when: () => true },
  );
export type TrackingInput = z.infer<typeof TrackingSchema>;

/** Public tracking page for the known carriers; null for OTHER (its URL is entered). */
export function carrierTrackingUrl(provider: string, trackingId: string): string | null {
  const id = encodeURIComponent(stripSpaces(trackingId));
  switch (provider.toLowerCase()) {
    case 'fedex':
      return `https://www.fedex.com/fedextrack/?trknbr=${id}`;
    case 'ups':
      return `https://www.ups.com/track?tracknum=${id}`;
    case 'gso':
      return `https://www.gls-us.com/track-and-trace?TrackingNumbers=${id}`;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------
// Delivered dialog
// ---------------------------------------------------------------------------

export const DATE_INVALID_MESSAGE = 'Please enter a valid date';
export const TIME_INVALID_MESSAGE = 'Please enter a valid time';
export const AM_PM = ['AM', 'PM'] as const;
export type AmPm = (typeof AM_PM)[number];

const US_DATE_RE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const TIME_12_RE = /^(\d{1,2}):(\d{2})$/;

export function parseUsDate(value: string): { year: number; month: number; day: number } | null {
  const m = US_DATE_RE.exec(value.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const year = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isValidTime12(value: string): boolean {
  const m = TIME_12_RE.exec(value.trim());
  if (!m) return false;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h >= 1 && h <= 12 && min >= 0 && min <= 59;
}

/**
 * 12-hour 'h:mm' + AM/PM → 'HH:MM'. 12 AM becomes 00; PM hours below 12 get 12 added;
 * 12 PM stays 12; other AM hours are unchanged.
 */
export function to24Hour(time: string, ampm: AmPm | string): string {
  const m = TIME_12_RE.exec(time.trim());
  if (!m) throw new RangeError(`not a 12-hour time: ${time}`);
  let h = Number(m[1]);
  const upper = ampm.toUpperCase();
  if (upper === 'AM' && h === 12) h = 0;
  else if (upper === 'PM' && h < 12) h += 12;
  return `${String(h).padStart(2, '0')}:${m[2]}`;
}

export const DeliveredSchema = z.object({
  date: text('short', { error: FILL_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: FILL_REQUIRED_MESSAGE, abort: true })
    .refine((v) => parseUsDate(v) !== null, DATE_INVALID_MESSAGE),
  time: text('short', { error: FILL_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: FILL_REQUIRED_MESSAGE, abort: true })
    .refine(isValidTime12, TIME_INVALID_MESSAGE),
  ampm: z.enum(AM_PM, { error: FILL_REQUIRED_MESSAGE }),
  signed_by: text('name').trim().optional(),
  delivered_by: text('name').trim().optional(),
});
export type DeliveredInput = z.infer<typeof DeliveredSchema>;

/** The delivery instant (ISO) from the dialog's local date/time in the merchant timezone. */
export function deliveredOnIso(input: Pick<DeliveredInput, 'date' | 'time' | 'ampm'>, tz: string): string {
  const d = parseUsDate(input.date);
  if (!d) throw new RangeError(`not a date: ${input.date}`);
  const [hh, mm] = to24Hour(input.time, input.ampm).split(':').map(Number);
  return zonedDateTime(tz, d.year, d.month, d.day, hh ?? 0, mm ?? 0).toISOString();
}

/** Body for the delivery details save: {signed_by, delivered_by, delivered_on}. */
export function deliveryDetailsBody(
  input: DeliveredInput,
  tz: string,
): { signed_by: string; delivered_by: string; delivered_on: string } {
  return {
    signed_by: input.signed_by ?? '',
    delivered_by: input.delivered_by ?? '',
    delivered_on: deliveredOnIso(input, tz),
  };
}

// ---------------------------------------------------------------------------
// Courier pickup
// ---------------------------------------------------------------------------

export const COURIER_PACKAGE_ERROR = 'The number of packages must be greater than 0';

export const CourierRequestSchema = z.object({
  number_of_package: z.preprocess(
    toNumberInput,
    z
      .number({ error: (iss) => (iss.input === undefined ? FILL_REQUIRED_MESSAGE : COURIER_PACKAGE_ERROR) })
      .int(COURIER_PACKAGE_ERROR)
      .min(1, COURIER_PACKAGE_ERROR),
  ),
  pickup_instructions: text('note').trim().optional(),
  save_instructions: z.boolean().default(false),
  dispatch_type: z.literal(COURIER_DISPATCH_TYPE).default(COURIER_DISPATCH_TYPE),
});
export type CourierRequestInput = z.infer<typeof CourierRequestSchema>;

/** POST .../courier body. */
export function courierRequestBody(input: CourierRequestInput): { courier_info: CourierRequestInput } {
  return {
    courier_info: {
      dispatch_type: COURIER_DISPATCH_TYPE,
      number_of_package: input.number_of_package,
      pickup_instructions: input.pickup_instructions ?? '',
      save_instructions: input.save_instructions,
    },
  };
}

// ---------------------------------------------------------------------------
// Shipping label boxes
// ---------------------------------------------------------------------------

export const WEIGHT_MIN = 0.01;
export const WEIGHT_MAX = 999999;
export const DECLARED_VALUE_MIN = 0;
export const DECLARED_VALUE_MAX = 4999.99;
export const WEIGHT_REQUIRED_MESSAGE = 'Please enter the weight.';
export const WEIGHT_MIN_MESSAGE = 'Min value is 0.01';
export const WEIGHT_MAX_MESSAGE = 'Max value is 999999.';
export const DECLARED_VALUE_MIN_MESSAGE = 'Min value is 0.';
export const DECLARED_VALUE_MAX_MESSAGE = 'Max value is 4,999.99';
export const DECLARED_VALUE_LIMIT_TEXT = 'limit $5,000.00';
export const BOXES_REQUIRED_MESSAGE = 'Please add at least one box.';

export const ShippingBoxSchema = z.object({
  weight: z.preprocess(
    toNumberInput,
    z
      .number({ error: (iss) => (iss.input === undefined ? WEIGHT_REQUIRED_MESSAGE : ONLY_NUMBERS_MESSAGE) })
      .min(WEIGHT_MIN, WEIGHT_MIN_MESSAGE)
      .max(WEIGHT_MAX, WEIGHT_MAX_MESSAGE),
  ),
  insurance: z.preprocess(
    toNumberInput,
    z
      .number({ error: ONLY_NUMBERS_MESSAGE })
      .min(DECLARED_VALUE_MIN, DECLARED_VALUE_MIN_MESSAGE)
      .max(DECLARED_VALUE_MAX, DECLARED_VALUE_MAX_MESSAGE)
      .optional(),
  ),
});
export type ShippingBox = z.infer<typeof ShippingBoxSchema>;

export const ShippingBoxesSchema = z.array(ShippingBoxSchema).min(1, BOXES_REQUIRED_MESSAGE);
export type ShippingBoxes = z.infer<typeof ShippingBoxesSchema>;

/** Label purchase payload: insurance sent only when non-zero. */
export function labelPurchaseBoxes(boxes: readonly ShippingBox[]): { weight: number; insurance?: number }[] {
  return boxes.map((b) =>
    b.insurance ? { weight: b.weight, insurance: b.insurance } : { weight: b.weight },
  );
}

/** Additional boxes only when the total item quantity is 2 or more (and never more boxes than items). */
export function canAddBoxes(totalQty: number, currentBoxes = 1): boolean {
  return totalQty >= 2 && currentBoxes < totalQty;
}

/**
 * The order weight split evenly across boxes with 2 decimals. Leftover hundredths go to the first
 * boxes so the parts add up to the weight (rounded to 2 decimals).
 */
export function splitWeight(weight: number, boxes: number): number[] {
  const n = Math.max(1, Math.floor(boxes));
  const hundredths = Math.round(weight * 100);
  const base = Math.floor(hundredths / n);
  const rest = hundredths - base * n;
  return Array.from({ length: n }, (_, i) => (base + (i < rest ? 1 : 0)) / 100);
}

// ---------------------------------------------------------------------------
// Send directions to phone
// ---------------------------------------------------------------------------

/** The number as typed; parsed with +1 as the default country code, output in E.164. */
export const SendToPhoneSchema = z.object({
  number: text('phone', { error: PHONE_NUMBER_MESSAGE })
    .trim()
    .refine(isValidPhone, PHONE_NUMBER_MESSAGE)
    .overwrite((v) => toE164Us(v) ?? v),
});
export type SendToPhoneInput = z.input<typeof SendToPhoneSchema>;
export type SendToPhoneBody = z.output<typeof SendToPhoneSchema>;
