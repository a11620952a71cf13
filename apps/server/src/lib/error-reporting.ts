/**
 * Error reporting: Sentry when SENTRY_DSN is set, otherwise nothing beyond the log. The SDK is loaded
 * only when configured, so a machine without a DSN never imports it.
 */
import { REDACTED, redactText, redactUrl } from './logging.ts';

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

const SECRET_HEADER = /^(authorization|cookie|set-cookie|x-api-key|proxy-authorization)$/i;
const SECRET_FIELD = /pass(word)?|token|ticket|secret|jwt|cookie|authorization|api_?key|signature/i;

/**
 * What goes to Sentry carries no secret: credential headers and fields are replaced, URLs lose their
 * credential query values and reset-page tokens, and free text loses JWTs (docs/security.md, "Logs").
 */
export function scrubEvent<T>(value: T, depth = 0, parentKey = ''): T {
  if (depth > 8 || value === null || value === undefined) return value;
  if (typeof value === 'string')
    return (/^(https?:\/\/|\/)/.test(value) ? redactUrl(value) : redactText(value)) as T;
  if (Array.isArray(value)) return value.map((v) => scrubEvent(v, depth + 1, parentKey)) as T;
  if (typeof value !== 'object' || value instanceof Error) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    // A request's body (`request.data`) may hold a password: never sent.
    const isBody = k === 'data' && parentKey === 'request';
    if (k === 'cookies' || isBody || SECRET_HEADER.test(k) || SECRET_FIELD.test(k)) out[k] = REDACTED;
    else if (k === 'query_string') out[k] = typeof v === 'string' ? redactUrl(`?${v}`).slice(1) : REDACTED;
    else out[k] = scrubEvent(v, depth + 1, k);
  }
  return out as T;
}
