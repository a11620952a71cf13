/** Examples for /openapi.json of the labels endpoints (endpoint-examples.ts). */
import { type EndpointExamples, ORDER_ID, TMK } from '../example-values.ts';
import type { labelEndpoints } from './endpoints.ts';

const label = {
  id: '7e6d5c4b-3a29-4f18-8e07-d6c5b4a39281',
  carrier: 'FedEx',
  service: 'FEDEX_GROUND',
  tracking_code: '794612345678',
  tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=794612345678',
  box_index: 0,
  weight: 4.5,
  insurance: null,
  label_url: `/m/v2/merchant/${TMK}/orders/${ORDER_ID}/labels/7e6d5c4b-3a29-4f18-8e07-d6c5b4a39281.pdf?exp=1795000000&sig=abc`,
};

export const labelExamples: EndpointExamples<keyof typeof labelEndpoints> = {
  buyLabels: {
    body: [{ weight: 4.5 }, { weight: 2, insurance: 100 }],
    response: {
      order_id: ORDER_ID,
      status: 'MERCHANT_SHIPPED',
      idempotency_key: '2f1e0d9c-8b7a-4695-a4b3-c2d1e0f9a8b7',
      tracking_provider: 'FedEx',
      tracking_id: '794612345678',
      tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=794612345678',
      shipping_labels: [label],
    },
  },
  listLabels: { response: [label] },
};
