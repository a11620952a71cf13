/**
 * Error reporting hook point (part 1 §7: failures are reported to an error-reporting service).
 *
 * The Sentry browser SDK is deliberately not bundled: the console stays small and offline-first.
 * When `VITE_SENTRY_DSN` is set at build time, `registerErrorReporter` is the one place to plug a
 * reporter in (e.g. `Sentry.captureException`); until one is registered errors go to console.error.
 */
export type ErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

const consoleReporter: ErrorReporter = (error, context) => {
  console.error('[console error]', error, context ?? {});
};

let reporter: ErrorReporter = consoleReporter;

export const SENTRY_DSN: string | undefined = import.meta.env.VITE_SENTRY_DSN || undefined;

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
