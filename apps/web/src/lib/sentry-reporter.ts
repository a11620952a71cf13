/**
 * The Sentry side of error reporting, loaded by `initErrorReporting` only when a DSN was configured at
 * build time (lib/error-reporting.ts).
 */
import { scrubEvent } from '@mc/domain';
import * as Sentry from '@sentry/browser';

/** The shape of lib/error-reporting.ts's reporter, spelled here: that module loads this one. */
type ErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

/** Starts the SDK and returns the reporter that sends each error to it (and to the console). */
export function startSentry(dsn: string, consoleReporter: ErrorReporter): ErrorReporter {
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
  return (error, context) => {
    consoleReporter(error, context);
    Sentry.captureException(error, context ? { extra: scrubEvent(context) } : undefined);
  };
}
