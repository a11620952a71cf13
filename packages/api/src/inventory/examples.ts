/** Examples for /openapi.json of the inventory endpoints (endpoint-examples.ts). */
import { AT, type EndpointExamples } from '../example-values.ts';
import type { inventoryEndpoints } from './endpoints.ts';

export const inventoryExamples: EndpointExamples<keyof typeof inventoryEndpoints> = {
  listOfferings: {
    response: {
      items: [
        {
          id: 'OHB-750',
          offering_id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
          price: 39.99,
          quantity: 24,
          is_active: true,
          stock_behavior: 'InStock',
          selling_with_provider: true,
          updated_at: AT,
          product: {
            tpk: 'P-1001',
            product_line: { name: 'Small Batch Bourbon', brand: { name: 'Old Harbor' } },
            container_size: { formatted: '750 mL' },
          },
          merchant: { name: 'Demo Wine & Spirits' },
        },
      ],
      total_rows: 1,
      received_at: AT,
    },
  },
};
