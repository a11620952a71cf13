/**
 * Analytics: the orders summary of a period (tag Reports; docs/decisions/0084). Its part of the endpoint
 * table (endpoints.ts).
 */
import { merchantErrors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { TmkParamsSchema } from '../merchant/schemas.ts';
import { ReportsSummaryQuerySchema, ReportsSummarySchema } from './schemas.ts';

export const analyticsEndpoints = {
  getReportsSummary: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/reports/summary',
    tags: TAGS.reports,
    summary: 'Orders summary of a period (counts, revenue, SLA, breakdowns)',
    description:
      '`from` and `to` are days (YYYY-MM-DD) in the store’s time zone, both included, at most 366 days. ' +
      'Revenue (dollars) is present for owners and managers only.',
    access: { capability: 'reports.read' },
    params: TmkParamsSchema,
    query: ReportsSummaryQuerySchema,
    responses: { 200: ReportsSummarySchema, ...merchantErrors },
  },
} as const satisfies Record<string, Endpoint>;
