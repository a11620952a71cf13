/**
 * An order's printouts as PDFs: packing slip, receipt, delivery directions. Its part of the endpoint table
 * (endpoints.ts).
 */
import { errors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import { binary, type Endpoint } from '../endpoint-types.ts';
import { ReportParamsSchema } from './schemas.ts';

export const printoutEndpoints = {
  getOrderReport: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/reports/{type}',
    tags: TAGS.orders,
    summary: 'An order report as a PDF: packing slip, receipt or delivery directions',
    description:
      "File names: '{orderId}-{lastName}-Packing Slip.pdf', '{orderId}_{lastName}_Receipt.pdf', " +
      "'{orderId}_Directions.pdf' (Content-Disposition). The receipt is refused (409) while the order is SUBMITTED.",
    access: { capability: 'documents.read' },
    params: ReportParamsSchema,
    responses: {
      200: binary(['application/pdf'], 'The report PDF, with a Content-Disposition file name'),
      ...merchantErrors,
      ...errors(409),
    },
  },
} as const satisfies Record<string, Endpoint>;
