/** The two ends of a label purchase in the carrier tests: the store in New York, a recipient in Boston. */
import type { LabelPurchaseRequest } from '../adapters/carrier/carrier.ts';

export const STORE_ADDRESS: LabelPurchaseRequest['from'] = {
  name: 'Store',
  street_1: '1 Main St',
  city: 'New York',
  state: 'NY',
  zipcode: '10001',
  phone_number: '2125550100',
};

export const RECIPIENT_ADDRESS: LabelPurchaseRequest['to'] = {
  name: 'Ada',
  street_1: '2 Side St',
  city: 'Boston',
  state: 'MA',
  zipcode: '02110',
  phone_number: '6175550100',
};
