import type { ReportsSummary } from '@mc/api';
import type { DataTable } from './chart-card.tsx';

const money = (n: number | undefined) => (n === undefined ? '' : n.toFixed(2));

/** The tables behind the charts (what the CSV downloads hold); revenue columns only when sent. */
export function reportTables(
  s: ReportsSummary,
): Record<'byDay' | 'reasons' | 'brands' | 'methods', DataTable> {
  const withRevenue = s.revenue !== undefined;
  return {
    byDay: {
      header: [
        'Date',
        'Orders',
        'Accepted',
        'Rejected',
        'Cancelled',
        ...(withRevenue ? ['Revenue (USD)'] : []),
      ],
      rows: s.by_day.map((d) => [
        d.date,
        d.orders,
        d.accepted,
        d.rejected,
        d.cancelled,
        ...(withRevenue ? [money(d.revenue)] : []),
      ]),
    },
    reasons: {
      header: ['Rejection reason', 'Orders'],
      rows: s.by_rejection_reason.map((r) => [r.label, r.orders]),
    },
    brands: {
      header: ['Brand', 'Orders', ...(withRevenue ? ['Revenue (USD)'] : [])],
      rows: s.by_brand.map((b) => [b.name, b.orders, ...(withRevenue ? [money(b.revenue)] : [])]),
    },
    methods: {
      header: ['Delivery method', 'Orders', ...(withRevenue ? ['Revenue (USD)'] : [])],
      rows: s.by_delivery_method.map((m) => [m.label, m.orders, ...(withRevenue ? [money(m.revenue)] : [])]),
    },
  };
}
