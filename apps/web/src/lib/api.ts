/**
 * The one HTTP client of the console: `api`, derived from the endpoint table of `@mc/api`, so no path is
 * spelled here and every answer is typed from the table's schemas. A stored token goes as a bearer header;
 * any 401 clears all local storage and cookies and goes to /login unless already there.
 */
import { createApiClient, createHttp } from '@mc/api';
import { clearCaches } from './cache-clear.ts';
import { navigateTo } from './navigation.ts';
import { clearSession, getToken } from './session.ts';

/** The fixed basic client credential of the console (sign-up), `merchant-console:public`. */
export const CLIENT_BASIC_CREDENTIAL = btoa('merchant-console:public');

function handleUnauthorized(): void {
  clearSession();
  clearCaches();
  if (window.location.pathname !== '/login') navigateTo('/login', { replace: true });
}

/** The transport (bearer token, 401 handling, `ApiError`) under the typed client. */
const http = createHttp({ getToken, onUnauthorized: handleUnauthorized });

export const api = createApiClient(http);
