/**
 * Response serialisation without zod at run time (docs/decisions/0106): each JSON
 * response schema of the endpoint table is converted once, at start, to JSON Schema (zod 4's
 * `z.toJSONSchema`, output side), which Fastify compiles with fast-json-stringify. A schema that does not
 * convert cleanly (a transform, a date, a custom check: anything zod calls unrepresentable) returns null
 * and its route keeps zod's serializer (register-endpoints.ts).
 *
 * What changes against zod at run time: nothing for a body that matches its schema (the same keys, in
 * schema order, unknown keys dropped as zod's strip did); a body that does NOT match is no longer
 * refused with a 500 but written as the schema says (fast-json-stringify coerces a number into a
 * declared string, truncates a declared integer). The API tests check every response body against the
 * zod schema (test/response-contract.ts), which is where a handler returning the wrong shape is caught.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { z } from 'zod';

type Json = Record<string, unknown>;

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable) → X with `type: [X.type, 'null']`, when X has one plain
 * type: fast-json-stringify then checks `=== null` instead of running a validator on every value to
 * choose the branch.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) out[k] = simplify(v);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIdx = anyOf.findIndex(
      (b) => (b as Json).type === 'null' && Object.keys(b as Json).length === 1,
    );
    const other = anyOf[1 - nullIdx] as Json | undefined;
    if (nullIdx >= 0 && other && typeof other.type === 'string' && !('$ref' in other)) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

const converted = new WeakMap<z.ZodType, Json | null>();

/** The JSON Schema fast-json-stringify serialises `schema` with, or null when it does not convert cleanly. */
export function responseJsonSchema(schema: z.ZodType): Json | null {
  const known = converted.get(schema);
  if (known !== undefined) return known;
  let out: Json | null;
  try {
    const json = z.toJSONSchema(schema, {
      target: 'draft-07',
      io: 'output',
      unrepresentable: 'throw',
    }) as Json;
    delete json.$schema;
    out = simplify(json) as Json;
  } catch {
    out = null;
  }
  converted.set(schema, out);
  return out;
}

type BuildSerializer = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own serializer factory (fast-json-stringify, the same options), compiling each route's
 * serializer on its first response instead of at start-up: compiling all of the table's response schemas
 * cost ~0.4 s of CPU before `/healthz` could answer (docs/operations.md, "Measured"). The output is the
 * same; `response-schemas.test.ts` compiles every one of them, so a schema that fast-json-stringify
 * refuses still fails a test rather than a first request.
 */
export const lazySerializerFactory: BuildSerializer = (externalSchemas, serializerOpts) => {
  const build = SerializerSelector()(externalSchemas, serializerOpts);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= build(route);
      return serialize(data);
    };
  };
};
