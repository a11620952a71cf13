/**
 * An order's shipping labels: buying them (one per box) and reading them back. Its part of the endpoint
 * table (endpoints.ts).
 */
import { bodyErrors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import { binary, type Endpoint } from '../endpoint-types.ts';
import { MerchantOrderParamsSchema } from '../orders/detail-schemas.ts';
import {
  LabelErrorBodySchema,
  LabelFileParamsSchema,
  LabelFileQuerySchema,
  LabelPurchaseBodySchema,
  LabelPurchaseHeadersSchema,
  LabelPurchaseResponseSchema,
  LabelsListSchema,
} from './schemas.ts';

export const labelEndpoints = {
  buyLabels: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/labels',
    tags: TAGS.orders,
    summary: 'Buy shipping labels (one per box) and mark the order shipped',
    description:
      'Body: an array of boxes `{weight, insurance}` (insurance only when non-zero). Requires an ' +
      '`Idempotency-Key` header (400 without): the same key always gives the same answer and buys at most ' +
      'once, even when sent many times in parallel; the same key with a different body is 422. Carrier ' +
      'refusals are 422 (502 when the carrier fails or does not answer) with the message to show and the ' +
      "carrier's own `errors[{carrier, code, message}]`.",
    access: { capability: 'orders.write' },
    params: MerchantOrderParamsSchema,
    headers: LabelPurchaseHeadersSchema,
    body: LabelPurchaseBodySchema,
    responses: {
      200: LabelPurchaseResponseSchema,
      ...merchantErrors,
      409: LabelErrorBodySchema,
      422: LabelErrorBodySchema,
      502: LabelErrorBodySchema,
      ...bodyErrors,
    },
  },
  listLabels: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/labels',
    tags: TAGS.orders,
    summary: "The order's shipping labels",
    description:
      'Each `label_url` is a signed link to the PDF, valid for an hour (it opens without a token).',
    access: { capability: 'orders.read' },
    params: MerchantOrderParamsSchema,
    responses: { 200: LabelsListSchema, ...merchantErrors },
  },
  getLabelFile: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/labels/{file}',
    tags: TAGS.orders,
    summary: 'One shipping label as a PDF (`{shipmentId}.pdf`)',
    description: 'With the `exp` and `sig` of a `label_url`, or a bearer token.',
    access: { capability: 'documents.read' },
    params: LabelFileParamsSchema,
    query: LabelFileQuerySchema,
    responses: { 200: binary(['application/pdf'], 'The label PDF'), ...merchantErrors },
  },
} as const satisfies Record<string, Endpoint>;
