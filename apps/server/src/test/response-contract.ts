/**
 * Every answer an API test provokes is checked against the endpoint table (packages/api endpoints.ts): the
 * status must be one the endpoint documents (a 5xx may be undocumented, but must still be `{message}`), a
 * JSON body must match that status's zod schema, and a file, stream or redirect must carry a documented
 * content type. A mismatch fails the test that caused it (harness.ts checks after each test).
 */
import { type Endpoint, ErrorBodySchema, endpoints, isNonJsonResponse, type OperationId } from '@mc/api';
import type { FastifyInstance } from 'fastify';

export const responseContract = {
  checked: 0,
  byOperation: new Map<string, number>(),
  mismatches: [] as string[],
};

function check(
  id: OperationId,
  method: string,
  url: string,
  status: number,
  type: string,
  payload: unknown,
): void {
  const endpoint: Endpoint = endpoints[id];
  const where = `${id} (${method} ${url.split('?')[0]}) answered ${status}`;
  responseContract.checked++;
  responseContract.byOperation.set(id, (responseContract.byOperation.get(id) ?? 0) + 1);
  const spec = endpoint.responses[status] ?? (status >= 500 ? ErrorBodySchema : undefined);
  if (!spec) {
    responseContract.mismatches.push(`${where}: a status the endpoint table does not document`);
    return;
  }
  if (isNonJsonResponse(spec)) {
    const ok =
      spec.kind === 'redirect'
        ? status >= 300 && status < 400
        : spec.kind === 'event-stream'
          ? type.startsWith('text/event-stream')
          : spec.contentTypes.some((ct) => type.startsWith(ct));
    if (!ok)
      responseContract.mismatches.push(`${where} with content type ${type || '(none)'}: not documented`);
    return;
  }
  if (typeof payload !== 'string' || !type.includes('json')) {
    responseContract.mismatches.push(
      `${where} with content type ${type || '(none)'}, not the documented JSON`,
    );
    return;
  }
  let body: unknown;
  try {
    body = payload === '' ? undefined : JSON.parse(payload);
  } catch {
    responseContract.mismatches.push(`${where}: a body that is not JSON`);
    return;
  }
  const parsed = spec.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    responseContract.mismatches.push(`${where}: the body does not match its schema: ${issues}`);
  }
}

/** Checks every answer of a route registered from the endpoint table. */
export function checkResponsesAgainstContract(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const id = req.routeOptions.config?.operationId;
    if (id) {
      const type = String(reply.getHeader('content-type') ?? '');
      check(id, req.method, req.url, reply.statusCode, type, payload);
    }
    return payload;
  });
}

/** Throws (failing the current test) when an answer since the last call did not match the contract. */
export function assertResponsesMatchContract(): void {
  const found = responseContract.mismatches.splice(0);
  if (found.length)
    throw new Error(
      `Responses that do not match the endpoint table:\n${[...new Set(found)].slice(0, 20).join('\n')}`,
    );
}
