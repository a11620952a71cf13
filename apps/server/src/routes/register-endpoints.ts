/**
 * Registers the server's routes from the endpoint table (packages/api endpoints.ts): for every entry, the
 * route with the entry's method, path and zod schemas (request validation; responses through
 * precompiled JSON Schema serialisers, see responseSerialization), the
 * access check the entry names (the capability from the domain's permission table), and the module's
 * handler for that operationId. A table entry without a handler, or a handler without an entry, stops the
 * start with an error naming them.
 */
import {
  type Endpoint,
  type Endpoints,
  endpoints,
  isNonJsonResponse,
  type OperationId,
  successStatus,
} from '@mc/api';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
} from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { EndpointHandlers, Handler, HandlerInput, HandlerSpec } from '../lib/endpoint-handlers.ts';
import type { Caller, Principal } from '../lib/principal.ts';
import { cachingValidatorCompiler } from '../lib/request-validation.ts';
import { responseJsonSchema } from '../lib/response-schemas.ts';
import { requireMerchant, requireOwnMerchant, requireUser } from '../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operationId of a route registered from the endpoint table. */
    operationId?: OperationId;
  }
}

/** `/m/v2/orders/{id}` → `/m/v2/orders/:id` */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The handlers must match the table exactly: none missing, none extra. */
export function checkHandlers(table: Record<string, Endpoint>, handlers: Record<string, unknown>): void {
  const missing = Object.keys(table).filter((id) => !Object.hasOwn(handlers, id));
  const extra = Object.keys(handlers).filter((id) => !Object.hasOwn(table, id));
  if (missing.length || extra.length) {
    const parts = [
      missing.length ? `missing handlers for ${missing.join(', ')}` : '',
      extra.length ? `handlers without an endpoint in the table: ${extra.join(', ')}` : '',
    ].filter(Boolean);
    throw new Error(`The server's handlers do not match the endpoint table: ${parts.join('; ')}`);
  }
}

function jsonResponses(endpoint: Endpoint): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  for (const [status, spec] of Object.entries(endpoint.responses))
    if (!isNonJsonResponse(spec)) out[Number(status)] = spec;
  return out;
}

/**
 * Zod's serialiser for the routes whose response schemas do not convert to JSON Schema: the body is
 * parsed (validated, unknown keys dropped, transforms applied) and the result written as JSON. The
 * table's response schemas describe what the handler returns (input) and what goes on the wire
 * (output), so this parses; fastify-type-provider-zod 7's own `serializerCompiler` encodes instead, which
 * throws on a one-way `.transform()` (decision 0119). A body that does not match fails the same way as
 * with that compiler, as a `ResponseSerializationError` (plugins/errors.ts answers 500).
 */
const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };

/**
 * The route's response schemas and serialiser: every JSON response as JSON Schema, compiled by
 * fast-json-stringify (Fastify's default serialiser, lib/response-schemas.ts); if any of them does not
 * convert cleanly, the route keeps its zod schemas and zod's serialiser (which validates at run time).
 */
export function responseSerialization(endpoint: Endpoint): {
  response: Record<number, unknown>;
  serializerCompiler?: FastifySerializerCompiler<unknown>;
} {
  const zod = jsonResponses(endpoint);
  const json: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(zod)) {
    const converted = responseJsonSchema(schema);
    if (!converted)
      return {
        response: zod,
        serializerCompiler: zodSerializerCompiler as unknown as FastifySerializerCompiler<unknown>,
      };
    json[Number(status)] = converted;
  }
  return { response: json };
}

/** The table's access check for one request. */
function authorizer(ctx: AppContext, endpoint: Endpoint) {
  const access = endpoint.access;
  const hasTmk = endpoint.path.includes('{tmk}');
  // Account routes (/a/v2) are a person's, whatever capability they check: an API key never reaches one
  // (docs/decisions/0140).
  const personOnly = endpoint.path.startsWith('/a/');
  return async (req: FastifyRequest): Promise<{ caller?: Caller; principal?: Principal }> => {
    if (access === 'self') return { principal: await requireUser(ctx, req) };
    if (typeof access === 'object') {
      if (personOnly) await requireUser(ctx, req);
      const caller = hasTmk
        ? await requireMerchant(ctx, req, (req.params as { tmk: string }).tmk, access.capability)
        : await requireOwnMerchant(ctx, req, access.capability);
      return { caller, principal: caller.principal };
    }
    return {};
  };
}

export function registerEndpoints(
  root: FastifyInstance,
  ctx: AppContext,
  handlers: EndpointHandlers<OperationId>,
  table: Endpoints = endpoints,
): void {
  checkHandlers(table, handlers);
  for (const id of Object.keys(table) as OperationId[]) {
    const endpoint: Endpoint = table[id];
    const given = handlers[id] as Handler<OperationId> | HandlerSpec<OperationId>;
    const spec: HandlerSpec<OperationId> = typeof given === 'function' ? { handle: given } : given;
    const authorize = authorizer(ctx, endpoint);
    const okStatus = successStatus(endpoint);
    const authorizeFirst = spec.authorize !== 'handler';
    const serialization = responseSerialization(endpoint);
    // Validation memoised only where the table asks for it (lib/request-validation.ts); Fastify calls a
    // route's compiler once per request part, with that part's schema.
    const validatorCompiler = endpoint.validation?.cache.length
      ? (cachingValidatorCompiler(endpoint.validation.cache) as FastifySchemaCompiler<unknown>)
      : undefined;

    root.route({
      method: endpoint.method,
      url: toFastifyPath(endpoint.path),
      schema: {
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.headers ? { headers: endpoint.headers } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: serialization.response,
      },
      ...(serialization.serializerCompiler ? { serializerCompiler: serialization.serializerCompiler } : {}),
      ...(validatorCompiler ? { validatorCompiler } : {}),
      config: { operationId: id, ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}) },
      ...(spec.onRequest ? { onRequest: spec.onRequest } : {}),
      ...(spec.preValidation ? { preValidation: spec.preValidation } : {}),
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const who = authorizeFirst ? await authorize(req) : {};
        const input: HandlerInput<OperationId> = {
          req,
          reply,
          params: req.params as never,
          query: req.query as never,
          body: req.body as never,
          headers: req.headers as never,
          get caller(): Caller {
            if (!who.caller)
              throw new Error(`${id}: no merchant caller (access ${JSON.stringify(endpoint.access)})`);
            return who.caller;
          },
          get principal(): Principal {
            const principal = who.principal ?? req.principal;
            if (!principal) throw new Error(`${id}: no signed-in caller`);
            return principal;
          },
          authorize: async () => {
            const result = await authorize(req);
            if (!result.caller) throw new Error(`${id}: authorize() is for merchant endpoints`);
            Object.assign(who, result);
            return result.caller;
          },
        };
        const result = await spec.handle(input);
        if ((result as unknown) === reply) return reply;
        if (okStatus !== 200 && reply.statusCode === 200) reply.status(okStatus);
        return result;
      },
    });
  }
}
