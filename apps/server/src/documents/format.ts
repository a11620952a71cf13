/**
 * Formatting shared by the documents: money, dates in the order's time zone, delivery
 * texts (part 2 §2.5, §4.5), addresses, tracking visibility and the grouping of child
 * line items (engravings) under their product line (part 2 §2.2).
 */
import { TZDate } from '@date-fns/tz';
import { addHours, format } from 'date-fns';
import type { DocumentItem, DocumentOrder, DocumentRecipient } from './types.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents-exact rounding of a dollar amount (guards against 0.1 + 0.2 style drift). */
export function roundMoney(amount: number): number {
  return Math.round((Number.isFinite(amount) ? amount : 0) * 100) / 100;
}

export function formatMoney(amount: number): string {
  const rounded = roundMoney(amount);
  return usd.format(Object.is(rounded, -0) ? 0 : rounded);
}

function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const zoneCache = new Map<string, string>();

/** The IANA zone if valid, else 'UTC' (a bad zone in data must not break a document). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  let zone = zoneCache.get(timeZone);
  if (zone === undefined) {
    zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
    zoneCache.set(timeZone, zone);
  }
  return zone;
}

function zoned(iso: string, timeZone: string): TZDate | null {
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return null;
  return new TZDate(ms, safeTimeZone(timeZone));
}

/** Short zone name such as 'EST' or 'PDT' (Intl gives 'GMT+1' where no abbreviation exists). */
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

export function zoneAbbreviation(date: Date, timeZone: string): string {
  const zone = safeTimeZone(timeZone);
  let formatter = zoneNameFormats.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
    zoneNameFormats.set(zone, formatter);
  }
  return formatter.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** An instant in the given zone with a date-fns pattern; the raw text if it does not parse. */
export function formatInZone(iso: string, timeZone: string, pattern: string): string {
  const date = zoned(iso, timeZone);
  return date ? format(date, pattern) : iso;
}

/** 'Nov 20, 2024, 1:05 PM EST' */
export function formatDateTime(iso: string, timeZone: string): string {
  const date = zoned(iso, timeZone);
  if (!date) return iso;
  return `${format(date, 'MMM d, yyyy, h:mm a')} ${zoneAbbreviation(date, timeZone)}`.trim();
}

/** 'Nov 20, 2024' */
export function formatDate(iso: string, timeZone: string): string {
  return formatInZone(iso, timeZone, 'MMM d, yyyy');
}

/** A calendar date 'YYYY-MM-DD' as 'Fri, Nov 22, 2024' (no zone conversion: it is a date, not an instant). */
export function formatCalendarDate(ymd: string, pattern = 'EEE, MMM d, yyyy'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd.trim());
  if (!match) return ymd;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? ymd : format(date, pattern);
}

function hourLabel(date: Date): string {
  return format(date, date.getMinutes() === 0 ? 'h a' : 'h:mm a');
}

/**
 * The delivery window in the form 'Mon DD, h A-h A' (part 2 §2.5), e.g. 'Nov 22, 2 PM-4 PM'.
 * Minutes are shown only when they are not zero ('2:30 PM'); a window that ends on another
 * day names both days.
 */
export function formatDeliveryWindow(window: readonly [string, string], timeZone: string): string {
  const start = zoned(window[0], timeZone);
  const end = zoned(window[1], timeZone);
  if (!start || !end) return `${window[0]}-${window[1]}`;
  const startDay = format(start, 'MMM dd');
  const endDay = format(end, 'MMM dd');
  const endText = endDay === startDay ? hourLabel(end) : `${endDay}, ${hourLabel(end)}`;
  return `${startDay}, ${hourLabel(start)}-${endText}`;
}

/** List label of a delivery method (part 2 §4.5). */
export function deliveryMethodLabel(order: Pick<DocumentOrder, 'delivery'>): string {
  switch (order.delivery.method) {
    case 'on_demand':
      return 'Same Day';
    case 'scheduled':
      return 'Scheduled';
    case 'preorder':
    case 'deposit':
      return 'Pre-sale';
    case 'courier':
      return 'Courier';
    default:
      return 'Shipping';
  }
}

/** The delivery method line of the directions sheet: 'ASAP', a window, or the method label. */
export function directionsDeliveryText(order: DocumentOrder): string {
  const { delivery } = order;
  if (delivery.method === 'on_demand') return 'ASAP';
  if (delivery.method === 'scheduled') {
    if (delivery.window) return formatDeliveryWindow(delivery.window, order.timezone);
    if (delivery.date) return formatCalendarDate(delivery.date, 'MMM dd');
  }
  return deliveryMethodLabel(order);
}

/** The longer delivery text of receipts and packing slips (part 2 §4.5). */
export function deliveryDetailText(order: DocumentOrder): string {
  const { delivery } = order;
  const seeItems = 'See item detail for the estimated availability date.';
  switch (delivery.method) {
    case 'on_demand': {
      const submitted = zoned(order.date_submitted, order.timezone);
      if (!submitted) return 'Deliver within 2 hours';
      const due = addHours(submitted, 2);
      return `Please deliver by ${format(due, 'h:mm a')} ${zoneAbbreviation(due, order.timezone)}`.trim();
    }
    case 'scheduled': {
      const day = delivery.date
        ? formatCalendarDate(delivery.date)
        : delivery.window
          ? formatInZone(delivery.window[0], order.timezone, 'EEE, MMM d, yyyy')
          : '';
      if (!delivery.window) return day;
      const start = formatInZone(delivery.window[0], order.timezone, 'h:mm a');
      const end = formatInZone(delivery.window[1], order.timezone, 'h:mm a');
      return `${day} between ${start} and ${end}`.trim();
    }
    case 'preorder':
      return `Paid in full. ${seeItems}`;
    case 'deposit':
      return `After order is accepted, customer will be charged balance before delivery. ${seeItems}`;
    default:
      return '';
  }
}

