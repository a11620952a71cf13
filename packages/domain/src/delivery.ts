/**
 * Delivery: due times, windows, directions and their texts (the methods and their names: delivery-methods.ts).
 */
import { addMilliseconds } from 'date-fns';
import { type AddressLike, formatAddressLine, personName } from './address.ts';
import {
  type DateInput,
  formatMonthDay,
  formatShortDate,
  formatShortHour,
  formatTime,
  isoDateInZone,
  toDate,
} from './dates.ts';
import { deliveryMethodLabel } from './delivery-methods.ts';
import { isOrderStatus, tabOfStatus } from './order-status.ts';
import { zonedDateTime } from './zoned-dates.ts';

export const ON_DEMAND_DEADLINE_MS = 2 * 60 * 60 * 1000;

export interface DeliveryLike {
  method?: string | null;
  date?: string | null;
  window?: readonly (string | Date | null | undefined)[] | null;
}

export interface OrderDeliveryLike {
  delivery?: DeliveryLike | null;
  courier_estimate_id?: string | number | null;
}

/** on_demand and scheduled orders are fulfilled through the 'Deliver Order' flow. */
export function isDeliverMethod(method: string | null | undefined): boolean {
  return method === 'on_demand' || method === 'scheduled';
}

/** A courier order: method 'courier', or any order carrying a courier estimate. */
export function isCourierOrder(order: { method?: string | null } & OrderDeliveryLike): boolean {
  const method = order.delivery?.method ?? order.method;
  return method === 'courier' || Boolean(order.courier_estimate_id);
}

export type FulfilmentFlow = 'request_pickup' | 'deliver_order' | 'ship';

/** The accepted step: 'REQUEST PICKUP' for courier orders, 'Deliver Order' for deliver orders, else shipping. */
export function fulfilmentFlow(order: OrderDeliveryLike): FulfilmentFlow {
  if (isCourierOrder(order)) return 'request_pickup';
  if (isDeliverMethod(order.delivery?.method)) return 'deliver_order';
  return 'ship';
}

/** on_demand: ', please deliver by 3:04 PM' (submission + 2 h; with the date when it falls on another day). */
export function onDemandDeliverByText(submittedAt: DateInput, tz?: string | null): string {
  const due = addMilliseconds(toDate(submittedAt), ON_DEMAND_DEADLINE_MS);
  const sameDay = isoDateInZone(due, tz) === isoDateInZone(submittedAt, tz);
  const when = sameDay ? formatTime(due, tz) : `${formatShortDate(due, tz)} ${formatTime(due, tz)}`;
  return `, please deliver by ${when}`;
}

export const PRESALE_AVAILABILITY_NOTE = 'See item detail for the estimated availability date.';
export const PREORDER_NOTE = `Paid in full. ${PRESALE_AVAILABILITY_NOTE}`;
export const DEPOSIT_NOTE = `After order is accepted, customer will be charged balance before delivery. ${PRESALE_AVAILABILITY_NOTE}`;

/** The 'Note' row (preorder and deposit only). */
export function deliveryNote(method: string | null | undefined): string | null {
  if (method === 'preorder') return PREORDER_NOTE;
  if (method === 'deposit') return DEPOSIT_NOTE;
  return null;
}

const TIME_ONLY_RE = /^(\d{1,2}):(\d{2})/;

/**
 * The delivery window as instants. Entries may be full date-times, or 'HH:MM' times combined with
 * `delivery.date` ('YYYY-MM-DD') in `tz`.
 */
export function resolveDeliveryWindow(
  delivery: DeliveryLike | null | undefined,
  tz?: string | null,
): [Date, Date] | null {
  const w = delivery?.window;
  if (!w || w.length < 2 || !w[0] || !w[1]) return null;
  const toInstant = (v: string | Date): Date | null => {
    if (v instanceof Date) return v;
    const t = TIME_ONLY_RE.exec(v);
    if (t && !v.includes('T') && delivery?.date) {
      const [y, m, d] = delivery.date.slice(0, 10).split('-').map(Number);
      if (!y || !m || !d) return null;
      const zone = tz ?? 'UTC';
      return zonedDateTime(zone, y, m, d, Number(t[1]), Number(t[2]));
    }
    const parsed = new Date(v);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  };
  const start = toInstant(w[0]);
  const end = toInstant(w[1]);
  return start && end ? [start, end] : null;
}

/** The scheduled 'Date' row: '06/12/2025 between 2:00 PM and 4:00 PM'. */
export function scheduledDateText(delivery: DeliveryLike | null | undefined, tz?: string | null): string {
  const window = resolveDeliveryWindow(delivery, tz);
  if (window) {
    const [start, end] = window;
    return `${formatShortDate(start, tz)} between ${formatTime(start, tz)} and ${formatTime(end, tz)}`;
  }
  if (delivery?.date) {
    const d = delivery.date.slice(0, 10);
    const [y, m, day] = d.split('-');
    return y && m && day ? `${m}/${day}/${y}` : delivery.date;
  }
  return '';
}

