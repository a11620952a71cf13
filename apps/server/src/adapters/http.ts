/**
 * The one way adapters call a provider over HTTP: a connect time-out and a total time-out on every call,
 * and a retry policy that only repeats what is safe to repeat.
 *
 * - Time-outs: `connectTimeoutMs` (TCP + TLS) and `timeoutMs` per attempt (10 s by default, the
 *   providers' own client libraries use the same order of magnitude), all attempts together bounded by
 *   `budgetMs` (12 s by default), so a merchant waiting on a provider hears back within 15 s.
 * - Retries (exponential back-off with full jitter, at most `maxAttempts`): only when the call is
 *   idempotent, meaning a GET/HEAD, or a write that carries an idempotency key the provider honours
 *   (Stripe, EasyPost, DoorDash's external_delivery_id). Retried answers: network errors, time-outs,
 *   429 (its Retry-After is honoured when it fits the budget) and 500/502/503/504. A write without an
 *   idempotency key (an SMS, an email) is never retried: it may already have reached the provider.
 */
import { Agent, fetch as undiciFetch } from 'undici';
import { outcomeOfStatus, publishProviderCall } from '../lib/provider-calls.ts';
import { endSpan, SpanKind, startChildSpan } from '../lib/tracing.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_BUDGET_MS = 12_000;
export const DEFAULT_MAX_ATTEMPTS = 3;

export interface HttpClientOptions {
  /** The provider's name, for error messages (never includes credentials). */
  name: string;
  /** Base URL (no trailing slash needed); requests use paths relative to it. */
  baseUrl: string;
  timeoutMs?: number;
  connectTimeoutMs?: number;
  budgetMs?: number;
  maxAttempts?: number;
  /** Back-off base in ms (attempt n waits a random time in [0, base * 2^n], capped at 2 s). */
  backoffBaseMs?: number;
}

export interface HttpRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path below the base URL, or an absolute URL (label documents). */
  path: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** Sent as the `Idempotency-Key` header when `idempotencyHeader` is true, and makes a write retryable. */
  idempotencyKey?: string;
  /** Whether the key goes in an `Idempotency-Key` header (false when it is carried in the body). */
  idempotencyHeader?: boolean;
}

export interface HttpResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
  /** The raw body (binary documents such as label PDFs). */
  bytes: Buffer;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json<T = unknown>(): T | undefined;
  /** How many attempts were made. */
  attempts: number;
}

/** The provider could not be reached or did not answer in time (after any allowed retries). */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: 'timeout' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const s = Number(value);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface HttpClient {
  readonly baseUrl: string;
  request(req: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

/**
 * A provider adapter's client: the provider's name and base URL, with the per-attempt time-out and overall
 * budget its options may set (the defaults otherwise).
 */
export function providerHttpClient(
  name: string,
  baseUrl: string,
  limits: Pick<HttpClientOptions, 'timeoutMs' | 'budgetMs'>,
): HttpClient {
  return createHttpClient({ name, baseUrl, timeoutMs: limits.timeoutMs, budgetMs: limits.budgetMs });
}

export function createHttpClient(opts: HttpClientOptions): HttpClient {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const budgetMs = opts.budgetMs ?? DEFAULT_BUDGET_MS;
  const maxAttempts = Math.max(1, opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const backoffBase = opts.backoffBaseMs ?? 200;
  const dispatcher = new Agent({
    connect: { timeout: opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 4_000,
    // undici 8 offers HTTP/2 to TLS servers by default; the time-outs and retries here were measured on
    // HTTP/1.1 connections, so the providers are still called as before (decision 0119).
    allowH2: false,
  });

  async function request(req: HttpRequest): Promise<HttpResponse> {
    const url = /^https?:\/\//.test(req.path) ? req.path : `${baseUrl}${req.path}`;
    const headers: Record<string, string> = { 'user-agent': 'merchant-console', ...req.headers };
    if (req.idempotencyKey && req.idempotencyHeader !== false)
      headers['idempotency-key'] = req.idempotencyKey;
    const retryable = req.method === 'GET' || req.method === 'HEAD' || Boolean(req.idempotencyKey);
    const started = Date.now();
    const remaining = () => budgetMs - (Date.now() - started);
    // One span for the call and its retries (lib/tracing.ts): the provider and method, not the path.
    const span = startChildSpan(() => ({
      name: `${req.method} ${opts.name}`,
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': req.method,
        'server.address': new URL(url).hostname,
        'mc.provider': opts.name,
      },
    }));
    let attempt = 0;
    for (;;) {
      attempt++;
      const attemptTimeout = Math.max(1, Math.min(timeoutMs, remaining()));
      let res: Awaited<ReturnType<typeof undiciFetch>> | undefined;
      let failure: ProviderUnavailableError | undefined;
      try {
        res = await undiciFetch(url, {
          method: req.method,
          headers,
          body: req.body === undefined ? undefined : String(req.body),
          signal: AbortSignal.timeout(attemptTimeout),
          dispatcher,
        });
      } catch (err) {
        const e = err as { name?: string; cause?: { code?: string; name?: string } };
        const timedOut =
          e.name === 'TimeoutError' ||
          e.name === 'AbortError' ||
          /TIMEOUT/.test(e.cause?.code ?? '') ||
          e.cause?.name === 'ConnectTimeoutError';
        failure = new ProviderUnavailableError(
          opts.name,
          timedOut ? 'timeout' : 'network',
          timedOut ? `${opts.name} did not answer in time` : `${opts.name} could not be reached`,
        );
      }
      let bytes = Buffer.alloc(0);
      if (res) {
        try {
          bytes = Buffer.from(await res.arrayBuffer());
        } catch {
          failure = new ProviderUnavailableError(opts.name, 'timeout', `${opts.name} did not answer in time`);
          res = undefined;
        }
      }
      const status = res?.status;
      const canRetry =
        retryable &&
        attempt < maxAttempts &&
        (failure !== undefined || (status !== undefined && RETRY_STATUSES.has(status)));
      if (canRetry) {
        const backoff = Math.random() * Math.min(2_000, backoffBase * 2 ** (attempt - 1));
        const hinted = status === 429 ? retryAfterMs(res?.headers.get('retry-after') ?? null) : undefined;
        const wait = hinted ?? backoff;
        // Only wait when another attempt still has a useful share of the budget.
        if (remaining() - wait > 500) {
          await sleep(wait);
          continue;
        }
      }
      const seconds = (Date.now() - started) / 1000;
      if (failure) {
        const outcome = failure.reason === 'timeout' ? 'timeout' : 'network_error';
        publishProviderCall({ provider: opts.name, outcome, seconds });
        endSpan(span, true, { 'error.type': outcome, 'mc.attempts': attempt });
        throw failure;
      }
      const r = res!;
      publishProviderCall({ provider: opts.name, outcome: outcomeOfStatus(r.status), seconds });
      endSpan(span, r.status >= 500, { 'http.response.status_code': r.status, 'mc.attempts': attempt });
      const text = bytes.toString('utf8');
      return {
        status: r.status,
        ok: r.ok,
        headers: r.headers as unknown as Headers,
        text,
        bytes,
        attempts: attempt,
        json<T>() {
          try {
            return JSON.parse(text) as T;
          } catch {
            return undefined;
          }
        },
      };
    }
  }

  return { baseUrl, request, close: () => dispatcher.close() };
}

/** Basic authorization header value. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}
