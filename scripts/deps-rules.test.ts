/**
 * The import rules (.dependency-cruiser.cjs) bite: a small tree with one breach of each rule, next to the
 * imports the rules allow, cruised with the project's own configuration.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dir = '';

/** file → the files it imports (relative specifiers are written for you). */
const tree: Record<string, string[]> = {
  // allowed
  'packages/domain/src/index.ts': [],
  'packages/api/src/index.ts': ['packages/domain/src/index.ts'],
  'apps/web/src/features/orders/index.ts': ['apps/web/src/features/orders/orders-page.tsx'],
  'apps/web/src/features/orders/orders-page.tsx': [
    'apps/web/src/features/bulk/index.ts',
    'apps/web/src/lib/api.ts',
  ],
  'apps/web/src/features/bulk/index.ts': ['apps/web/src/features/bulk/toolbar.tsx'],
  'apps/web/src/features/bulk/toolbar.tsx': ['packages/api/src/index.ts'],
  'apps/web/src/lib/api.ts': ['packages/api/src/index.ts'],
  'apps/web/src/app/routes.tsx': ['apps/web/src/features/orders/index.ts'],
  'apps/server/src/lib/shared.ts': [],
  'apps/server/src/plugins/auth.ts': ['apps/server/src/lib/shared.ts'],
  'apps/server/src/modules/auth/index.ts': ['apps/server/src/modules/auth/sessions.ts'],
  'apps/server/src/modules/auth/sessions.ts': ['apps/server/src/lib/shared.ts'],
  'apps/server/src/modules/team/index.ts': ['apps/server/src/modules/auth/index.ts'],
  'apps/server/src/app.ts': ['apps/server/src/modules/team/index.ts', 'apps/server/src/plugins/auth.ts'],
  'apps/server/src/modules/team/team.test.ts': ['apps/server/src/modules/auth/sessions.ts'],
  'apps/server/src/paths.ts': [],
  'apps/server/src/pdf/receipt.ts': ['apps/server/src/lib/shared.ts', 'apps/server/src/paths.ts'],
  'apps/server/src/modules/team/print.ts': ['apps/server/src/pdf/receipt.ts'],
  // breaches
  'packages/domain/src/bad.ts': ['packages/api/src/index.ts'],
  'packages/api/src/bad.ts': ['apps/server/src/lib/shared.ts'],
  'apps/web/src/bad-server.ts': ['apps/server/src/lib/shared.ts'],
  'apps/server/src/bad-web.ts': ['apps/web/src/lib/api.ts'],
  'apps/web/src/app/bad-inner.tsx': ['apps/web/src/features/orders/orders-page.tsx'],
  'apps/web/src/features/orders/bad-inner.tsx': ['apps/web/src/features/bulk/toolbar.tsx'],
  'apps/web/src/components/bad.tsx': ['apps/web/src/features/bulk/index.ts'],
  'apps/server/src/plugins/bad.ts': ['apps/server/src/modules/auth/index.ts'],
  'apps/server/src/pdf/bad.ts': ['apps/server/src/modules/auth/index.ts'],
  'apps/server/src/jobs/bad.ts': ['apps/server/src/modules/auth/sessions.ts'],
  'apps/server/src/modules/team/bad.ts': ['apps/server/src/modules/auth/sessions.ts'],
  'apps/server/src/lib/circle-a.ts': ['apps/server/src/lib/circle-b.ts'],
  'apps/server/src/lib/circle-b.ts': ['apps/server/src/lib/circle-a.ts'],
};

function specifier(from: string, to: string): string {
  const rel = path.relative(path.dirname(from), to);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mc-deps-'));
  copyFileSync(path.join(root, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  for (const [file, imports] of Object.entries(tree)) {
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    const body = imports.map((to, i) => `import * as m${i} from '${specifier(file, to)}';\nvoid m${i};`);
    writeFileSync(path.join(dir, file), `${body.join('\n')}\nexport const x = 1;\n`);
  }
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

describe('import rules', () => {
  it('report each breach under its rule and nothing that is allowed', async () => {
    const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
    const result = await run(
      process.execPath,
      [
        cli,
        'packages',
        'apps',
        '--config',
        path.join(root, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
      ],
      { cwd: dir, maxBuffer: 20 * 1024 * 1024 },
    ).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
    const violations: Violation[] = JSON.parse(result.stdout).summary.violations;
    const found = violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(found).toEqual(
      [
        'api-only-domain: packages/api/src/bad.ts → apps/server/src/lib/shared.ts',
        'domain-is-pure: packages/domain/src/bad.ts → packages/api/src/index.ts',
        'feature-through-its-index: apps/web/src/app/bad-inner.tsx → apps/web/src/features/orders/orders-page.tsx',
        'feature-to-feature-through-index: apps/web/src/features/orders/bad-inner.tsx → apps/web/src/features/bulk/toolbar.tsx',
        'module-through-its-index: apps/server/src/jobs/bad.ts → apps/server/src/modules/auth/sessions.ts',
        'module-to-module-through-index: apps/server/src/modules/team/bad.ts → apps/server/src/modules/auth/sessions.ts',
        'no-circular: apps/server/src/lib/circle-a.ts → apps/server/src/lib/circle-b.ts',
        'pdf-draws-only: apps/server/src/pdf/bad.ts → apps/server/src/modules/auth/index.ts',
        'plugins-not-modules: apps/server/src/plugins/bad.ts → apps/server/src/modules/auth/index.ts',
        'server-not-web: apps/server/src/bad-web.ts → apps/web/src/lib/api.ts',
        'shared-web-never-imports-features: apps/web/src/components/bad.tsx → apps/web/src/features/bulk/index.ts',
        'web-not-server: apps/web/src/bad-server.ts → apps/server/src/lib/shared.ts',
      ].sort(),
    );
  });
});
