/** Examples for /openapi.json of the bulk endpoints (endpoint-examples.ts). */
import { AT, type EndpointExamples, ORDER_ID } from '../example-values.ts';
import type { bulkEndpoints } from './endpoints.ts';
import type { Batch } from './schemas.ts';

const batch: Batch = {
  batch_id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99',
  kind: 'accept',
  state: 'done',
  report_types: [],
  total_count: 2,
  completed_count: 2,
  error_count: 0,
  order_accepted_count: 2,
  order_rejected_count: 0,
  failures: [],
  batch_pdf_urls: { packingslip: null, receipt: null, picklist: null, download: null },
  created_at: AT,
  finished_at: AT,
};

export const bulkExamples: EndpointExamples<keyof typeof bulkEndpoints> = {
  bulkAcceptOrders: {
    body: {
      orders: [
        { id: ORDER_ID, status: 'MERCHANT_ACCEPTED' },
        { id: '7QWERTY-1B2-3C', status: 'MERCHANT_ACCEPTED' },
      ],
    },
    response: batch,
  },
  startDetailsBatch: {
    body: { items: [ORDER_ID, '7QWERTY-1B2-3C'] },
    response: {
      ...batch,
      kind: 'details',
      state: 'running',
      completed_count: 0,
      order_accepted_count: 0,
      finished_at: null,
    },
  },
  startReportsBatch: {
    body: { order_keys: [ORDER_ID], report_types: ['receipt', 'packingslip', 'picklist'] },
    response: {
      ...batch,
      kind: 'reports',
      state: 'running',
      report_types: ['receipt', 'packingslip', 'picklist'],
      total_count: 1,
      completed_count: 0,
      order_accepted_count: 0,
      finished_at: null,
    },
  },
  listBatches: {
    response: {
      items: [
        {
          ...batch,
          batch_id: '5e4d3c2b-1a09-4f8e-8d7c-6b5a4e3d2c1b',
          kind: 'details',
          state: 'running',
          completed_count: 1,
          order_accepted_count: 0,
          finished_at: null,
        },
        batch,
      ],
    },
  },
  getBatch: { response: batch },
};
