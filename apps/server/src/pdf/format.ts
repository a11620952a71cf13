/**
 * Formatting shared by the documents: money, dates in the order's time zone, delivery
 * texts, tracking visibility and the grouping of child line items (engravings) under their
 * product line. Names and addresses print through @mc/domain's address module (personName,
 * addressLines), the same as in the console.
 */
import { TZDate } from '@date-fns/tz';
import {
  deliveryMethodDetail,
  directionsDeliveryText as domainDirectionsDeliveryText,
  formatUsd,
  groupEngraving,
  isValidTimeZone,
  roundMoney,
  totalQuantity,
} from '@mc/domain';
import { format } from 'date-fns';
import type { DocumentItem, DocumentOrder } from './types.ts';

/** '$1,234.50' to the cent; a missing or non-finite amount prints as $0.00. */
export function formatMoney(amount: number): string {
  return formatUsd(roundMoney(Number.isFinite(amount) ? amount : 0) || 0);
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

const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

/** Short zone name such as 'EST' or 'PDT' (Intl gives 'GMT+1' where no abbreviation exists). */
export function zoneAbbreviation(date: Date, timeZone: string): string {
  const zone = safeTimeZone(timeZone);
  let formatter = zoneNameFormats.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
    zoneNameFormats.set(zone, formatter);
  }
  return formatter.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** 'Nov 20, 2024, 1:05 PM EST' */
export function formatDateTime(iso: string, timeZone: string): string {
  const date = zoned(iso, timeZone);
  if (!date) return iso;
  return `${format(date, 'MMM d, yyyy, h:mm a')} ${zoneAbbreviation(date, timeZone)}`.trim();
}

/** A calendar date 'YYYY-MM-DD' as 'Nov 22, 2024' (no zone conversion: it is a date, not an instant). */
export function formatCalendarDate(ymd: string, pattern = 'MMM d, yyyy'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd.trim());
  if (!match) return ymd;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? ymd : format(date, pattern);
}

function deliveryOf(order: DocumentOrder) {
  return { delivery: order.delivery, courier_estimate_id: order.courier_estimate_id ?? null };
}

/**
 * The delivery method line of the directions sheet: 'ASAP' for on_demand, the
 * window 'Mon DD, h A-h A' for scheduled, else the method label (rule in @mc/domain).
 */
export function directionsDeliveryText(order: DocumentOrder): string {
  return domainDirectionsDeliveryText(deliveryOf(order), safeTimeZone(order.timezone));
}

export interface DeliverySummary {
  /** 'Same Day, please deliver by 3:05 PM', 'Scheduled', 'Pre-sale', ... */
  title: string;
  /** The scheduled date with its window, or the pre-sale note. */
  details: string[];
}

/** The Method / Date / Note rows of the order detail view, as printed on receipts and slips. */
export function deliverySummary(order: DocumentOrder): DeliverySummary {
  const detail = deliveryMethodDetail(
    { ...deliveryOf(order), date_submitted: order.date_submitted },
    safeTimeZone(order.timezone),
  );
  return {
    title: `${detail.label}${detail.suffix ?? ''}`,
    details: [detail.date, detail.note].filter((text): text is string => Boolean(text)),
  };
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

/**
 * Tracking as receipts and packing slips print it: a known carrier with its number, or an 'other'
 * carrier under the name the merchant entered (none when that name is missing). The directions sheet
 * uses visibleTracking instead (the directions sheet never shows it for 'other').
 */
export function printedTracking(
  order: Pick<DocumentOrder, 'tracking_provider' | 'tracking_id' | 'other_tracking_provider'>,
): VisibleTracking | null {
  const provider = order.tracking_provider?.trim() ?? '';
  if (provider.toLowerCase() !== 'other') return visibleTracking(order);
  const name = order.other_tracking_provider?.trim() ?? '';
  const id = order.tracking_id?.trim() ?? '';
  if (!name || !id || name.toLowerCase() === 'other') return null;
  return { provider: name, id };
}

// ---------------------------------------------------------------------------
// Line items

export interface EngravingGroup {
  /** The message lines, blank lines removed. */
  lines: string[];
  /** Units engraved with this message. */
  quantity: number;
  /** Per-unit engraving price. */
  unitPrice: number;
  /** Unit price × quantity, summed over the group. */
  fee: number;
  /** False when the message sits on the product line itself with no priced engraving line. */
  isCharged: boolean;
}

export interface ItemLine {
  item: DocumentItem;
  engravings: EngravingGroup[];
}

function messageLines(message: readonly string[] | null | undefined): string[] {
  return (message ?? []).map((line) => String(line).trim()).filter(Boolean);
}

/**
 * Product lines in order, each with its engraving child lines grouped by identical message
 * (the grouping and the fee, unit price × quantity, are @mc/domain's groupEngraving). For
 * print: an engraving line without a message shows its product's message, and a product
 * that carries a message but has no engraving line shows it uncharged.
 */
export function groupItems(items: readonly DocumentItem[]): ItemLine[] {
  return groupEngraving(items).map(({ item, engravings }) => {
    const own = messageLines(item.aux_data?.engraving_message);
    const groups: EngravingGroup[] = engravings.map((group) => ({
      lines: group.message.length > 0 ? group.message : own,
      quantity: group.quantity,
      unitPrice: group.unitPrice,
      fee: group.fee,
      isCharged: true,
    }));
    if (groups.length === 0 && own.length > 0 && item.name.trim().toLowerCase() !== 'engraving') {
      groups.push({ lines: own, quantity: item.quantity, unitPrice: 0, fee: 0, isCharged: false });
    }
    return { item, engravings: groups };
  });
}

/** Units to pick: product quantities, engraving lines excluded (@mc/domain's totalQuantity). */
export function totalUnits(items: readonly DocumentItem[]): number {
  return totalQuantity(items);
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
