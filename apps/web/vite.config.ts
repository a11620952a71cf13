import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** `npm run dev`'s API (README, Settings: development only; documented by scripts/settings-docs.ts). */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';
/** Paths the server answers; everything else is the console (SPA fallback). */
const PROXIED = ['/a', '/c', '/m', '/v1', '/dev', '/openapi.json', '/api-docs', '/healthz'];

/** Modules of the shared `core` chunk (see `codeSplitting` below). */
const CORE_CHUNK = new RegExp(
  [
    String.raw`/src/lib/(?:session|lazy-named|error-reporting|navigation|query-keys)\.ts$`,
    'vite/preload-helper',
    String.raw`/node_modules/react/(?:index|jsx-runtime)\.js$`,
    String.raw`/node_modules/react/cjs/react(?:-jsx-runtime)?\.production\.js$`,
  ].join('|'),
);

/**
 * Modules of the `popover` chunk: floating-ui and Mantine's floating layer on top of it (Popover, Menu,
 * Tooltip, Portal, the shared Floating helpers), with the small Mantine helpers that only they and the
 * logged-in pages use (focus trap, overlay, transitions' props, z-index and ref helpers, check icons).
 * The filters, row actions, settings menu and tooltips of the orders page need all of it at once; left
 * to the bundler under Mantine 9 it was spread over a dozen small chunks, fetched one by one and each
 * with its own import glue. The sign-in page uses none of these modules (docs/decisions/0130).
 */
const POPOVER_CHUNK = new RegExp(
  [
    '/node_modules/@floating-ui/',
    // Whole folders of @mantine/core's esm build.
    `/@mantine/core/esm/(?:${[
      'components/(?:Popover|Portal|Menu|Tooltip|FocusTrap|Overlay|VisuallyHidden)',
      'utils/Floating',
      'core/DirectionProvider',
      'core/Box/get-style-object',
      `core/utils/(?:${[
        'get-default-z-index',
        'get-ref-prop',
        'get-single-element-child',
        'is-element',
        'noop',
        'close-on-escape',
        'create-event-handler',
        'find-element-ancestor',
        'create-scoped-keydown-handler',
        'get-context-item-index',
        'create-safe-context',
      ].join('|')})`,
    ].join('|')})/`,
    // Single files of folders whose other modules the sign-in page uses.
    String.raw`/@mantine/core/esm/components/(?:${[
      'Transition/get-transition-props/get-transition-props',
      'Accordion/AccordionChevron',
      'Checkbox/CheckIcon',
      'Radio/RadioIcon',
    ].join('|')})\.mjs$`,
    '/@mantine/hooks/esm/use-(?:long-press|click-outside|merged-ref|focus-return|focus-trap)/',
  ].join('|'),
);

/** Text files the server sends: each gets a .br (quality 11) and a .gz (level 9) beside it. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Precompresses the build once, so the server (@fastify/static `preCompressed`) sends brotli or gzip by
 * the browser's Accept-Encoding without compressing per request (docs/decisions/0107).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(PROXIED.map((p) => [p, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The small modules that the entry and nearly every page share (the session, React's JSX
          // runtime, Vite's preload helper, lazy pages, error reporting) in one chunk: left to the
          // bundler, each became a chunk of its own, and the sign-in page paid ~1 KB gzip for the extra
          // files' imports (docs/decisions/0109).
          groups: [
            { name: 'core', test: CORE_CHUNK },
            // Only the matched modules: with their dependencies (Rolldown's default) the group took
            // React DOM and Mantine's provider along, and the sign-in page had to load all of it. The
            // bundle-budget e2e test checks that the chunks still import each other without a cycle.
            { name: 'popover', test: POPOVER_CHUNK, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
