import { ErrorBodySchema, REPORT_TYPES } from '@mc/api';
import { text } from '@mc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { requireMerchant } from '../../../plugins/auth.ts';
import { contentDisposition } from './content-disposition.ts';
import { getReport } from './get-report.ts';

const Params = z.object({
  tmk: text('id').min(1),
  id: text('id').min(1),
  type: z.enum(REPORT_TYPES, { error: 'Unknown report type' }),
});

export function registerReportRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/m/v2/merchant/:tmk/orders/:id/reports/:type',
    {
      schema: {
        tags: ['Orders'],
        summary: 'An order report as a PDF: packing slip, receipt or delivery directions',
        description:
          "File names: '{orderId}-{lastName}-Packing Slip.pdf', '{orderId}_{lastName}_Receipt.pdf', " +
          "'{orderId}_Directions.pdf' (Content-Disposition). The receipt is refused (409) while the order is SUBMITTED.",
        params: Params,
        response: {
          200: z.any().meta({ description: 'application/pdf' }),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      const file = await getReport(ctx, merchant, req.params.id, req.params.type);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'private, no-store')
        .header('access-control-expose-headers', 'Content-Disposition')
        .send(file.body);
    },
  );
}
