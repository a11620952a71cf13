import type { AppContext } from '../../context.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';

export function apiKeyHandlers(
  ctx: AppContext,
): EndpointHandlers<'listApiKeys' | 'createApiKey' | 'revokeApiKey'> {
  return {
    listApiKeys: async ({ caller }) => listApiKeys(ctx, caller.merchant.id),
    createApiKey: async ({ caller, body }) => createApiKey(ctx, caller, body),
    revokeApiKey: async ({ caller, params }) => revokeApiKey(ctx, caller.merchant.id, params.id),
  };
}
