/** Examples for /openapi.json of the event feed (endpoint-examples.ts). */
import { AT, type EndpointExamples, TMK } from '../example-values.ts';
import type { OrderDetail } from '../orders/detail-schemas.ts';
import { orderExamples } from '../orders/examples.ts';
import type { eventEndpoints } from './endpoints.ts';
import type { OutgoingEvent } from './schemas.ts';

/** The order of the examples: GET /m/v2/orders/{id}'s. */
const detail = orderExamples.getOrder?.response as OrderDetail;
const EVENT_ID = 'evt_01JDQ8Z5K3M7W2X9V4B6N8P0RT';

/** An `order.accepted` event as the feed lists it and a webhook receives it (customer contact left out). */
const exampleEvent: OutgoingEvent = {
  id: EVENT_ID,
  type: 'order.accepted',
  timestamp: AT,
  merchant: TMK,
  application_ref: 'sipsy',
  data: {
    order: {
      ...detail,
      status: 'MERCHANT_ACCEPTED',
      customer: { ...detail.customer, email: '', phone_number: '' },
    },
  },
};

export const eventExamples: EndpointExamples<keyof typeof eventEndpoints> = {
  listEvents: { response: { items: [exampleEvent], next_after: EVENT_ID } },
  listMarketplaceEvents: {
    response: {
      items: [{ ...exampleEvent, data: { order: { ...detail, status: 'MERCHANT_ACCEPTED' } } }],
      next_after: EVENT_ID,
    },
  },
};
