/**
 * The console's first pages (sign-in, the orders list) load no zod (docs/decisions/0109): the domain's rule
 * modules define no schemas and import nothing that does. Schemas live in the modules listed here (the
 * `-schemas.ts` files, and the form modules whose rules are their schemas). A rule module that starts
 * importing zod, or one of these, at run time fails this test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const WITH_ZOD = new Set([
  'age-check.ts',
  'dialogs.ts',
  'index.ts',
  'limits-schemas.ts',
  'order-status-schemas.ts',
  'order-updates.ts',
  'phone.ts',
  'settings.ts',
  'validation-schemas.ts',
]);

const dir = new URL('./', import.meta.url);
const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Specifiers a module imports or re-exports at run time (`import type` and `export type` are erased). */
function runtimeImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)';/gms)) {
    const [, , typeOnly, clause = '', spec = ''] = m;
    if (typeOnly) continue;
    // `import { type A, type B } from …` is erased as well.
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    if (names?.split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    out.push(spec);
  }
  for (const m of source.matchAll(/^import\s+'([^']+)';/gm)) out.push(m[1] ?? '');
  return out;
}

describe('rule modules load no zod', () => {
  it('the list of schema modules names existing files', () => {
    for (const f of WITH_ZOD) expect(modules).toContain(f);
  });

  it.each(modules.filter((f) => !WITH_ZOD.has(f)))('%s imports neither zod nor a schema module', (file) => {
    const imports = runtimeImports(readFileSync(new URL(file, dir), 'utf8'));
    expect(imports.filter((s) => s === 'zod' || s.startsWith('zod/'))).toEqual([]);
    expect(imports.filter((s) => WITH_ZOD.has(s.replace(/^\.\//, '')))).toEqual([]);
  });

  it('notices a value import of zod (the check itself can fail)', () => {
    expect(runtimeImports("import { z } from 'zod';\nimport type { y } from 'x';")).toEqual(['zod']);
    expect(runtimeImports("import { type z } from 'zod';\nimport { a,\n  type b } from './c.ts';")).toEqual([
      './c.ts',
    ]);
  });
});
