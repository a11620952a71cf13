/** Examples for /openapi.json of the merchant endpoints (endpoint-examples.ts). */
import { type EndpointExamples, TMK } from '../example-values.ts';
import type { merchantEndpoints } from './endpoints.ts';
import type { Merchant } from './schemas.ts';

const merchant: Merchant = {
  id: '0b7d5c2a-8e1f-4d3b-a6c9-2f4e1d0c9b8a',
  tmk: TMK,
  name: 'Demo Wine & Spirits',
  carrier_integration: true,
  merchant_account_id: 'acct_1Demo',
  timezone: 'America/New_York',
  address: {
    street_1: '12 Main St',
    street_2: 'Suite 4',
    street_3: '',
    city: 'New York',
    state: 'NY',
    zipcode: '10001',
  },
  primary_phone: '(212) 736-5000',
  email: 'store@demo.test',
  aux_data: {
    primary_contact_name: 'Pat Primary',
    secondary_contact_name: 'Sam Second',
    secondary_email: 'sam@demo.test',
    secondary_phone_number: '(212) 736-5001',
  },
};

const hours = {
  regular_hours: [
    { weekday: 'monday', time_open: '09:00', time_close: '21:00' },
    { weekday: 'saturday', time_open: '11:00', time_close: '18:00' },
  ],
};

export const merchantExamples: EndpointExamples<keyof typeof merchantEndpoints> = {
  getMerchant: { response: merchant },
  updateMerchant: {
    body: {
      name: 'Demo Wine & Spirits',
      address: {
        street_1: '12 Main St',
        street_2: 'Suite 4',
        city: 'New York',
        state: 'NY',
        zipcode: '10001',
      },
      primary_phone: '212-736-5000',
      email: 'store@demo.test',
      timezone: 'America/New_York',
    },
    response: merchant,
  },
  updateMerchantData: {
    body: {
      primary_contact_name: 'Pat Primary',
      secondary_contact_name: 'Sam Second',
      secondary_email: 'sam@demo.test',
      secondary_phone_number: '2127365001',
    },
    response: merchant,
  },
  getMerchantHours: { response: hours },
  replaceMerchantHours: { body: hours, response: hours },
  getCarrierAccount: {
    response: { carrier: 'FedEx', account_number: '******8877', label_size: '4x6', label_format: 'PDF' },
  },
  saveCarrierAccount: {
    body: { carrier: 'FedEx', account_number: 'FX-998877', label_size: '4x6', label_format: 'PDF' },
    response: { carrier: 'FedEx', account_number: '******8877', label_size: '4x6', label_format: 'PDF' },
  },
  getStripeAccount: { response: { merchant_account_id: 'acct_1Demo' } },
};
