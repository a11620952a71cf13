/** Examples for /openapi.json of the billing endpoints (endpoint-examples.ts). */
import { AT, type EndpointExamples } from '../example-values.ts';
import type { billingEndpoints } from './endpoints.ts';

const billing = {
  is_business: true,
  individual: {
    first_name: 'Olive',
    last_name: 'Owner',
    email: 'owner@demo.test',
    phone: '(212) 736-5000',
    date_of_birth: '1980-04-12',
    address: { street_address: '1 Home Rd', locality: 'Brooklyn', region: 'NY', postal_code: '11201' },
  },
  funding: {
    descriptor: 'DEMO WINE',
    routing_number: '110000000',
    account_number: '********6789',
    account_number_last_4: '6789',
  },
  business: {
    legal_name: 'Demo Wine & Spirits LLC',
    dba_name: 'Demo Wine & Spirits',
    tax_id: '123456789',
    address: { street_address: '12 Main St', locality: 'New York', region: 'NY', postal_code: '10001' },
  },
  tos_accepted: true,
  updated_at: AT,
};

export const billingExamples: EndpointExamples<keyof typeof billingEndpoints> = {
  getBilling: { response: billing },
  saveBilling: {
    body: {
      is_business: true,
      individual: billing.individual,
      funding: { routing_number: '110-000-000', account_number: '000123456789', descriptor: 'DEMO WINE' },
      business: { ...billing.business, tax_id: '12-3456789' },
      tos_accepted: true,
    },
    response: { success: true, errors: {}, billing },
  },
  getStripeOnboarding: {
    response: {
      merchant_account_id: 'acct_1Demo',
      complete: false,
      onboarding_data: { url: 'https://connect.stripe.com/setup/s/acct_1Demo/abc' },
      login_link: null,
    },
  },
};
