/**
 * Path builders, from the endpoint table's schema-free projection (routes.ts): `pathOf('getOrderCounts', { tmk })` fills the table's
 * `{name}` segments (URI-encoded). The named helpers below are the ones the console and the tests use.
 */

import type { Endpoints, OperationId } from './endpoints.ts';
import type { ReportType } from './printouts/schemas.ts';
import { ROUTES } from './routes.ts';

/** The names of the `{…}` segments of a path template. */
type Segments<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | Segments<Rest> : never;
export type PathParamsOf<K extends OperationId> = Record<Segments<Endpoints[K]['path']>, string | number>;

/** The URL path of an endpoint with its path parameters filled in. */
export function pathOf<K extends OperationId>(id: K, params?: PathParamsOf<K>): string {
  const template: string = ROUTES[id].path;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string | number> | undefined)?.[name];
    if (value === undefined || value === null) throw new Error(`${id}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

export const ordersListPath = (tmk: string) => pathOf('listOrders', { tmk });
export const ordersSearchPath = (tmk: string) => pathOf('searchOrders', { tmk });
export const orderCountsPath = (tmk: string) => pathOf('getOrderCounts', { tmk });
export const orderFiltersPath = (tmk: string) => pathOf('getOrderFilters', { tmk });
export const orderEventsPath = (tmk: string) => pathOf('streamOrderEvents', { tmk });
export const orderEventsTicketPath = (tmk: string) => pathOf('createEventsTicket', { tmk });
/** GET /m/v2/merchant/{tmk}/orders/{id}/reports/{type}: a PDF with a Content-Disposition file name. */
export const reportPath = (tmk: string, orderId: string, type: ReportType) =>
  pathOf('getOrderReport', { tmk, id: orderId, type });
/** GET and POST /m/v2/merchant/{tmk}/orders/{id}/labels */
export const labelsPath = (tmk: string, orderId: string) => pathOf('listLabels', { tmk, id: orderId });
