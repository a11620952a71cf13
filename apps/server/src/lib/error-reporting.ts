/**
 * Error reporting: Sentry when SENTRY_DSN is set, otherwise nothing beyond the log. The SDK is loaded
 * only when configured, so a machine without a DSN never imports it.
 */
import { scrubEvent } from '@mc/domain';

export { scrubEvent };

export type ServerErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

let reporter: ServerErrorReporter = () => {};

export async function initErrorReporting(dsn: string | undefined, environment: string): Promise<boolean> {
  if (!dsn) return false;
  const Sentry = await import('@sentry/node');
  // The SDK's defaults collect headers, cookies, bodies, query values, bound query parameters and the
  // local variables of stack frames (a `password` or `token` among them): all off; what is left is scrubbed.
  Sentry.init({
    dsn,
    environment,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubEvent(crumb),
  });
  reporter = (error, context) => {
    Sentry.captureException(error, context ? { extra: context } : undefined);
  };
  return true;
}

/** Unexpected failures only (the 5xx path of the error handler); expected DomainErrors are not reported. */
export function reportServerError(error: unknown, context?: Record<string, unknown>): void {
  try {
    reporter(error, context ? scrubEvent(context) : undefined);
  } catch {
    /* reporting must never break a response */
  }
}

/** Tests swap the reporter to observe what would be sent. */
export function setServerErrorReporter(next: ServerErrorReporter | null): void {
  reporter = next ?? (() => {});
}
