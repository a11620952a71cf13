/**
 * Projects the endpoint table onto what a caller needs to reach an endpoint: method, path and the kind of
 * its success answer. `routes.ts` is this projection written out (no zod, so the console's client does not
 * carry every schema); `routes.test.ts` fails when the two differ, and `npm run api:routes` rewrites it.
 */
import type { Endpoint } from './endpoint-types.ts';
import { endpoints } from './endpoints.ts';
import type { ResponseKind, RouteInfo } from './routes.ts';

function successKind(endpoint: Endpoint): ResponseKind {
  const status = Object.keys(endpoint.responses)
    .map(Number)
    .find((s) => s >= 200 && s < 400);
  if (status === 204) return 'empty';
  const spec = (endpoint.responses as Record<number, unknown>)[status ?? 200] as
    | { kind?: string }
    | undefined;
  const kind = spec && !('_zod' in spec) ? spec.kind : undefined;
  if (kind === 'binary' || kind === 'event-stream' || kind === 'redirect') return kind;
  return 'json';
}

export function routesFromEndpoints(): Record<string, RouteInfo> {
  return Object.fromEntries(
    Object.entries(endpoints as Record<string, Endpoint>).map(([id, e]) => [
      id,
      { method: e.method, path: e.path, kind: successKind(e) },
    ]),
  );
}
