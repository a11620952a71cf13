/** Alerts to staff by text and email (docs/decisions/0147). Its part of the endpoint table (endpoints.ts). */
import { UserIdParamsSchema } from '../auth/schemas.ts';
import { bodyErrors, errors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { TmkParamsSchema } from '../merchant/schemas.ts';
import {
  AlertPhoneBodySchema,
  AlertPhoneCodeSentSchema,
  AlertPhoneConfirmBodySchema,
  AlertPreferencesSchema,
  AlertSettingsSchema,
  StoreAlertsBodySchema,
  StoreAlertsSchema,
} from './schemas.ts';

export const alertEndpoints = {
  getAlertSettings: {
    method: 'GET',
    path: '/a/v2/users/{id}/alerts',
    tags: TAGS.alerts,
    summary: 'Your alert settings: what you are told by text and email, and your mobile number',
    access: 'self',
    params: UserIdParamsSchema,
    responses: { 200: AlertSettingsSchema, ...errors(400, 401, 404) },
  },
  setAlertSettings: {
    method: 'PUT',
    path: '/a/v2/users/{id}/alerts',
    tags: TAGS.alerts,
    summary: 'Set your alert settings',
    description:
      'Text (`sms`) needs a confirmed mobile number (400 naming the field otherwise); `batch_ready` is email ' +
      'only. With `only_during_store_hours`, alerts due while the store is closed wait until it opens, except ' +
      'escalations of unanswered orders to owners.',
    access: 'self',
    params: UserIdParamsSchema,
    body: AlertPreferencesSchema,
    responses: { 200: AlertSettingsSchema, ...errors(400, 401, 404), ...bodyErrors },
  },
  startAlertPhone: {
    method: 'POST',
    path: '/a/v2/users/{id}/alerts/phone',
    tags: TAGS.alerts,
    summary: 'Text a 6-digit code to the mobile number alerts should go to',
    description:
      'The code works for 10 minutes and 5 tries. At most 5 codes an hour per person (429 with Retry-After). ' +
      'The number is used once confirmed; until then texts go to the number confirmed before, if any.',
    access: 'self',
    params: UserIdParamsSchema,
    body: AlertPhoneBodySchema,
    responses: { 200: AlertPhoneCodeSentSchema, ...errors(400, 401, 404, 429, 503), ...bodyErrors },
  },
  confirmAlertPhone: {
    method: 'POST',
    path: '/a/v2/users/{id}/alerts/phone/confirm',
    tags: TAGS.alerts,
    summary: 'Confirm the mobile number with the code it was texted',
    description:
      'A wrong code answers 400 with the tries left; after the fifth, or past 10 minutes, ask for a new code.',
    access: 'self',
    params: UserIdParamsSchema,
    body: AlertPhoneConfirmBodySchema,
    responses: { 200: AlertSettingsSchema, ...errors(400, 401, 404), ...bodyErrors },
  },
  getStoreAlerts: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/alerts',
    tags: TAGS.alerts,
    summary: 'The store’s escalation of orders nobody accepted (owners and managers)',
    access: { capability: 'alerts.manage' },
    params: TmkParamsSchema,
    responses: { 200: StoreAlertsSchema, ...merchantErrors },
  },
  setStoreAlerts: {
    method: 'PUT',
    path: '/c/v2/merchants/{tmk}/alerts',
    tags: TAGS.alerts,
    summary: 'Set the store’s escalation of orders nobody accepted',
    description:
      'An order still new `unaccepted_after_minutes` after it arrived alerts the escalation group once, by ' +
      'text (confirmed numbers) and email; accepting, rejecting or holding it before then cancels the alert. ' +
      '`null` turns escalation off.',
    access: { capability: 'alerts.manage' },
    params: TmkParamsSchema,
    body: StoreAlertsBodySchema,
    responses: { 200: StoreAlertsSchema, ...merchantErrors, ...bodyErrors },
  },
} as const satisfies Record<string, Endpoint>;
