/**
 * Error reporting: Sentry when SENTRY_DSN is set, otherwise nothing beyond the log. The SDK is loaded
 * only when configured, so a machine without a DSN never imports it.
 */
export type ServerErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

let reporter: ServerErrorReporter = () => {};

export async function initErrorReporting(dsn: string | undefined, environment: string): Promise<boolean> {
  if (!dsn) return false;
  const Sentry = await import('@sentry/node');
  Sentry.init({ dsn, environment });
  reporter = (error, context) => {
    Sentry.captureException(error, context ? { extra: context } : undefined);
  };
  return true;
}

/** Unexpected failures only (the 5xx path of the error handler); expected DomainErrors are not reported. */
export function reportServerError(error: unknown, context?: Record<string, unknown>): void {
  try {
    reporter(error, context);
  } catch {
    /* reporting must never break a response */
  }
}

/** Tests swap the reporter to observe what would be sent. */
export function setServerErrorReporter(next: ServerErrorReporter | null): void {
  reporter = next ?? (() => {});
}
