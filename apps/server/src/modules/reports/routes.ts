/** GET /m/v2/merchant/{tmk}/reports/summary (issue 17 part 4). */
import { ErrorBodySchema, ReportsSummaryQuerySchema, ReportsSummarySchema, TmkParamsSchema } from '@mc/api';
import { can } from '@mc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireMerchant } from '../../plugins/auth.ts';
import { getReportsSummary } from './get-reports-summary.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export function registerReportsSummaryRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/m/v2/merchant/:tmk/reports/summary',
    {
      schema: {
        tags: ['Reports'],
        summary: 'Orders summary of a period (counts, revenue, SLA, breakdowns)',
        description:
          '`from` and `to` are days (YYYY-MM-DD) in the store’s time zone, both included, at most 366 days. ' +
          'Revenue (dollars) is present for owners and managers only.',
        params: TmkParamsSchema,
        querystring: ReportsSummaryQuerySchema,
        response: { 200: ReportsSummarySchema, ...errors },
      },
    },
    async (req) => {
      const { principal, merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      return getReportsSummary(ctx.database.query, merchant, req.query, {
        withRevenue: can(principal.roles, 'reports.revenue'),
      });
    },
  );
}
