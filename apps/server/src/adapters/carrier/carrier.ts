/**
 * Shipping carriers: buy labels for the boxes of one order. The sandbox is the
 * default; a real carrier API (EasyPost) is used when EASYPOST_API_KEY is set.
 *
 * Every purchase carries an idempotency key derived from the console's Idempotency-Key: a carrier
 * that sees the same key twice returns the first purchase instead of buying again.
 */
import type { CarrierErrorCode, LabelAddress, LabelCarrier } from '@mc/domain';

export interface CarrierAccountInfo {
  carrier: LabelCarrier;
  account_number: string;
  label_size: string;
  label_format: string;
}

export interface LabelBoxRequest {
  /** Pounds. */
  weight: number;
  /** Declared value in dollars, absent when none. */
  insurance?: number;
}

export interface LabelPurchaseRequest {
  /** Derived from the merchant's Idempotency-Key; the same key never buys twice. */
  idempotencyKey: string;
  /** The order id, printed as the reference. */
  reference: string;
  account: CarrierAccountInfo;
  from: LabelAddress;
  to: LabelAddress;
  boxes: readonly LabelBoxRequest[];
}

export interface BoughtLabel {
  /** The carrier's id of the label (EasyPost: the shipment id; the sandbox: its tracking number), to void it. */
  ref: string;
  carrier: LabelCarrier;
  service: string;
  tracking_code: string;
  tracking_url: string | null;
  box_index: number;
  weight: number;
  insurance: number | null;
  /** The label document (PDF). */
  pdf: Buffer;
}

export interface CarrierError {
  /** A known failure (mapped to the spec's message), or null for a carrier message shown as is. */
  code: CarrierErrorCode | null;
  carrier: string;
  message: string;
}

export type LabelPurchaseResult = { ok: true; labels: BoughtLabel[] } | { ok: false; errors: CarrierError[] };

export interface LabelVoidRequest {
  account: CarrierAccountInfo;
  labels: readonly Pick<BoughtLabel, 'ref' | 'tracking_code'>[];
}

/** `ok: false` when the carrier refused to void one of the labels (each refusal named). */
export type LabelVoidResult = { ok: true } | { ok: false; errors: CarrierError[] };

export interface CarrierAdapter {
  readonly kind: 'sandbox' | 'easypost';
  buyLabels(req: LabelPurchaseRequest): Promise<LabelPurchaseResult>;
  /**
   * Voids unused labels so they are not charged (EasyPost: a refund request per shipment). The
   * compensation of a purchase whose order change was not written. Repeating it is harmless.
   */
  voidLabels(req: LabelVoidRequest): Promise<LabelVoidResult>;
}
