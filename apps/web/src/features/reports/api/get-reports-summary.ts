/** GET /m/v2/merchant/{tmk}/reports/summary?from&to (docs/decisions/0084). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type ReportPeriod, reportsKeys } from '../../../lib/query-keys.ts';

export type { ReportPeriod };

export function reportsSummaryQueryOptions(tmk: string, period: ReportPeriod) {
  return queryOptions({
    queryKey: reportsKeys.summary(tmk, period),
    queryFn: ({ signal }) =>
      api.getReportsSummary({ params: { tmk }, query: { from: period.from, to: period.to }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
