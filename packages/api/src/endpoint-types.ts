/**
 * The shape of one entry of the endpoint table (endpoints.ts): what the server registers, what the
 * client calls and what /openapi.json documents. Pure data plus zod schemas; no I/O.
 */
import type { Capability } from '@mc/domain';
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint:
 * - `{capability}`: a merchant endpoint; the caller's role must have the capability (packages/domain
 *   PERMISSIONS). With `{tmk}` in the path the merchant is that one (another merchant's key is 404),
 *   otherwise the caller's own. `denied` is the status a role without the capability gets (default 403).
 * - `self`: any signed-in caller, about their own account (401 without a token).
 * - `public`: no session (sign-in, sign-up, password reset, OpenID Connect).
 * - `marketplace`: the marketplace's server-to-server credential only.
 * - `signed`: a signed link or a provider's shared secret, not a session.
 */
export type Access =
  | { readonly capability: Capability; readonly denied?: 403 | 404 }
  | 'self'
  | 'public'
  | 'marketplace'
  | 'signed';

/** A response that is not JSON: a file (PDF, PNG, CSV, zip), documented by its content types. */
export interface BinaryResponse {
  readonly kind: 'binary';
  readonly contentTypes: readonly string[];
  readonly description: string;
}

/** A server-sent events stream; `event` is the JSON of each `data:` line. */
export interface EventStreamResponse {
  readonly kind: 'event-stream';
  readonly description: string;
  readonly event: z.ZodType;
}

/** A redirect (302) for a browser to follow; no body. */
export interface RedirectResponse {
  readonly kind: 'redirect';
  readonly description: string;
}

/** The request parts whose validation an endpoint may memoise (flat strings in, flat values out). */
export type ValidationCachePart = 'params' | 'query';

export type NonJsonResponse = BinaryResponse | EventStreamResponse | RedirectResponse;
export type ResponseSpec = z.ZodType | NonJsonResponse;

export interface Endpoint {
  readonly method: HttpMethod;
  /** OpenAPI style: `/m/v2/merchant/{tmk}/orders/count`. */
  readonly path: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly headers?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * Opt-in request validation work done once: `cache` names the request parts whose validated value the
   * server keeps (a bounded memo) and hands out again, as a copy, for the same input. Declare a part only
   * when its schema parses purely (same input, same output: no clock, no I/O) and the endpoint is hot
   * enough to measure the difference (docs/decisions/0111, 0123).
   */
  readonly validation?: { readonly cache: readonly ValidationCachePart[] };
  /** Every status the endpoint answers with, and its body. */
  readonly responses: { readonly [status: number]: ResponseSpec };
  /** Examples for the document: a request body, and bodies by status. */
  readonly examples?: {
    readonly body?: unknown;
    readonly responses?: { readonly [status: number]: unknown };
  };
}

export const binary = (contentTypes: readonly string[], description: string): BinaryResponse => ({
  kind: 'binary',
  contentTypes,
  description,
});

export const eventStream = (event: z.ZodType, description: string): EventStreamResponse => ({
  kind: 'event-stream',
  event,
  description,
});

export const redirect = (description: string): RedirectResponse => ({ kind: 'redirect', description });

export function isNonJsonResponse(spec: ResponseSpec | undefined): spec is NonJsonResponse {
  return (
    typeof spec === 'object' &&
    spec !== null &&
    'kind' in spec &&
    typeof (spec as { kind?: unknown }).kind === 'string' &&
    !('_zod' in spec)
  );
}

/** The first 2xx status an endpoint declares (what a successful call answers with). */
export function successStatus(endpoint: Endpoint): number {
  const ok = Object.keys(endpoint.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 400)
    .sort((a, b) => a - b);
  return ok[0] ?? 200;
}
