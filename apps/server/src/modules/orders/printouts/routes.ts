import type { AppContext } from '../../../context.ts';
import type { EndpointHandlers } from '../../../lib/endpoint-handlers.ts';
import { sendFile } from '../../../lib/send-file.ts';
import { contentDisposition } from './content-disposition.ts';
import { getReport } from './get-report.ts';

/** An order's printouts as PDFs (the API's order reports): packing slip, receipt, directions. */
export function printoutHandlers(ctx: AppContext): EndpointHandlers<'getOrderReport'> {
  return {
    getOrderReport: async ({ caller, params, reply }) => {
      const file = await getReport(ctx, caller.merchant, params.id, params.type);
      return sendFile(reply, {
        contentType: 'application/pdf',
        body: file.body,
        disposition: contentDisposition('attachment', file.fileName),
        exposeDisposition: true,
      });
    },
  };
}
