/**
 * The one document mapper: a stored order (the row the loader reads, load-orders.ts) and its
 * merchant become what every document prints — receipt, packing slip and directions (DocumentOrder)
 * and the shipping label's addresses (LabelAddress). The single download, the bulk batch, the label
 * purchase and the benchmark all go through here, so the same order prints the same everywhere.
 */
import {
  type AddressLike,
  addressLines,
  ageCheckText,
  centsToDollars,
  type DeliveryMethod,
  isDeliveryMethod,
  type LabelAddress,
  personName,
} from '@mc/domain';
import type { DocumentItem, DocumentMerchant, DocumentOrder } from '../../../pdf/types.ts';
import type { BulkOrderRow } from './load-orders.ts';

/** The merchant columns the documents print (a `merchants` row satisfies it). */
export interface MerchantForDocuments {
  name: string;
  timezone: string;
  street_1: string;
  street_2: string;
  street_3: string;
  city: string;
  state: string;
  zipcode: string;
  primary_phone: string;
}

/** Cents as stored (a JSON aggregate may hand them over as text) → dollars. */
const dollars = (cents: number) => centsToDollars(Math.round(Number(cents) || 0));
const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const optional = (v: unknown): string | null => (v == null || v === '' ? null : text(v));

/** An ISO instant, or null for a missing or invalid value (drivers give Date or string). */
export const toIso = (v: Date | string | null | undefined): string | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

export function documentMerchant(m: MerchantForDocuments): DocumentMerchant {
  return {
    name: m.name,
    // The store has no country column: its lines are the streets and 'City, ST 12345'.
    address_lines: addressLines(m),
    phone: m.primary_phone || null,
  };
}

function documentItem(i: BulkOrderRow['items'][number]): DocumentItem {
  const aux = i.aux_data ?? {};
  const engraving = Array.isArray(aux.engraving_message) ? aux.engraving_message.map(text) : null;
  return {
    id: i.id,
    name: i.name,
    description: i.description || null,
    quantity: i.quantity,
    price: dollars(i.price_cents),
    subtotal: dollars(i.subtotal_cents),
    sku: i.merchant_sku,
    container_size: i.container_size?.formatted ?? null,
    parent_line_item_id: i.parent_line_item_id,
    aux_data: {
      engraving_message: engraving,
      preorder_available_date:
        typeof aux.preorder_available_date === 'string' ? aux.preorder_available_date : null,
      category: typeof aux.category === 'string' ? aux.category : null,
      gift_wrap: aux.gift_wrap === true,
    },
  };
}

/** A stored order as every document reads it. */
export function toDocumentOrder(
  row: BulkOrderRow,
  merchant: MerchantForDocuments,
  siteName: string,
): DocumentOrder {
  const start = toIso(row.delivery_window_start);
  const end = toIso(row.delivery_window_end);
  const method: DeliveryMethod = isDeliveryMethod(row.delivery_method) ? row.delivery_method : 'shipping';
  const r = row.recipient ?? {};
  const c = row.customer ?? {};
  return {
    id: row.id,
    status: row.status,
    date_submitted: toIso(row.date_submitted) ?? new Date(0).toISOString(),
    timezone: merchant.timezone,
    delivery: { method, date: row.delivery_date, window: start && end ? [start, end] : null },
    gift_message: row.gift_message ? { message: row.gift_message } : null,
    promo_code: row.promo_code,
    recipient: {
      first_name: text(r.first_name),
      last_name: text(r.last_name),
      street_1: text(r.street_1),
      street_2: optional(r.street_2),
      street_3: optional(r.street_3),
      city: text(r.city),
      state: text(r.state),
      zipcode: text(r.zipcode),
      country: optional(r.country),
      phone_number: optional(r.phone_number),
      delivery_instructions: optional(r.delivery_instructions),
    },
    customer: {
      first_name: text(c.first_name),
      last_name: text(c.last_name),
      phone_number: optional(c.phone_number),
      email: optional(c.email),
    },
    transaction: {
      subtotal: dollars(row.subtotal_cents),
      tax: dollars(row.tax_cents),
      delivery_fee: dollars(row.delivery_fee_cents),
      shipping: dollars(row.shipping_cents),
      tip: dollars(row.tip_cents),
      discount: dollars(row.discount_cents),
      total: dollars(row.total_cents),
      ...(row.restocking_fee_cents != null
        ? { restocking_fee: dollars(row.restocking_fee_cents), refunded: dollars(row.refunded_cents ?? 0) }
        : {}),
    },
    items: row.items.map(documentItem),
    tracking_provider: row.tracking_provider,
    tracking_id: row.tracking_id,
    other_tracking_provider: row.other_tracking_provider,
    merchant: documentMerchant(merchant),
    courier_estimate_id: row.courier_estimate_id,
    application_brand_name: row.brand_name,
    age_check: ageCheckText(row.age_check, merchant.timezone),
    site_name: siteName,
  };
}

/** The label's ship-from (the store) and ship-to (the recipient, as stored: every part may be missing). */
export function labelAddresses(
  recipient: AddressLike,
  merchant: MerchantForDocuments,
): { from: LabelAddress; to: LabelAddress } {
  return {
    from: {
      name: merchant.name,
      street_1: merchant.street_1,
      street_2: merchant.street_2,
      street_3: merchant.street_3,
      city: merchant.city,
      state: merchant.state,
      zipcode: merchant.zipcode,
      phone_number: merchant.primary_phone,
    },
    to: {
      name: personName(recipient),
      street_1: text(recipient.street_1),
      street_2: optional(recipient.street_2),
      street_3: optional(recipient.street_3),
      city: text(recipient.city),
      state: text(recipient.state),
      zipcode: text(recipient.zipcode),
      country: optional(recipient.country),
      phone_number: optional(recipient.phone_number),
    },
  };
}
