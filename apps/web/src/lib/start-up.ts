/** Start-up chores (part 1 §2 "Errors and start-up"). */
import { reportError } from './error-reporting.ts';
import { saveSession } from './session.ts';

/** Any service worker left by an older console is unregistered. */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((r) => r.unregister()));
  } catch (error) {
    reportError(error, { source: 'service-worker-unregister' });
  }
}

/**
 * `?jwt=…&tmk=…` on start-up: stored as the login token and merchant key, then both are removed from
 * the address bar (so they are not bookmarked, shared or sent as a referrer).
 */
export function adoptSessionFromQuery(): void {
  const url = new URL(window.location.href);
  const jwt = url.searchParams.get('jwt');
  const tmk = url.searchParams.get('tmk');
  if (jwt === null && tmk === null) return;
  if (jwt && tmk) saveSession(jwt, tmk);
  url.searchParams.delete('jwt');
  url.searchParams.delete('tmk');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
