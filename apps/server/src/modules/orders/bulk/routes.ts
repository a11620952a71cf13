/**
 * Bulk tools: bulk accept, bulk details, bulk reports, batch polling and the batch files.
 * Every batch is a durable background job; bulk accept waits a few seconds so that a small selection
 * answers with its counts at once
 * (docs/decisions/0048-every-bulk-operation-is-a-durable-job-bulk-accept-included.md).
 */
import type { AppContext } from '../../../context.ts';
import type { EndpointHandlers } from '../../../lib/endpoint-handlers.ts';
import { sendFile } from '../../../lib/send-file.ts';
import { getBatch, listRecentBatches } from './batch-store.ts';
import { getBatchFile, startAcceptBatch, startDetailsBatch, startReportsBatch } from './start-batch.ts';

type BulkOperation =
  | 'bulkAcceptOrders'
  | 'startDetailsBatch'
  | 'startReportsBatch'
  | 'getBatch'
  | 'listBatches'
  | 'downloadBatchFile';

export function bulkHandlers(ctx: AppContext): EndpointHandlers<BulkOperation> {
  return {
    bulkAcceptOrders: async ({ caller, body, query }) =>
      startAcceptBatch(
        ctx,
        caller,
        body.orders.map((o) => o.id),
        query.wait,
      ),
    startDetailsBatch: async ({ caller, body }) => startDetailsBatch(ctx, caller, body.items),
    startReportsBatch: async ({ caller, body }) =>
      startReportsBatch(ctx, caller, body.order_keys, body.report_types),
    getBatch: async ({ caller, params }) => getBatch(ctx, caller.merchant, params.batch_id),
    listBatches: async ({ caller }) => ({ items: await listRecentBatches(ctx, caller.merchant) }),
    downloadBatchFile: async ({ params, query, reply }) => {
      const file = await getBatchFile(ctx, params, query);
      return sendFile(reply, {
        contentType: file.content_type,
        body: file.content,
        disposition: `attachment; filename="${file.filename.replace(/["\\]/g, '')}"`,
      });
    },
  };
}
