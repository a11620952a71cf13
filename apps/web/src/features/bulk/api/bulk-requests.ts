/**
 * Bulk tools requests (part 2 §7): one function per call. Query keys: ['bulk', tmk, 'batch', id].
 * After a bulk accept the orders area's queries (['orders', tmk, …]) are invalidated by prefix.
 */
import type { Batch, BatchDetailsBody, BatchReportsBody, BulkAcceptBody } from '@mc/api';
import type { ReportType } from '@mc/domain';
import { http } from '../../../lib/api.ts';

const base = (tmk: string) => `/m/v2/merchant/${encodeURIComponent(tmk)}/orders`;

export const bulkKeys = {
  all: ['bulk'] as const,
  batch: (tmk: string, id: string) => ['bulk', tmk, 'batch', id] as const,
};

/** Orders list, counts and filters of this merchant (the orders area's key hierarchy). */
export const ordersQueryPrefix = (tmk: string) => ['orders', tmk] as const;

export function bulkAccept(tmk: string, orderIds: string[]): Promise<Batch> {
  const body: BulkAcceptBody = { orders: orderIds.map((id) => ({ id, status: 'MERCHANT_ACCEPTED' })) };
  return http.post<Batch>(`${base(tmk)}/bulk/accept`, body);
}

export function startDetailsBatch(tmk: string, orderIds: string[]): Promise<Batch> {
  const body: BatchDetailsBody = { items: orderIds };
  return http.post<Batch>(`${base(tmk)}/batch/details`, body);
}

export function startReportsBatch(
  tmk: string,
  orderIds: string[],
  reportTypes: ReportType[],
): Promise<Batch> {
  const body: BatchReportsBody = { order_keys: orderIds, report_types: reportTypes };
  return http.post<Batch>(`${base(tmk)}/batch/reports`, body);
}

export function getBatch(tmk: string, batchId: string, signal?: AbortSignal): Promise<Batch> {
  return http.get<Batch>(`${base(tmk)}/batch/${encodeURIComponent(batchId)}`, { signal });
}
