/**
 * `npm run openapi:check` (CI, .ci/run): builds the app on an in-memory PGlite database, reads
 * GET /openapi.json as a client would, validates it against the OpenAPI 3.1 schema with
 * @seriousme/openapi-schema-validator, and checks what the schema cannot: unique operationIds, tags on
 * every operation, an example for every JSON request body and every JSON success response, and no
 * parameter whose schema is an object (bracket keys such as `filter[id]` are parameters of their own).
 * `--out <file>` also writes the document. Exit code 1 on any finding.
 */
import { writeFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export function contractFindings(doc: Json): string[] {
  const findings: string[] = [];
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
  if (out > 0 && process.argv[out + 1])
    writeFileSync(process.argv[out + 1] as string, JSON.stringify(doc, null, 2));

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
