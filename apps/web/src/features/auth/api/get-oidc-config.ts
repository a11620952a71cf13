/** GET /a/v2/oidc/config: which third-party sign-in providers this server offers. */
import type { OidcConfig } from '@mc/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { oidcKeys } from '../../../lib/query-keys.ts';

/** Where the browser starts the sign-in when the config names no start path. */
export const OIDC_START_PATH = api.url('startOidc');

/** The button's words: 'Sign up with Google' for Google (or when nothing is configured), else the provider's name. */
export function signUpWithLabel(config: OidcConfig | undefined): string {
  const name = config?.enabled && config.provider && !config.google ? config.provider : 'Google';
  return `Sign up with ${name}`;
}

/** The sign-in page's button: 'Sign in with {provider}' (Google's name for Google). Null when none is configured. */
export function signInWithLabel(config: OidcConfig | undefined): string | null {
  if (!config?.enabled) return null;
  return `Sign in with ${config.google || !config.provider ? 'Google' : config.provider}`;
}

function oidcConfigQueryOptions() {
  return queryOptions({
    queryKey: oidcKeys.config,
    queryFn: ({ signal }) => api.getOidcConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useOidcConfig() {
  return useQuery(oidcConfigQueryOptions());
}
