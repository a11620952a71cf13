/** Examples for /openapi.json of the courier endpoints (endpoint-examples.ts). */
import { AT, type EndpointExamples } from '../example-values.ts';
import type { courierEndpoints } from './endpoints.ts';

export const courierExamples: EndpointExamples<keyof typeof courierEndpoints> = {
  receiveDoordashEvent: {
    body: {
      event_name: 'DASHER_PICKED_UP',
      external_delivery_id: 'D-2ABNPFR-3A0-9E',
      created_at: AT,
      dasher_name: 'Dana D.',
      tracking_url: 'https://track.doordash.com/share/abc',
    },
    response: { received: true, matched: true },
  },
};
