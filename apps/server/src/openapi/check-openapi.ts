/**
 * `npm run openapi:check` (CI, .ci/run): builds the app on an in-memory PGlite database, reads
 * GET /openapi.json as a client would, validates it against the OpenAPI 3.1 schema with
 * @seriousme/openapi-schema-validator, and checks what the schema cannot: unique operationIds, tags on
 * every operation, an example for every JSON request body and every JSON success response, and no
 * parameter whose schema is an object (bracket keys such as `filter[id]` are parameters of their own),
 * no component schema that nothing uses, and no two paths of one method that the same URL could match.
 * `--out <file>` also writes the document, which `npm run openapi:check` then hands to Redocly's and
 * Spectral's linters (`npm run openapi:lint`: redocly.yaml, .spectral.yaml; any warning fails). Exit
 * code 1 on any finding.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { schemasReachedFrom } from '@mc/api';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Component schemas that no path reaches, directly or through another schema. */
function unusedComponents(doc: Json): string[] {
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, unknown>;
  const used = schemasReachedFrom(doc.paths, schemas);
  return Object.keys(schemas).filter((id) => !used.has(id));
}

/** Pairs of paths with a method in common that one URL matches both of (`/a/{x}/map`, `/a/batch/{y}`). */
function ambiguousPaths(doc: Json): string[] {
  const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);
  const entries = Object.entries(doc.paths as Record<string, Json>);
  const out: string[] = [];
  for (const [i, [a, itemA]] of entries.entries()) {
    for (const [b, itemB] of entries.slice(i + 1)) {
      const sa = a.split('/');
      const sb = b.split('/');
      if (sa.length !== sb.length) continue;
      if (!Object.keys(itemA).some((m) => METHODS.includes(m) && m in itemB)) continue;
      const overlap = sa.every((x, k) => x === sb[k] || isParam(x) || isParam(sb[k] as string));
      const sameShape = sa.every((x, k) => x === sb[k] || (isParam(x) && isParam(sb[k] as string)));
      if (overlap && !sameShape) out.push(`${a} and ${b}`);
    }
  }
  return out;
}

export function contractFindings(doc: Json): string[] {
  const findings: string[] = [];
  for (const id of unusedComponents(doc)) findings.push(`component schema ${id} is not used by any path`);
  for (const pair of ambiguousPaths(doc)) findings.push(`ambiguous paths: ${pair}`);
  const ids = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const op = raw as Json;
      const where = `${method.toUpperCase()} ${path}`;
      const id = op.operationId as string | undefined;
      if (!id) findings.push(`${where}: no operationId`);
      else if (ids.has(id)) findings.push(`${where}: operationId ${id} also used by ${ids.get(id)}`);
      else ids.set(id, where);
      if (!Array.isArray(op.tags) || op.tags.length === 0) findings.push(`${where}: no tags`);
      for (const p of (op.parameters as Json[] | undefined) ?? []) {
        const schema = p.schema as Json | undefined;
        if (schema?.type === 'object' || schema?.additionalProperties !== undefined || schema?.propertyNames)
          findings.push(`${where}: parameter ${String(p.name)} has an object schema`);
      }
      const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      const json = body?.['application/json'];
      if (json && json.example === undefined && json.examples === undefined)
        findings.push(`${where}: request body without an example`);
      for (const [status, r] of Object.entries((op.responses as Record<string, Json>) ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        const media = (r.content as Record<string, Json> | undefined)?.['application/json'];
        if (media && media.example === undefined && media.examples === undefined)
          findings.push(`${where}: ${status} response without an example`);
      }
    }
  }
  return findings;
}

async function main(): Promise<void> {
  const out = process.argv.indexOf('--out');
  const database = await openPglite(null);
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'openapi-check-secret-openapi-check-secret',
    DATA_DIR: '/tmp/mc-openapi-check-unused',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // Linted as a deployment would serve it (a local address in `servers` is a finding of its own).
    PUBLIC_URL: 'https://merchants.console.test',
  });
  const { app } = await buildApp({ config, database });
  let doc: Json;
  try {
    const res = await app.inject({ url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}`);
    doc = res.json() as Json;
  } finally {
    await app.close();
    await database.close();
  }
  const outFile = out > 0 ? process.argv[out + 1] : undefined;
  if (outFile) {
    mkdirSync(dirname(outFile), { recursive: true });
    writeFileSync(outFile, JSON.stringify(doc, null, 2));
  }

  const validator = new Validator();
  const result = await validator.validate(doc);
  const findings = contractFindings(doc);
  const operations = Object.values(doc.paths as Record<string, Json>).reduce(
    (n, item) => n + Object.keys(item).filter((m) => METHODS.includes(m)).length,
    0,
  );
  if (!result.valid) {
    console.error(`openapi: not valid OpenAPI ${validator.version}:`);
    console.error(JSON.stringify(result.errors, null, 2));
  }
  for (const f of findings) console.error(`openapi: ${f}`);
  if (!result.valid || findings.length) process.exit(1);
  console.log(
    `openapi: /openapi.json is valid OpenAPI ${validator.version}; ${operations} operations, unique operationIds, tags and examples present`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
