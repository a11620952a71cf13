/** GET /m/v2/merchant/{tmk}/reports/summary?from&to (issue 17 part 4). Keys: ['reports', tmk, 'summary', {from, to}]. */
import type { ReportsSummary } from '@mc/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';

export interface ReportPeriod {
  from: string;
  to: string;
}

export const reportsKeys = {
  all: (tmk: string) => ['reports', tmk] as const,
  summary: (tmk: string, period: ReportPeriod) => ['reports', tmk, 'summary', period] as const,
};

export function reportsSummaryQueryOptions(tmk: string, period: ReportPeriod) {
  return queryOptions({
    queryKey: reportsKeys.summary(tmk, period),
    queryFn: ({ signal }) =>
      http.get<ReportsSummary>(`/m/v2/merchant/${encodeURIComponent(tmk)}/reports/summary`, {
        query: { from: period.from, to: period.to },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
