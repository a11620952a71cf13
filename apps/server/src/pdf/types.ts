/**
 * Input types of the PDF generators. They are plain data: the caller maps database rows
 * onto them, the renderers never touch a database or the network. Addresses, names, delivery
 * methods and carriers are @mc/domain's.
 */
import type { AddressLike, DeliveryMethod, LabelAddress, LabelCarrier, PersonName } from '@mc/domain';

export interface DocumentDelivery {
  method: DeliveryMethod;
  /** 'YYYY-MM-DD' (scheduled or pre-sale date), a calendar date without a time zone. */
  date?: string | null;
  /**
   * [start, end]: ISO instants, shown in the order's time zone (or 'HH:MM' wall-clock times
   * on `date`, which @mc/domain's resolveDeliveryWindow also accepts).
   */
  window?: readonly [string, string] | null;
}

/** The recipient as the documents print it: the domain's address, with the parts the mapper always fills. */
export interface DocumentRecipient extends AddressLike {
  first_name: string;
  last_name: string;
  street_1: string;
  city: string;
  state: string;
  zipcode: string;
  delivery_instructions?: string | null;
}

export interface DocumentCustomer extends PersonName {
  first_name: string;
  last_name: string;
  phone_number?: string | null;
  email?: string | null;
}

/** Amounts in dollars. `discount` is the amount taken off (a positive number). */
export interface DocumentTransaction {
  subtotal: number;
  tax: number;
  delivery_fee: number;
  shipping: number;
  tip: number;
  discount: number;
  total: number;
  /** A failed delivery cancelled with the terms' restocking fee: the fee (= total) and what was refunded. */
  restocking_fee?: number;
  refunded?: number;
}

export interface DocumentItemAuxData {
  /** The lines of one engraving message. */
  engraving_message?: readonly string[] | null;
  /** 'YYYY-MM-DD' */
  preorder_available_date?: string | null;
  /** The product's category, e.g. 'Whiskey' (the pick list groups by it). */
  category?: string | null;
  /** The line is to be gift-wrapped. */
  gift_wrap?: boolean | null;
}

export interface DocumentItem {
  id: string;
  name: string;
  description?: string | null;
  quantity: number;
  /** Unit price in dollars. */
  price: number;
  /** Line total in dollars (price × quantity, less any item discount). */
  subtotal: number;
  sku?: string | null;
  /** As the catalogue writes it, e.g. '750ml' or '1.75L'. */
  container_size?: string | null;
  /** Set on child line items (an engraving belongs to the product line it names). */
  parent_line_item_id?: string | null;
  aux_data?: DocumentItemAuxData | null;
}

export interface DocumentMerchant {
  name: string;
  /** Street, then 'City, ST 12345'; printed one per line. */
  address_lines: readonly string[];
  phone?: string | null;
}

export interface DocumentOrder {
  /** The order id shown to people, e.g. '2ABNPFR-3A0-9E'. */
  id: string;
  status: string;
  /** ISO instant. */
  date_submitted: string;
  /** IANA time zone of the order (the merchant's), e.g. 'America/New_York'. */
  timezone: string;
  delivery: DocumentDelivery;
  gift_message: { message: string } | null;
  promo_code: string | null;
  recipient: DocumentRecipient;
  customer: DocumentCustomer;
  transaction: DocumentTransaction;
  items: readonly DocumentItem[];
  /** As stored: 'FedEx', 'UPS', 'GSO' or 'OTHER' (then the carrier's name is other_tracking_provider). */
  tracking_provider: string | null;
  tracking_id: string | null;
  /** The carrier's name when tracking_provider is 'OTHER'. */
  other_tracking_provider?: string | null;
  merchant: DocumentMerchant;
  /** Set when a scheduled order goes by courier: its method then reads 'Scheduled (courier)'. */
  courier_estimate_id?: string | null;
  /** The marketplace brand the order came through (application_brand_name). */
  application_brand_name?: string | null;
  /** SITE_NAME, printed in the footer so a sheet says where it was printed from. */
  site_name?: string | null;
  /** The ID check recorded at the close, as it reads ('ID checked: 21+, passport, by Sam at 7:42 PM'). */
  age_check?: string | null;
}

export type BatchDocumentKind = 'packingslip' | 'receipt';

/** What the bulk render pool draws: a merged document per order kind, or the batch's one pick list. */
export type BatchRenderKind = BatchDocumentKind | 'picklist';

export interface ShippingLabelInput {
  carrier: LabelCarrier;
  /** e.g. 'Ground', '2Day', 'Priority Overnight'. */
  service: string;
  tracking_number: string;
  from: LabelAddress;
  to: LabelAddress;
  weight_lbs: number;
  /** 1-based. */
  box_index: number;
  box_count: number;
  /** The order id. */
  reference: string;
  /** 'PDF_4x6' (default): a 288×432 pt page; 'PDF_LETTER': the label in the top half of a letter page. */
  format?: 'PDF_4x6' | 'PDF_LETTER';
}
