/** GET /a/v2/oidc/config: which third-party sign-in providers this server offers. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';

export interface OidcConfig {
  google: boolean;
}

export const GOOGLE_START_PATH = '/a/v2/oidc/google/start';

export const oidcKeys = { config: ['oidc', 'config'] as const };

export function getOidcConfig(signal?: AbortSignal): Promise<OidcConfig> {
  return http.get<OidcConfig>('/a/v2/oidc/config', { signal });
}

export function oidcConfigQueryOptions() {
  return queryOptions({
    queryKey: oidcKeys.config,
    queryFn: ({ signal }) => getOidcConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useOidcConfig() {
  return useQuery(oidcConfigQueryOptions());
}
