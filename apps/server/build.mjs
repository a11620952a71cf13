#!/usr/bin/env node
/**
 * Compiles the server for production: `node apps/server/dist/main.js` needs no tsx, npm or compiler.
 *
 * - One ESM bundle per entry point (esbuild). The workspace packages (@mc/domain, @mc/api) are bundled
 *   in, and so are a few plain-JavaScript ESM packages made of hundreds of small files (BUNDLED below):
 *   Node resolves every file of an ESM package through the package's package.json, and date-fns' and
 *   drizzle-orm's are 180–200 KB each, read again for each of their files — about 0.9 s of CPU at every
 *   start (docs/decisions/0151). Every other npm package stays external, so PGlite's wasm/data files,
 *   pdfkit's fonts, pg-boss and the native argon2 binding load from node_modules as they do in development.
 * - Entry points: main.js (the server), render-worker.js (the bulk PDF worker thread, started by
 *   render-pool.ts beside the bundle), migrate.js and seed.js (the db:migrate / seed CLIs, for
 *   deploy steps without dev tools).
 * - The bundle sits in apps/server/dist, one level under apps/server like src/ (paths.ts relies on
 *   that), so the migrations (apps/server/drizzle) and the repository root resolve the same way.
 * - Fails when the bundle imports an npm package that is not a production dependency of the server
 *   or of a workspace package it bundles: `npm ci --omit=dev` would not install it.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(serverDir, '../..');
const outdir = path.join(serverDir, 'dist');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const manifests = [
  path.join(serverDir, 'package.json'),
  path.join(root, 'packages/domain/package.json'),
  path.join(root, 'packages/api/package.json'),
].map(readJson);
const WORKSPACE = new Set(manifests.map((m) => m.name));
const PROD_DEPS = new Set(manifests.flatMap((m) => Object.keys(m.dependencies ?? {})));

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * npm packages compiled into the bundle: pure JavaScript, no files read beside their code, and every
 * package that imports them bundled too (zod with the contract and fastify-type-provider-zod, so the
 * schemas and the provider share one zod).
 */
const BUNDLED = new Set([
  'date-fns',
  '@date-fns/tz',
  'drizzle-orm',
  'zod',
  'fastify-type-provider-zod',
  'libphonenumber-js',
]);

const externals = new Map();
/**
 * Bare imports: workspace packages and BUNDLED are compiled in, every other package is left to
 * node_modules. Both must be production dependencies (`externals` records them for that check).
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (WORKSPACE.has(name)) return undefined;
      // A bundled package's own imports are its dependencies, installed with it.
      const ours = !args.importer.includes(`${path.sep}node_modules${path.sep}`);
      if (ours && !externals.has(name)) externals.set(name, args.importer);
      if (BUNDLED.has(name)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'apps/server/src/main.ts',
    'render-worker': 'apps/server/src/modules/orders/bulk/render-worker.ts',
    migrate: 'apps/server/src/db/migrate-cli.ts',
    seed: 'apps/server/src/seed/seed-cli.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  // Stack traces name the TypeScript sources (node --enable-source-maps).
  sourcesContent: false,
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});

const missing = [...externals].filter(([name]) => !PROD_DEPS.has(name));
if (missing.length > 0) {
  for (const [name, importer] of missing)
    console.error(`build: ${name} (imported by ${importer}) is not a production dependency`);
  console.error('Add it to "dependencies" of apps/server (or of the workspace package that imports it).');
  process.exit(1);
}
if (result.errors.length > 0) process.exit(1);

const outputs = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, o]) => `${path.relative(root, path.join(root, file))} ${(o.bytes / 1024).toFixed(0)} kB`);
console.log(`built the server in ${Date.now() - started} ms:\n  ${outputs.join('\n  ')}`);