export interface DeliveryMethodDetail {
  /** 'Same Day', 'Scheduled', ... */
  label: string;
  /** Appended to the label: ', please deliver by 3:04 PM' for on_demand. */
  suffix: string | null;
  /** The 'Date' row (scheduled only). */
  date: string | null;
  /** The 'Note' row (preorder and deposit only). */
  note: string | null;
}

/** The Method / Date / Note rows of the detail view's additional info block. */
export function deliveryMethodDetail(
  order: OrderDeliveryLike & { date_submitted?: DateInput | null },
  tz?: string | null,
): DeliveryMethodDetail {
  const method = order.delivery?.method ?? null;
  return {
    label: deliveryMethodLabel({ method, courier_estimate_id: order.courier_estimate_id }),
    suffix:
      method === 'on_demand' && order.date_submitted ? onDemandDeliverByText(order.date_submitted, tz) : null,
    date: method === 'scheduled' ? scheduledDateText(order.delivery, tz) || null : null,
    note: deliveryNote(method),
  };
}

/** Directions sheet window: 'Jun 12, 2 PM-4 PM' ('Mon DD, h A-h A'; minutes shown when not on the hour). */
export function directionsWindowText(window: readonly [DateInput, DateInput], tz?: string | null): string {
  const start = toDate(window[0]);
  const end = toDate(window[1]);
  // An invalid end of the window is an error, as it has always been.
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    throw new RangeError('Invalid time value');
  return `${formatMonthDay(start, tz)}, ${formatShortHour(start, tz)}-${formatShortHour(end, tz)}`;
}

/** Directions sheet 'delivery method' line: ASAP for on_demand, the window for scheduled. */
export function directionsDeliveryText(order: OrderDeliveryLike, tz?: string | null): string {
  const method = order.delivery?.method;
  if (method === 'on_demand') return 'ASAP';
  if (method === 'scheduled') {
    const w = resolveDeliveryWindow(order.delivery, tz);
    if (w) return directionsWindowText(w, tz);
  }
  return deliveryMethodLabel({ method, courier_estimate_id: order.courier_estimate_id });
}

// ---------------------------------------------------------------------------
// Address actions, maps and the directions text message
// ---------------------------------------------------------------------------

/** Address actions: none for courier orders; 'Open in maps' instead of 'Print Directions' for on_demand. */
export function addressActions(order: OrderDeliveryLike & { status?: string }): {
  printDirections: boolean;
  openInMaps: boolean;
  sendToPhone: boolean;
  /** The map's directions link. */
  mapDirections: boolean;
} {
  // A rejected, cancelled, declined, disputed or refunded order goes nowhere: directions would invite
  // sending a driver with it.
  const goesNowhere =
    order.status !== undefined && isOrderStatus(order.status) && tabOfStatus(order.status) === 'cancelled';
  const none = { printDirections: false, openInMaps: false, sendToPhone: false };
  if (goesNowhere) return { ...none, mapDirections: false };
  if (isCourierOrder(order)) return { ...none, mapDirections: true };
  const onDemand = order.delivery?.method === 'on_demand';
  return { printDirections: !onDemand, openInMaps: onDemand, sendToPhone: true, mapDirections: true };
}

/** A maps directions link for the address. */
export function mapsDirectionsUrl(a: AddressLike): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(formatAddressLine(a))}`;
}

export const STATIC_MAP = { width: 640, height: 480, zoom: 16 } as const;

/** Static map image of the address: 640x480, zoom 16, one marker. */
export function staticMapUrl(a: AddressLike, key?: string): string {
  const addr = encodeURIComponent(formatAddressLine(a));
  const params = `center=${addr}&zoom=${STATIC_MAP.zoom}&size=${STATIC_MAP.width}x${STATIC_MAP.height}&markers=${addr}`;
  return `https://maps.googleapis.com/maps/api/staticmap?${params}${key ? `&key=${encodeURIComponent(key)}` : ''}`;
}

/** The directions text message: recipient name, address, phone and a maps link. */
export function directionsSmsMessage(a: AddressLike): string {
  return [
    `Deliver to: ${personName(a)}`,
    formatAddressLine(a),
    a.phone_number ? `Phone: ${a.phone_number}` : null,
    `Directions: ${mapsDirectionsUrl(a)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

// ---------------------------------------------------------------------------
// Courier
// ---------------------------------------------------------------------------

export const COURIER_DISPATCH_TYPE = 'immediate';

export interface CourierInfoLike {
  order_status?: string | null;
  number_of_packages?: number | null;
}

/**
 * The delivery panel shows the courier details ('Pickup Requested') when courier info exists with
 * status shipped and an order status, or with a package count and an order status other than ORDER_FAILED.
 */
export function showCourierDetails(status: string, info: CourierInfoLike | null | undefined): boolean {
  if (!info?.order_status) return false;
  if (status === 'MERCHANT_SHIPPED') return true;
  return Boolean(info.number_of_packages) && info.order_status !== 'ORDER_FAILED';
}
