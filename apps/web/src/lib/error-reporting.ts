/**
 * Error reporting: failures are reported to an error-reporting service.
 *
 * With `VITE_SENTRY_DSN` set at build time, `initErrorReporting` loads the Sentry browser SDK in its
 * own chunk (never part of the initial JavaScript) and routes every reported error to it; without a
 * DSN errors go to console.error only.
 */
export type ErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

export const consoleReporter: ErrorReporter = (error, context) => {
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

/**
 * Loads Sentry when a DSN was configured at build time; a no-op otherwise. The SDK and the scrubbing
 * rules load together in their own chunk, so a page without a DSN carries neither.
 */
export async function initErrorReporting(dsn: string | undefined = SENTRY_DSN): Promise<boolean> {
  if (!dsn) return false;
  const { startSentry } = await import('./sentry-reporter.ts');
  registerErrorReporter(startSentry(dsn, consoleReporter));
  return true;
}
