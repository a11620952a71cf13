/**
 * Bulk tools requests: one function per call. A batch is polled by the hook, not cached;
 * after a bulk accept the hook invalidates the orders area (`ordersKeys.all(tmk)`).
 */
import type { ReportType } from '@mc/domain';
import { api } from '../../../lib/api.ts';

export function bulkAccept(tmk: string, orderIds: string[]) {
  const orders = orderIds.map((id) => ({ id, status: 'MERCHANT_ACCEPTED' as const }));
  return api.bulkAcceptOrders({ params: { tmk }, body: { orders } });
}

export function startDetailsBatch(tmk: string, orderIds: string[]) {
  return api.startDetailsBatch({ params: { tmk }, body: { items: orderIds } });
}

export function startReportsBatch(tmk: string, orderIds: string[], reportTypes: ReportType[]) {
  return api.startReportsBatch({
    params: { tmk },
    body: { order_keys: orderIds, report_types: reportTypes },
  });
}

export function getBatch(tmk: string, batchId: string, signal?: AbortSignal) {
  return api.getBatch({ params: { tmk, batch_id: batchId }, signal });
}

/** The store's recent batches (running and finished), newest first; polled while one runs. */
export function listBatches(tmk: string, signal?: AbortSignal) {
  return api.listBatches({ params: { tmk }, signal });
}
