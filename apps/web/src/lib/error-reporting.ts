/**
 * Error reporting: failures are reported to an error-reporting service.
 *
 * With a DSN in the page's `sentry-dsn` meta (the build writes VITE_SENTRY_DSN there; the server's
 * SENTRY_BROWSER_DSN replaces it when it sends the page, and lets the reports through its CSP),
 * `initErrorReporting` loads the Sentry browser SDK in its own chunk (never part of the initial
 * JavaScript) and routes every reported error to it; without a DSN errors go to console.error only.
 */
export type ErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

export const consoleReporter: ErrorReporter = (error, context) => {
  console.error('[console error]', error, context ?? {});
};

let reporter: ErrorReporter = consoleReporter;

/** The page's DSN: the `sentry-dsn` meta when it holds a URL (an unset build leaves its placeholder). */
export function pageDsn(doc: Pick<Document, 'querySelector'> = document): string | undefined {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content.trim() ?? '';
  return /^https?:\/\//i.test(content) ? content : undefined;
}

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
 * Loads Sentry when the page names a DSN; a no-op otherwise. The SDK and the scrubbing rules load
 * together in their own chunk, so a page without a DSN carries neither.
 */
export async function initErrorReporting(dsn: string | undefined = pageDsn()): Promise<boolean> {
  if (!dsn) return false;
  const { startSentry } = await import('./sentry-reporter.ts');
  registerErrorReporter(startSentry(dsn, consoleReporter));
  return true;
}
