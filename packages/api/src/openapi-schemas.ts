/**
 * The contract's zod schemas as JSON Schema 2020-12 for /openapi.json: one schema inline or as a `$ref`,
 * every schema with an id as a component (its request form as `<id>Input`), and the pruning that keeps only
 * the components the paths reach, each under one name.
 */
import { z } from 'zod';

export type Json = Record<string, unknown>;
export type Io = 'input' | 'output';

const componentId = (id: string, io: Io) => (io === 'input' ? `${id}Input` : id);
export const refTo = (id: string, io: Io) => `#/components/schemas/${componentId(id, io)}`;

function override(ctx: { zodSchema: unknown; jsonSchema: Json }, io: Io): void {
  const def = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def;
  if (def?.type === 'union' && Array.isArray(ctx.jsonSchema.anyOf))
    ctx.jsonSchema.anyOf = (ctx.jsonSchema.anyOf as Json[]).filter((s) => Object.keys(s).length > 0);
  if (def?.type === 'tuple') tupleItems(ctx.jsonSchema);
  if (def?.type === 'date' && io === 'output') {
    ctx.jsonSchema.type = 'string';
    ctx.jsonSchema.format = 'date-time';
  }
}

/**
 * A fixed-length tuple is `prefixItems` with `items: false` in JSON Schema 2020-12, which validating
 * proxies (Prism) and linters (Spectral's array-items) refuse. `items` becomes the schema any element
 * meets; `prefixItems` and `maxItems` keep the exact shape for tools that read them.
 */
function tupleItems(json: Json): void {
  const prefix = json.prefixItems as Json[] | undefined;
  if (!prefix?.length || json.items !== false) return;
  const distinct = [...new Map(prefix.map((p) => [JSON.stringify(p), p])).values()];
  json.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
  json.minItems ??= prefix.length;
  json.maxItems ??= prefix.length;
}

const PLACEHOLDER = '__OPENAPI_REF__';

/** One schema as JSON Schema; schemas with an id are `$ref`s to components. */
export function toJsonSchema(schema: z.ZodType, io: Io): Json {
  const entry = z.globalRegistry.get(schema) as { id?: string } | undefined;
  if (entry?.id) return { $ref: refTo(entry.id, io) };
  const temp = z.registry<{ id: string }>();
  temp.add(schema, { id: 'GEN' });
  const { schemas } = z.toJSONSchema(temp, {
    target: 'draft-2020-12',
    metadata: z.globalRegistry,
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    uri: () => PLACEHOLDER,
    override: (ctx) => override(ctx as never, io),
  });
  const json = { ...(schemas.GEN as Json) };
  delete json.id;
  delete json.$id;
  delete json.$schema;
  const text = JSON.stringify(json).replace(
    new RegExp(`"${PLACEHOLDER}(?:#/(?:\\$defs|definitions|components/schemas)/)?([^"]+)"`, 'g'),
    (_, raw: string) => `"${refTo(raw.replace(/^#\/(?:\$defs|definitions|components\/schemas)\//, ''), io)}"`,
  );
  return JSON.parse(text) as Json;
}

/** Every schema with an id, in both forms (request: `<id>Input`, response: `<id>`); tidyComponents prunes. */
export function components(): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const io of ['input', 'output'] as const) {
    const { schemas } = z.toJSONSchema(z.globalRegistry as never, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
      uri: (id: string) => refTo(id, io),
      override: (ctx) => override(ctx as never, io),
    });
    for (const [id, schema] of Object.entries(schemas)) {
      const json = { ...(schema as Json) };
      delete json.id;
      delete json.$id;
      delete json.$schema;
      out[componentId(id, io)] = json;
    }
  }
  return out;
}

const REF_PREFIX = '#/components/schemas/';

/** The component schemas `paths` reach, directly or through other schemas (`#/components/schemas/<id>`). */
export function schemasReachedFrom(paths: unknown, schemas: Record<string, unknown>): Set<string> {
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1] as string,
    );
  const used = new Set<string>();
  const queue = refsIn(paths);
  while (queue.length) {
    const id = queue.pop() as string;
    if (used.has(id)) continue;
    used.add(id);
    queue.push(...refsIn(schemas[id]));
  }
  return used;
}

/**
 * Keeps only the component schemas that the paths reach, and names each by its plain id where one form
 * is enough: a schema used only in requests drops its `Input` suffix, and a request form equal to the
 * response form merges into it. Generated clients then get one type per schema and no unused ones.
 */
export function tidyComponents(
  paths: Json,
  schemas: Record<string, Json>,
): { paths: Json; schemas: Record<string, Json> } {
  let doc = { paths, schemas };
  for (;;) {
    const used = schemasReachedFrom(doc.paths, doc.schemas);
    const kept = Object.fromEntries(Object.entries(doc.schemas).filter(([id]) => used.has(id)));
    const renames = Object.keys(kept).filter((id) => {
      if (!id.endsWith('Input')) return false;
      const plain = id.slice(0, -'Input'.length);
      if (!(plain in doc.schemas)) return false;
      return !used.has(plain) || JSON.stringify(kept[plain]) === JSON.stringify(kept[id]);
    });
    if (renames.length === 0) return { paths: doc.paths, schemas: kept };
    let text = JSON.stringify({ paths: doc.paths, schemas: kept });
    for (const id of renames) {
      const plain = id.slice(0, -'Input'.length);
      text = text.replaceAll(`"${REF_PREFIX}${id}"`, `"${REF_PREFIX}${plain}"`);
    }
    const next = JSON.parse(text) as { paths: Json; schemas: Record<string, Json> };
    for (const id of renames) {
      const plain = id.slice(0, -'Input'.length);
      next.schemas[plain] = next.schemas[id] as Json;
      delete next.schemas[id];
    }
    doc = next;
  }
}
