/** Examples for /openapi.json of the alert endpoints (endpoint-examples.ts). */
import type { EndpointExamples } from '../example-values.ts';
import type { alertEndpoints } from './endpoints.ts';

const preferences = {
  new_order: ['sms' as const, 'email' as const],
  unaccepted: ['sms' as const],
  sla_risk: ['sms' as const],
  batch_ready: ['email' as const],
  only_during_store_hours: true,
};
const settings = {
  ...preferences,
  phone: { number: '+16465550199', opted_out: false, pending_number: null, code_expires_at: null },
};

export const alertExamples: EndpointExamples<keyof typeof alertEndpoints> = {
  getAlertSettings: { response: settings },
  setAlertSettings: { body: preferences, response: settings },
  startAlertPhone: {
    body: { phone_number: '(646) 555-0199' },
    response: { pending_number: '+16465550199', code_expires_at: '2026-11-28T10:10:00.000Z' },
  },
  confirmAlertPhone: { body: { code: '482913' }, response: settings },
  getStoreAlerts: { response: { unaccepted_after_minutes: 5, escalate_to: 'owners' } },
  setStoreAlerts: {
    body: { unaccepted_after_minutes: 5, escalate_to: 'owners_and_managers' },
    response: { unaccepted_after_minutes: 5, escalate_to: 'owners_and_managers' },
  },
};
