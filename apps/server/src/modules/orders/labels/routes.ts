import type { AppContext } from '../../../context.ts';
import type { EndpointHandlers } from '../../../lib/endpoint-handlers.ts';
import { sendFile } from '../../../lib/send-file.ts';
import { contentDisposition } from '../printouts/content-disposition.ts';
import { purchaseLabels } from './buy-labels.ts';
import { getLabelFile, listLabels } from './get-labels.ts';

/** Shipping labels: buy (idempotent), list, and one label PDF. */
export function labelHandlers(
  ctx: AppContext,
): EndpointHandlers<'buyLabels' | 'listLabels' | 'getLabelFile'> {
  return {
    buyLabels: async ({ caller, params, body, headers, req, reply }) => {
      // The request's logger: voided labels (a compensation, lib/steps.ts) are logged with the request.
      const answer = await purchaseLabels(ctx, caller, params.id, body, headers['idempotency-key'], req.log);
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    },
    listLabels: async ({ caller, params }) => listLabels(ctx, caller.merchant, params.id),
    getLabelFile: {
      authorize: 'handler',
      handle: async ({ params, query, authorize, reply }) => {
        const file = await getLabelFile(ctx, params, query, authorize);
        return sendFile(reply, {
          contentType: 'application/pdf',
          body: file.body,
          disposition: contentDisposition('inline', file.fileName),
        });
      },
    },
  };
}
