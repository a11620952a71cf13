/** Start-up chores: what the console does once when it loads. */
import { reportError } from './error-reporting.ts';
import { getToken, saveSession } from './session.ts';

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

/** A sign-in link that arrived while someone is signed in: kept until the person decides (session-switch). */
export interface PendingSwitch {
  token: string;
  merchantKey: string;
}

let pendingSwitch: PendingSwitch | null = null;

/** The link waiting for a decision, if any. */
export function getPendingSwitch(): PendingSwitch | null {
  return pendingSwitch;
}

/** The decision was made (switched, kept, or the link was not valid). */
export function clearPendingSwitch(): void {
  pendingSwitch = null;
}

/**
 * `?jwt=…&tmk=…` on start-up (the OpenID callback lands with it). Nobody signed in: stored as the login
 * token and merchant key. Someone signed in: nothing changes yet; the link waits (getPendingSwitch) for
 * the session-switch prompt, which adopts it silently when it is the same person's and otherwise asks
 * before switching accounts. Either way both are removed from the address bar at once (so they are not
 * bookmarked, shared or sent as a referrer).
 */
export function adoptSessionFromQuery(): void {
  const url = new URL(window.location.href);
  const jwt = url.searchParams.get('jwt');
  const tmk = url.searchParams.get('tmk');
  if (jwt === null && tmk === null) return;
  if (jwt && tmk) {
    if (getToken()) pendingSwitch = { token: jwt, merchantKey: tmk };
    else saveSession(jwt, tmk);
  }
  url.searchParams.delete('jwt');
  url.searchParams.delete('tmk');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
