import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_EXAMPLES } from './endpoint-examples.ts';
import { endpoints, OPERATION_IDS } from './endpoints.ts';

const src = new URL('./', import.meta.url);
const resources = readdirSync(src, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The objects a resource folder's `<file>.ts` exports, by export name (none when it has no such file). */
async function exportsOf(resource: string, file: string): Promise<Record<string, Record<string, unknown>>> {
  if (!readdirSync(new URL(resource, src)).includes(`${file}.ts`)) return {};
  return import(`./${resource}/${file}.ts`);
}

describe('the endpoint table, joined from the resources', () => {
  it('holds every entry of every <resource>/endpoints.ts, each operationId in one resource only', async () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const resource of resources) {
      for (const part of Object.values(await exportsOf(resource, 'endpoints'))) {
        for (const [id, entry] of Object.entries(part)) {
          if (owner.has(id)) twice.push(`${id}: ${owner.get(id)} and ${resource}`);
          owner.set(id, resource);
          expect(endpoints[id as keyof typeof endpoints], id).toBe(entry);
        }
      }
    }
    expect(twice).toEqual([]);
    expect([...owner.keys()].sort()).toEqual([...OPERATION_IDS].sort());
  });

  it('holds every example of every <resource>/examples.ts', async () => {
    for (const resource of resources) {
      for (const part of Object.values(await exportsOf(resource, 'examples'))) {
        for (const [id, example] of Object.entries(part))
          expect(ENDPOINT_EXAMPLES[id as keyof typeof ENDPOINT_EXAMPLES], `${resource}: ${id}`).toBe(example);
      }
    }
  });
});

describe('the contract stays readable', () => {
  it('has no source file over 300 lines (a resource that grows gets another file in its folder)', () => {
    const long: string[] = [];
    for (const entry of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue;
      const lines = readFileSync(new URL(entry, src), 'utf8').split('\n').length;
      if (lines > 300) long.push(`${entry}: ${lines} lines`);
    }
    expect(long).toEqual([]);
  });
});
