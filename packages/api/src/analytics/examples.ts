/** Examples for /openapi.json of the analytics endpoints (endpoint-examples.ts). */
import type { EndpointExamples } from '../example-values.ts';
import type { analyticsEndpoints } from './endpoints.ts';

export const analyticsExamples: EndpointExamples<keyof typeof analyticsEndpoints> = {
  getReportsSummary: {
    response: {
      from: '2026-11-22',
      to: '2026-11-23',
      timezone: 'America/New_York',
      orders: 9,
      revenue: 642.5,
      accepted: 7,
      rejected: 1,
      cancelled: 1,
      median_minutes_to_accept: 6,
      on_time: { rate: 0.8571, on_time: 6, late: 1 },
      by_day: [
        { date: '2026-11-22', orders: 4, accepted: 3, rejected: 1, cancelled: 0, revenue: 281.25 },
        { date: '2026-11-23', orders: 5, accepted: 4, rejected: 0, cancelled: 1, revenue: 361.25 },
      ],
      by_brand: [{ application_ref: 'caskcrate', name: 'Cask & Crate', orders: 9, revenue: 642.5 }],
      by_delivery_method: [
        { delivery_method: 'on_demand', label: 'Same Day', orders: 6, revenue: 402.5 },
        { delivery_method: 'shipping', label: 'Shipping', orders: 3, revenue: 240 },
      ],
      by_rejection_reason: [{ reason: 'store_closed', label: 'Store closed', orders: 1 }],
    },
  },
};
