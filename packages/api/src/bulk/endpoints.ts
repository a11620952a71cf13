/**
 * Bulk tools: bulk accept and bulk downloads, run as durable background batches. Its part of the endpoint
 * table (endpoints.ts).
 */
import { bodyErrors, errors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import { binary, type Endpoint } from '../endpoint-types.ts';
import { TmkParamsSchema } from '../merchant/schemas.ts';
import {
  BatchDetailsBodySchema,
  BatchFileParamsSchema,
  BatchFileQuerySchema,
  BatchListSchema,
  BatchParamsSchema,
  BatchReportsBodySchema,
  BatchSchema,
  BulkAcceptBodySchema,
  BulkAcceptQuerySchema,
} from './schemas.ts';

export const bulkEndpoints = {
  bulkAcceptOrders: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/bulk/accept',
    tags: TAGS.bulk,
    summary:
      'Accept many orders (each through the single-order accept: payment capture, then the transition)',
    description:
      'Runs as a durable background batch. The answer waits up to 4 s: when the batch is done it carries ' +
      '`order_accepted_count`, `order_rejected_count` and `failures` (order id and reason); otherwise poll ' +
      '`GET …/batches/{batch_id}`. Orders of another merchant fail as "Order not found" and are not touched.',
    access: { capability: 'orders.write' },
    params: TmkParamsSchema,
    query: BulkAcceptQuerySchema,
    body: BulkAcceptBodySchema,
    responses: { 200: BatchSchema, ...merchantErrors, ...bodyErrors },
  },
  startDetailsBatch: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/batch/details',
    tags: TAGS.bulk,
    summary: 'Start a details download (CSV, one row per item line) of the selected orders',
    description:
      "Answers with the batch at once; poll it. 409 'Previous download in progress, please try after {n} second(s).' " +
      'while another download of the store runs.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    body: BatchDetailsBodySchema,
    responses: { 200: BatchSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  startReportsBatch: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/batch/reports',
    tags: TAGS.bulk,
    summary:
      'Start a reports download: one merged PDF per report type (receipt, packingslip; picklist: one pick list of all the orders, summed per SKU) and a zip of them',
    access: { capability: 'documents.read' },
    params: TmkParamsSchema,
    body: BatchReportsBodySchema,
    responses: { 200: BatchSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  listBatches: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/batches',
    tags: TAGS.bulk,
    summary: "The store's recent batches (last 24 hours, newest first, at most 10), running and finished",
    description:
      'The console shows them again after a reload: progress, the signed download links once the files exist, ' +
      'and the failed orders with their reasons. Every batch of the store, whoever started it.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    responses: { 200: BatchListSchema, ...merchantErrors },
  },
  getBatch: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/batches/{batch_id}',
    tags: TAGS.bulk,
    summary: 'A batch: progress derived from its orders, and the download links once ready',
    access: { capability: 'orders.read' },
    params: BatchParamsSchema,
    responses: { 200: BatchSchema, ...merchantErrors },
  },
  downloadBatchFile: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/batches/{batch_id}/files/{kind}',
    tags: TAGS.bulk,
    summary: 'Download a batch file (signed link from batch_pdf_urls or the email; no bearer token needed)',
    access: 'signed',
    params: BatchFileParamsSchema,
    query: BatchFileQuerySchema,
    responses: {
      200: binary(['application/pdf', 'application/zip', 'text/csv'], 'The merged PDF, the zip or the CSV'),
      ...errors(400, 404),
    },
  },
} as const satisfies Record<string, Endpoint>;
