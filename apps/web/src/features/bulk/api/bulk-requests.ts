/**
 * Bulk tools requests (part 2 §7): one function per call. A batch is polled by the hook, not cached;
 * after a bulk accept the hook invalidates the orders area (`ordersKeys.all(tmk)`).
 */
import type { Batch, BatchDetailsBody, BatchReportsBody, BulkAcceptBody } from '@mc/api';
import type { ReportType } from '@mc/domain';
import { http } from '../../../lib/api.ts';

const base = (tmk: string) => `/m/v2/merchant/${encodeURIComponent(tmk)}/orders`;

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
