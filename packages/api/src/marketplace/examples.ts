/** Examples for /openapi.json of the marketplace endpoints (endpoint-examples.ts). */
import { type EndpointExamples, ORDER_ID, TMK } from '../example-values.ts';
import type { marketplaceEndpoints } from './endpoints.ts';

export const marketplaceExamples: EndpointExamples<keyof typeof marketplaceEndpoints> = {
  placeOrder: {
    body: {
      merchant: TMK,
      application_ref: 'sipsy',
      application_name: 'Sipsy',
      delivery: { method: 'on_demand' },
      recipient: {
        first_name: 'Rita',
        last_name: 'Recipient',
        street_1: '5 Park Ave',
        city: 'New York',
        state: 'NY',
        zipcode: '10016',
      },
      customer: { first_name: 'Carl', last_name: 'Customer', email: 'carl@example.test' },
      items: [{ merchant_sku: 'OHB-750', quantity: 2, category: 'Whiskey', gift_wrap: true }],
    },
    response: { id: ORDER_ID, status: 'SUBMITTED', merchant: TMK },
  },
  reportMarketplaceEvent: {
    body: { type: 'customer_cancelled', comment: 'Changed my mind' },
    response: { id: ORDER_ID, status: 'CANCELLED', merchant: TMK },
  },
  listMarketplaceOfferings: {
    response: {
      items: [
        {
          id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
          merchant_sku: 'OHB-750',
          name: 'Old Harbor Small Batch Bourbon',
          price: 39.99,
        },
      ],
    },
  },
  syncMarketplaceOfferings: {
    body: {
      items: [
        {
          merchant_sku: 'OHB-750',
          name: 'Old Harbor Small Batch Bourbon',
          brand: 'Old Harbor',
          size: '750ml',
          price: 39.99,
          category: 'Whiskey',
          active: true,
        },
      ],
    },
    response: { created: 1, updated: 0, unchanged: 0 },
  },
};
