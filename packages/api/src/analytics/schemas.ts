/**
 * Reports summary: GET /m/v2/merchant/{tmk}/reports/summary?from=YYYY-MM-DD&to=YYYY-MM-DD (docs/decisions/0084).
 * Dates are days in the store's time zone, both included. `revenue` fields are present only for roles
 * with `reports.revenue` (owner, manager); a member's summary has counts only.
 */
import { parseIsoDate, REPORT_MAX_DAYS, reportRangeDays, text } from '@mc/domain';
import { z } from 'zod';

const isoDay = (name: string) =>
  text('short').refine((v) => parseIsoDate(v) !== null, `${name} must be a date as YYYY-MM-DD`);

export const ReportsSummaryQuerySchema = z
  .object({ from: isoDay('from'), to: isoDay('to') })
  .superRefine((q, c) => {
    const days = reportRangeDays(q.from, q.to);
    if (days === null) return;
    if (days < 1) c.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (days > REPORT_MAX_DAYS)
      c.addIssue({
        code: 'custom',
        path: ['to'],
        message: `to must be at most ${REPORT_MAX_DAYS} days after from (both days included)`,
      });
  });
export type ReportsSummaryQuery = z.infer<typeof ReportsSummaryQuerySchema>;

const count = z.number().int().nonnegative();
/** Dollars, 2 decimals. Omitted for members. */
const revenue = z.number().optional();

export const ReportsSummarySchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** The store's time zone: the days of the period and of `by_day` are its calendar days. */
    timezone: z.string(),
    orders: count,
    revenue,
    accepted: count,
    rejected: count,
    cancelled: count,
    /** Median minutes from placed to the first MERCHANT_ACCEPTED history row; null when none was accepted. */
    median_minutes_to_accept: z.number().nullable(),
    /** Fulfilled by the SLA due time among accepted orders that are fulfilled or already overdue. */
    on_time: z.object({ rate: z.number().nullable(), on_time: count, late: count }),
    by_day: z.array(
      z.object({
        date: z.string(),
        orders: count,
        accepted: count,
        rejected: count,
        cancelled: count,
        revenue,
      }),
    ),
    by_brand: z.array(z.object({ application_ref: z.string(), name: z.string(), orders: count, revenue })),
    by_delivery_method: z.array(
      z.object({ delivery_method: z.string(), label: z.string(), orders: count, revenue }),
    ),
    by_rejection_reason: z.array(z.object({ reason: z.string(), label: z.string(), orders: count })),
  })
  .meta({ id: 'ReportsSummary' });
export type ReportsSummary = z.infer<typeof ReportsSummarySchema>;
