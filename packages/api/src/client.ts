import type { ErrorBody } from './errors.ts';

/** The one error the web client raises for any answer with status >= 400. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  constructor(status: number, message: string, body: ErrorBody | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** Field messages keyed by path, for copying under form fields. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.body?.errors ?? []) if (!(e.path in out)) out[e.path] = e.message;
    return out;
  }
}

export interface ClientOptions {
  baseUrl?: string;
  getToken?: () => string | null;
  /** Called on any 401 (the web app clears storage and goes to /login). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export function toQueryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Basic client credential instead of the bearer token (sign-up). */
  basic?: string;
}

export function createHttp(opts: ClientOptions = {}) {
  const f = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = opts.baseUrl ?? '';

  async function raw(method: string, path: string, ro: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...(ro.headers ?? {}) };
    const token = opts.getToken?.();
    if (ro.basic) headers.authorization = `Basic ${ro.basic}`;
    else if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (ro.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(ro.body);
    }
    const res = await f(`${base}${path}${toQueryString(ro.query)}`, {
      method,
      headers,
      body,
      signal: ro.signal,
    });
    if (res.status === 401) opts.onUnauthorized?.();
    if (res.status >= 400) {
      let parsed: ErrorBody | null = null;
      let message = 'Something went wrong';
      try {
        parsed = (await res.json()) as ErrorBody;
        if (parsed && typeof parsed.message === 'string' && parsed.message) message = parsed.message;
      } catch {
        message = 'Unhandled Error';
      }
      throw new ApiError(res.status, message, parsed);
    }
    return res;
  }

  async function json<T>(method: string, path: string, ro: RequestOptions = {}): Promise<T> {
    const res = await raw(method, path, ro);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  return {
    raw,
    get: <T>(path: string, ro?: RequestOptions) => json<T>('GET', path, ro),
    post: <T>(path: string, body?: unknown, ro?: RequestOptions) => json<T>('POST', path, { ...ro, body }),
    put: <T>(path: string, body?: unknown, ro?: RequestOptions) => json<T>('PUT', path, { ...ro, body }),
    del: <T>(path: string, ro?: RequestOptions) => json<T>('DELETE', path, ro),
  };
}
export type Http = ReturnType<typeof createHttp>;
