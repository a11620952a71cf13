/** GET /a/v2/oidc/config: which third-party sign-in providers this server offers. */
import type { OidcConfig } from '@mc/api';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';

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

/**
 * The config, asked once per page visit. A plain effect rather than a query: the sign-in page is the
 * lightest page of the console and loads none of the query hooks for this one read (docs/decisions/0109).
 * A failed request leaves `data` undefined: no provider button, the password form works as before.
 */
export function useOidcConfig(): { data: OidcConfig | undefined; isPending: boolean } {
  const [state, setState] = useState<{ data: OidcConfig | undefined; isPending: boolean }>({
    data: undefined,
    isPending: true,
  });
  useEffect(() => {
    const controller = new AbortController();
    api.getOidcConfig({ signal: controller.signal }).then(
      (data) => setState({ data, isPending: false }),
      () => {
        if (!controller.signal.aborted) setState({ data: undefined, isPending: false });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