export interface VisibleTracking {
  provider: string;
  id: string;
}

/** Tracking is printed only when both parts are present and the provider is not 'other'. */
export function visibleTracking(
  order: Pick<DocumentOrder, 'tracking_provider' | 'tracking_id'>,
): VisibleTracking | null {
  const provider = order.tracking_provider?.trim() ?? '';
  const id = order.tracking_id?.trim() ?? '';
  if (!provider || !id || provider.toLowerCase() === 'other') return null;
  return { provider, id };
}

export function fullName(person: { first_name?: string | null; last_name?: string | null }): string {
  return [person.first_name, person.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** Street lines, then 'City, ST 12345', then the country unless it is the US. */
export function addressLines(address: {
  street_1?: string | null;
  street_2?: string | null;
  street_3?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  country?: string | null;
}): string[] {
  const streets = [address.street_1, address.street_2, address.street_3]
    .map((line) => line?.trim() ?? '')
    .filter(Boolean);
  const city = address.city?.trim() ?? '';
  const stateZip = [address.state?.trim(), address.zipcode?.trim()].filter(Boolean).join(' ');
  const locality = [city, stateZip].filter(Boolean).join(', ');
  const country = address.country?.trim() ?? '';
  const isUs = country === '' || /^(us|usa|united states( of america)?)$/i.test(country);
  return [...streets, ...(locality ? [locality] : []), ...(isUs ? [] : [country])];
}

export function recipientName(recipient: DocumentRecipient): string {
  return fullName(recipient);
}

// ---------------------------------------------------------------------------
// Line items

export interface EngravingGroup {
  /** The message lines, blank lines removed. */
  lines: string[];
  /** Units engraved with this message. */
  quantity: number;
  /** Per-unit engraving price (of the first child in the group). */
  unitPrice: number;
  /** Sum of unit price × quantity over the group. */
  fee: number;
  /** False when the message sits on the product line itself with no priced child line. */
  isCharged: boolean;
}

export interface ItemLine {
  item: DocumentItem;
  engravings: EngravingGroup[];
  /** Child lines that are not engravings (printed as priced sub-lines). */
  addOns: DocumentItem[];
}

function messageLines(message: readonly string[] | null | undefined): string[] {
  return (message ?? []).map((line) => String(line).trim()).filter(Boolean);
}

function isEngraving(item: DocumentItem): boolean {
  return /engrav/i.test(item.name) || messageLines(item.aux_data?.engraving_message).length > 0;
}

/**
 * Product lines in order, each with its child lines. Engraving children are grouped by
 * identical message; the fee of a group is unit price × quantity, summed (part 2 §2.2).
 * A child whose parent is missing is kept as a product line of its own.
 */
export function groupItems(items: readonly DocumentItem[]): ItemLine[] {
  const ids = new Set(items.map((item) => item.id));
  const lines: ItemLine[] = [];
  const byId = new Map<string, ItemLine>();
  for (const item of items) {
    if (item.parent_line_item_id && ids.has(item.parent_line_item_id) && item.parent_line_item_id !== item.id)
      continue;
    const line: ItemLine = { item, engravings: [], addOns: [] };
    lines.push(line);
    byId.set(item.id, line);
  }
  for (const item of items) {
    const parentId = item.parent_line_item_id;
    if (!parentId || parentId === item.id) continue;
    const parent = byId.get(parentId);
    if (!parent || parent.item === item) continue;
    if (!isEngraving(item)) {
      parent.addOns.push(item);
      continue;
    }
    const lines = messageLines(item.aux_data?.engraving_message ?? parent.item.aux_data?.engraving_message);
    const key = lines.join('\n');
    const quantity = Number.isFinite(item.quantity) ? item.quantity : 0;
    const existing = parent.engravings.find((group) => group.isCharged && group.lines.join('\n') === key);
    if (existing) {
      existing.quantity += quantity;
      existing.fee = roundMoney(existing.fee + item.price * quantity);
    } else {
      parent.engravings.push({
        lines,
        quantity,
        unitPrice: item.price,
        fee: roundMoney(item.price * quantity),
        isCharged: true,
      });
    }
  }
  for (const line of lines) {
    const own = messageLines(line.item.aux_data?.engraving_message);
    if (own.length > 0 && line.engravings.length === 0 && !isEngravingLine(line.item)) {
      line.engravings.push({
        lines: own,
        quantity: line.item.quantity,
        unitPrice: 0,
        fee: 0,
        isCharged: false,
      });
    }
  }
  return lines;
}

function isEngravingLine(item: DocumentItem): boolean {
  return /engrav/i.test(item.name);
}

/** Total units to pick (product lines only; engravings are not separate units). */
export function totalUnits(lines: readonly ItemLine[]): number {
  return lines.reduce((sum, line) => sum + (Number.isFinite(line.item.quantity) ? line.item.quantity : 0), 0);
}

// ---------------------------------------------------------------------------
// File names

/** A file-name part: no path separators, reserved or control characters, single spaces. */
export function fileNamePart(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
}

/** Cleans each part with fileNamePart and joins the non-empty ones with the separator. */
export function buildFileName(parts: readonly (string | null | undefined)[], separator: string): string {
  return parts
    .map(fileNamePart)
    .filter((part) => part !== '')
    .join(separator);
}
