/**
 * The typed client derived from the endpoint table. `createApiClient(http)` gives
 * `api.call('getOrderCounts', { params: { tmk }, signal })` and the same as `api.getOrderCounts({...})`,
 * each answering with the type of the endpoint's success response: the zod output of a JSON answer, a
 * `Blob` for a file (PDF, PNG, CSV, zip), the `Response` for an event stream or a redirect. Errors are the
 * transport's `ApiError` (client.ts). No casts at the call sites. At run time it reads only `ROUTES` (routes.ts,
 * the table without schemas), so a bundle that uses the client carries no schema; the types come from the table.
 */
import type { z } from 'zod';
import { type Http, type Query, toQueryString } from './client.ts';
import type { BinaryResponse, EventStreamResponse, RedirectResponse } from './endpoint-types.ts';
import type { Endpoints, OperationId } from './endpoints.ts';
import { pathOf } from './paths.ts';
import { ROUTES } from './routes.ts';

type Ep<K extends OperationId> = Endpoints[K];
type Responses<K extends OperationId> = Ep<K>['responses'];
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202 | 204 | 302>;
type SuccessSpec<K extends OperationId> = Responses<K>[SuccessStatus<K>];

/** What a successful call answers with. */
export type ResponseOf<K extends OperationId> = [SuccessSpec<K>] extends [z.ZodType]
  ? z.output<SuccessSpec<K>>
  : [SuccessSpec<K>] extends [BinaryResponse]
    ? Blob
    : [SuccessSpec<K>] extends [EventStreamResponse | RedirectResponse]
      ? Response
      : never;

/** The request body an endpoint takes (zod input: defaults may be left out). */
export type BodyOf<K extends OperationId> =
  Ep<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** The path parameters of an endpoint. */
export type ParamsOf<K extends OperationId> =
  Ep<K> extends { params: infer P extends z.ZodType } ? z.input<P> : never;
export type QueryValue = string | number | boolean | undefined | null;
/** The query an endpoint understands (values as text, numbers or booleans: they travel in the URL). */
export type QueryOf<K extends OperationId> =
  Ep<K> extends { query: infer Q extends z.ZodType }
    ? { [N in Extract<keyof z.input<Q>, string>]?: QueryValue }
    : never;

interface CommonArgs {
  signal?: AbortSignal;
  /** Extra headers (an Idempotency-Key, or an Authorization that overrides the stored token). */
  headers?: Record<string, string>;
  /** Basic client credential instead of the bearer token (sign-up). */
  basic?: string;
}

/** The arguments of one call: `params`/`body` required exactly when the endpoint has them. */
export type CallArgs<K extends OperationId> = CommonArgs &
  (Ep<K> extends { params: z.ZodType } ? { params: ParamsOf<K> } : { params?: undefined }) &
  (Ep<K> extends { body: z.ZodType } ? { body: BodyOf<K> } : { body?: undefined }) &
  (Ep<K> extends { query: z.ZodType } ? { query?: QueryOf<K> } : { query?: undefined });

type NeedsArgs<K extends OperationId> =
  Ep<K> extends { params: z.ZodType } | { body: z.ZodType } ? true : false;
/** `[args]` when the call has required arguments, `[args?]` otherwise. */
export type CallArgsTuple<K extends OperationId> =
  NeedsArgs<K> extends true ? [args: CallArgs<K>] : [args?: CallArgs<K>];

export type ApiMethods = { [K in OperationId]: (...args: CallArgsTuple<K>) => Promise<ResponseOf<K>> };

export interface ApiClient extends ApiMethods {
  /** Calls an endpoint of the table by its operationId. */
  call<K extends OperationId>(id: K, ...args: CallArgsTuple<K>): Promise<ResponseOf<K>>;
  /** The raw `Response` of a call (after the transport's error handling), for headers or streaming. */
  raw<K extends OperationId>(id: K, ...args: CallArgsTuple<K>): Promise<Response>;
  /** The path (and query string) of a call, e.g. for an EventSource or a link. */
  url<K extends OperationId>(
    id: K,
    args?: { params?: Record<string, string | number>; query?: Query },
  ): string;
}

export function createApiClient(http: Http): ApiClient {
  function request(
    id: OperationId,
    args: CommonArgs & { params?: unknown; body?: unknown; query?: unknown },
  ) {
    const path = pathOf(id, args.params as never);
    return http.raw(ROUTES[id].method, path, {
      query: args.query as Query | undefined,
      body: args.body,
      headers: args.headers,
      signal: args.signal,
      basic: args.basic,
    });
  }

  async function call(id: OperationId, args: CallArgs<OperationId> = {} as CallArgs<OperationId>) {
    const res = await request(id, args as never);
    const kind: string = ROUTES[id].kind;
    if (kind === 'binary') return res.blob();
    if (kind === 'event-stream' || kind === 'redirect') return res;
    if (res.status === 204) return undefined;
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  }

  const methods = Object.fromEntries(
    (Object.keys(ROUTES) as OperationId[]).map((id) => [
      id,
      (args?: CallArgs<OperationId>) => call(id, args),
    ]),
  ) as unknown as ApiMethods;

  return {
    ...methods,
    call: call as ApiClient['call'],
    raw: ((id: OperationId, args: CallArgs<OperationId> = {} as CallArgs<OperationId>) =>
      request(id, args as never)) as ApiClient['raw'],
    url: (id, args) => `${pathOf(id, args?.params as never)}${toQueryString(args?.query)}`,
  };
}
