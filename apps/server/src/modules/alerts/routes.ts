import type { AppContext } from '../../context.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';
import {
  confirmAlertPhone,
  getAlertSettings,
  getStoreAlerts,
  setAlertSettings,
  setStoreAlerts,
  startAlertPhone,
} from './settings.ts';

type AlertOperation =
  | 'getAlertSettings'
  | 'setAlertSettings'
  | 'startAlertPhone'
  | 'confirmAlertPhone'
  | 'getStoreAlerts'
  | 'setStoreAlerts';

/** Alerts to staff: each person's settings and number, the store's escalation. */
export function alertHandlers(ctx: AppContext): EndpointHandlers<AlertOperation> {
  return {
    getAlertSettings: async ({ principal, params }) => getAlertSettings(ctx, principal, params.id),
    setAlertSettings: async ({ principal, params, body }) =>
      setAlertSettings(ctx, principal, params.id, body),
    startAlertPhone: async ({ principal, params, body }) =>
      startAlertPhone(ctx, principal, params.id, body.phone_number),
    confirmAlertPhone: async ({ principal, params, body }) =>
      confirmAlertPhone(ctx, principal, params.id, body.code),
    getStoreAlerts: async ({ caller }) => getStoreAlerts(ctx, caller.merchant.id),
    setStoreAlerts: async ({ caller, body }) => setStoreAlerts(ctx, caller.merchant.id, body),
  };
}
