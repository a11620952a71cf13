/**
 * Analytics data layer: events are pushed onto `window.dataLayer` for a tag manager.
 * This is not product behaviour; nothing here may throw into the UI.
 */
export const ANALYTICS_EVENTS = {
  loadedPage: 'Loaded a Page',
  pageView: 'Page View',
  loggedIn: 'Logged In',
  navigation: 'Navigation',
} as const;

type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

function dataLayer(): Record<string, unknown>[] {
  if (!Array.isArray(window.dataLayer)) window.dataLayer = [];
  return window.dataLayer;
}

function track(event: AnalyticsEvent, properties: Record<string, unknown> = {}): void {
  try {
    dataLayer().push({ event, ...properties, timestamp: new Date().toISOString() });
  } catch {
    // analytics must never break the page
  }
}

/** Hex SHA-256 of a value (the user subject is never pushed in clear). */
export async function sha256Hex(value: string): Promise<string> {
  const bytes = new TextEncoder().encode(value);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function trackLoadedPage(): void {
  track(ANALYTICS_EVENTS.loadedPage, { path: window.location.pathname, referrer: document.referrer || null });
}

/** 'Page View'; on the inventory page it carries the SHA-256 of the user subject. */
export async function trackPageView(path: string, userSubject: string | null): Promise<void> {
  const properties: Record<string, unknown> = { path, title: document.title };
  if (path.startsWith('/inventory') && userSubject) {
    try {
      properties.user_subject_hash = await sha256Hex(userSubject);
    } catch {
      // SubtleCrypto unavailable (non-secure context): send the view without the subject
    }
  }
  track(ANALYTICS_EVENTS.pageView, properties);
}

export function trackLogin(userSubject: string | null, merchantKey: string | null): void {
  track(ANALYTICS_EVENTS.loggedIn, { user_id: userSubject, merchant: merchantKey });
}

/** A navigation choice (menu entry, tab change): where from, where to, which control. */
export function trackNavigation(label: string, to: string): void {
  track(ANALYTICS_EVENTS.navigation, { label, from: window.location.pathname, to });
}
