/** GET /a/v2/oidc/config: which third-party sign-in providers this server offers. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { oidcKeys } from '../../../lib/query-keys.ts';

export interface OidcConfig {
  /** Whether sign-in with an identity provider is configured. */
  enabled?: boolean;
  /** The provider's display name ('Google', 'Microsoft', ...), null when none is configured. */
  provider?: string | null;
  /** True when the configured provider is Google. */
  google: boolean;
  /** Where the browser starts the sign-in. */
  start_path?: string | null;
}

export const OIDC_START_PATH = '/a/v2/oidc/start';

/** The button's words: 'Sign up with Google' for Google (or when nothing is configured), else the provider's name. */
export function signUpWithLabel(config: OidcConfig | undefined): string {
  const name = config?.enabled && config.provider && !config.google ? config.provider : 'Google';
  return `Sign up with ${name}`;
}

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
