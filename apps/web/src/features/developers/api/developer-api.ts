/**
 * The Developers page's calls: API keys (GET/POST/DELETE …/api_keys) and webhook endpoints (…/webhooks,
 * their secret rotation, test send, delivery log and replay). Owner-only on the server.
 */
import type { CreateApiKeyBody, CreateWebhookBody, UpdateWebhookBody } from '@mc/api';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { developerKeys } from '../../../lib/query-keys.ts';

export function apiKeysQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: developerKeys.apiKeys(tmk),
    queryFn: ({ signal }) => api.listApiKeys({ params: { tmk }, signal }),
  });
}

export function useCreateApiKey(tmk: string) {
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.createApiKey({ params: { tmk }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.apiKeys(tmk) }),
  });
}

export function useRevokeApiKey(tmk: string) {
  return useMutation({
    mutationFn: (id: string) => api.revokeApiKey({ params: { tmk, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.apiKeys(tmk) }),
  });
}

export function webhooksQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: developerKeys.webhooks(tmk),
    queryFn: ({ signal }) => api.listWebhooks({ params: { tmk }, signal }),
  });
}

/** The delivery log of one endpoint; polled while open so a test send or a replay shows up by itself. */
export function deliveriesQueryOptions(tmk: string, id: string) {
  return queryOptions({
    queryKey: developerKeys.deliveries(tmk, id),
    queryFn: ({ signal }) => api.listWebhookDeliveries({ params: { tmk, id }, signal }),
    refetchInterval: 5000,
  });
}

const refreshWebhooks = (tmk: string) =>
  queryClient.invalidateQueries({ queryKey: developerKeys.webhooks(tmk) });

export function useCreateWebhook(tmk: string) {
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => api.createWebhook({ params: { tmk }, body }),
    onSuccess: () => refreshWebhooks(tmk),
  });
}

export function useUpdateWebhook(tmk: string) {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookBody }) =>
      api.updateWebhook({ params: { tmk, id }, body }),
    onSuccess: () => refreshWebhooks(tmk),
  });
}

export function useDeleteWebhook(tmk: string) {
  return useMutation({
    mutationFn: (id: string) => api.deleteWebhook({ params: { tmk, id } }),
    onSuccess: () => refreshWebhooks(tmk),
  });
}

export function useRotateWebhookSecret(tmk: string) {
  return useMutation({
    mutationFn: (id: string) => api.rotateWebhookSecret({ params: { tmk, id } }),
    onSuccess: () => refreshWebhooks(tmk),
  });
}

/** A test send or a replay: queued on the server; the endpoint's log shows the attempts. */
export function useSendWebhook(tmk: string) {
  return useMutation({
    mutationFn: (what: { id: string; deliveryId?: string }) =>
      what.deliveryId
        ? api.replayWebhookDelivery({ params: { tmk, id: what.id, delivery_id: what.deliveryId } })
        : api.testWebhook({ params: { tmk, id: what.id } }),
    onSuccess: (_answer, what) =>
      queryClient.invalidateQueries({ queryKey: developerKeys.deliveries(tmk, what.id) }),
  });
}
