/**
 * Error reporting: failures are reported to an error-reporting service.
 *
 * With `VITE_SENTRY_DSN` set at build time, `initErrorReporting` loads the Sentry browser SDK in its
 * own chunk (never part of the initial JavaScript) and routes every reported error to it; without a
 * DSN errors go to console.error only.
 */
import { scrubEvent } from '@mc/domain';

export type ErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

const consoleReporter: ErrorReporter = (error, context) => {
  console.error('[console error]', error, context ?? {});
};

let reporter: ErrorReporter = consoleReporter;

const SENTRY_DSN: string | undefined = import.meta.env.VITE_SENTRY_DSN || undefined;

export function registerErrorReporter(next: ErrorReporter | null): void {
  reporter = next ?? consoleReporter;
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  try {
    reporter(error, context);
  } catch {
    consoleReporter(error, context);
  }
}

/** Loads Sentry when a DSN was configured at build time; a no-op otherwise. */
export async function initErrorReporting(dsn: string | undefined = SENTRY_DSN): Promise<boolean> {
  if (!dsn) return false;
  const Sentry = await import('@sentry/browser');
  // No secret leaves the browser: the reset page's URL carries its token, and a request URL may carry a
  // ticket or `?jwt=` (docs/security.md, "Logs"). Headers, cookies and bodies are not collected at all.
  Sentry.init({
    dsn,
    environment: import.meta.env.MODE,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubEvent(crumb),
  });
  registerErrorReporter((error, context) => {
    consoleReporter(error, context);
    Sentry.captureException(error, context ? { extra: scrubEvent(context) } : undefined);
  });
  return true;
}
