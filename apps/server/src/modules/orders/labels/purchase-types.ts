/** The purchase row and the answers of a label purchase, shared by its parts (buy-labels.ts). */
import type { LabelErrorBody, LabelPurchaseResponse } from '@mc/api';
import type { carrierAccounts, labelPurchases } from '../../../db/schema.ts';

export type LabelPurchaseAnswer =
  | { status: 200; body: LabelPurchaseResponse; replayed: boolean }
  | { status: 409 | 422 | 502; body: LabelErrorBody; replayed: boolean };

/** What is stored on the purchase row: enough to answer a replay the same way. */
export type StoredResponse = { kind: 'labels' } | { kind: 'error'; body: LabelErrorBody };

export type PurchaseRow = typeof labelPurchases.$inferSelect;
export type CarrierAccountRow = typeof carrierAccounts.$inferSelect;

/** A purchase left 'pending' this long (a crashed process) is taken over by a replay of its key. */
export const STALE_MS = 120_000;
