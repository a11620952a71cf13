/** GET /m/v2/merchant/{tmk}/reports/summary (docs/decisions/0084). */
import type { AppContext } from '../../context.ts';
import { readQuery } from '../../db/client.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';
import { principalCan } from '../../lib/principal.ts';
import { getReportsSummary } from './get-reports-summary.ts';

export function analyticsHandlers(ctx: AppContext): EndpointHandlers<'getReportsSummary'> {
  return {
    getReportsSummary: async ({ caller, query }) =>
      // A few seconds' lag is fine for a summary: on the read replica when one is set (db/replica.ts).
      getReportsSummary(readQuery(ctx.database), caller.merchant, query, {
        withRevenue: principalCan(caller.principal, 'reports.revenue'),
      }),
  };
}
