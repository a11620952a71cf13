/**
 * THE endpoint table (docs/decisions/0073): every endpoint of the merchant and marketplace API, once, keyed
 * by its operationId. The server registers its handlers from it (apps/server/src/routes/register-endpoints.ts),
 * the console calls it through `createApiClient` (api-client.ts), path builders come from it (paths.ts) and
 * GET /openapi.json is generated from it (openapi.ts). No path string of the API lives anywhere else.
 *
 * Each resource writes its entries in its own folder (`<resource>/endpoints.ts`, with its schemas and
 * examples; docs/decisions/0127); this table joins them, in the order /openapi.json lists its paths.
 */

import { alertEndpoints } from './alerts/endpoints.ts';
import { analyticsEndpoints } from './analytics/endpoints.ts';
import { apiKeyEndpoints } from './api-keys/endpoints.ts';
import { authEndpoints } from './auth/endpoints.ts';
import { billingEndpoints } from './billing/endpoints.ts';
import { bulkEndpoints } from './bulk/endpoints.ts';
import { courierEndpoints } from './courier/endpoints.ts';
import type { Endpoint } from './endpoint-types.ts';
// Outgoing events and webhooks (docs/decisions/0138, 0139).
import { eventEndpoints } from './events/endpoints.ts';
import { inventoryEndpoints } from './inventory/endpoints.ts';
import { labelEndpoints } from './labels/endpoints.ts';
import { marketplaceEndpoints } from './marketplace/endpoints.ts';
import { merchantEndpoints } from './merchant/endpoints.ts';
import { orderEndpoints } from './orders/endpoints.ts';
import { printoutEndpoints } from './printouts/endpoints.ts';
import { smsEndpoints } from './sms/endpoints.ts';
import { teamEndpoints } from './team/endpoints.ts';
import { webhookEndpoints } from './webhooks/endpoints.ts';

export const endpoints = {
  ...authEndpoints,
  ...teamEndpoints,
  ...alertEndpoints,
  ...merchantEndpoints,
  ...billingEndpoints,
  ...inventoryEndpoints,
  ...analyticsEndpoints,
  ...orderEndpoints,
  ...labelEndpoints,
  ...printoutEndpoints,
  ...smsEndpoints,
  ...bulkEndpoints,
  ...marketplaceEndpoints,
  ...courierEndpoints,
  ...eventEndpoints,
  ...webhookEndpoints,
  ...apiKeyEndpoints,
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type OperationId = keyof Endpoints;
export const OPERATION_IDS = Object.keys(endpoints) as OperationId[];
