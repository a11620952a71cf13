/**
 * API keys: the store owner makes, lists and revokes the keys integrations use. Its part of the endpoint
 * table (endpoints.ts); docs/decisions/0140.
 */
import { OkSchema } from '../auth/schemas.ts';
import { bodyErrors, errors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { TmkParamsSchema } from '../merchant/schemas.ts';
import {
  ApiKeyParamsSchema,
  ApiKeysResponseSchema,
  CreateApiKeyBodySchema,
  CreatedApiKeySchema,
} from './schemas.ts';

export const apiKeyEndpoints = {
  listApiKeys: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/api_keys',
    tags: TAGS.apiKeys,
    summary: 'The store’s API keys (never the keys themselves)',
    access: { capability: 'api_keys.manage' },
    params: TmkParamsSchema,
    responses: { 200: ApiKeysResponseSchema, ...merchantErrors },
  },
  createApiKey: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/api_keys',
    tags: TAGS.apiKeys,
    summary: 'Make an API key with scopes; the answer is the only time the key is shown',
    description:
      'The key is `mck_` and 43 base62 characters. Send it as `Authorization: Bearer mck_…` to the merchant ' +
      'routes its scopes allow; it is never accepted on account routes (/a/v2). A key cannot make keys.',
    access: { capability: 'api_keys.manage' },
    params: TmkParamsSchema,
    body: CreateApiKeyBodySchema,
    responses: { 201: CreatedApiKeySchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/m/v2/merchant/{tmk}/api_keys/{id}',
    tags: TAGS.apiKeys,
    summary: 'Revoke an API key: refused at once, on every server process',
    access: { capability: 'api_keys.manage' },
    params: ApiKeyParamsSchema,
    responses: { 200: OkSchema, ...merchantErrors, ...bodyErrors },
  },
} as const satisfies Record<string, Endpoint>;
