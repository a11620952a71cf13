/** Examples for /openapi.json of the sms endpoints (endpoint-examples.ts). */
import { type EndpointExamples, ORDER_ID } from '../example-values.ts';
import type { smsEndpoints } from './endpoints.ts';

export const smsExamples: EndpointExamples<keyof typeof smsEndpoints> = {
  sendDirectionsSms: {
    body: { number: '(212) 555-0101', order_id: ORDER_ID },
    response: {
      success: true,
      to: '+12125550101',
      message:
        'Rita Recipient, 5 Park Ave Apt 3, New York, NY 10016, (212) 555-0101. Directions: https://maps.google.com/?q=5+Park+Ave',
    },
  },
};
