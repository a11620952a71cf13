/**
 * Examples for /openapi.json, by operationId: a request body and the success answer of each JSON endpoint.
 * Each resource writes its own (`<resource>/examples.ts`), typed from the endpoint table (a field the
 * schema does not have is a compile error), and endpoint-examples.test.ts parses them with the endpoint's
 * schemas, so they cannot drift from the contract.
 */

import { alertExamples } from './alerts/examples.ts';
import { analyticsExamples } from './analytics/examples.ts';
import { apiKeyExamples } from './api-keys/examples.ts';
import { authExamples } from './auth/examples.ts';
import { billingExamples } from './billing/examples.ts';
import { bulkExamples } from './bulk/examples.ts';
import { courierExamples } from './courier/examples.ts';
// Outgoing events and webhooks (docs/decisions/0138, 0139).
import { eventExamples } from './events/examples.ts';
import type { EndpointExamples } from './example-values.ts';
import { inventoryExamples } from './inventory/examples.ts';
import { labelExamples } from './labels/examples.ts';
import { marketplaceExamples } from './marketplace/examples.ts';
import { merchantExamples } from './merchant/examples.ts';
import { orderExamples } from './orders/examples.ts';
import { smsExamples } from './sms/examples.ts';
import { teamExamples } from './team/examples.ts';
import { webhookExamples } from './webhooks/examples.ts';

export type { EndpointExamples } from './example-values.ts';

export const ENDPOINT_EXAMPLES: EndpointExamples = {
  ...authExamples,
  ...teamExamples,
  ...alertExamples,
  ...merchantExamples,
  ...billingExamples,
  ...inventoryExamples,
  ...analyticsExamples,
  ...orderExamples,
  ...labelExamples,
  ...smsExamples,
  ...bulkExamples,
  ...marketplaceExamples,
  ...courierExamples,
  ...eventExamples,
  ...webhookExamples,
  ...apiKeyExamples,
};
