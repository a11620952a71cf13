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
    String.raw`/src/lib/(?:session|lazy-named|error-reporting|navigation|query-keys|cache-clear|start-up)\.ts$`,
    String.raw`/src/features/(?:orders|auth)/index\.ts$`,
    'vite/preload-helper',
    String.raw`/node_modules/react/(?:index|jsx-runtime)\.js$`,
    String.raw`/node_modules/react/cjs/react(?:-jsx-runtime)?\.production\.js$`,
  ].join('|'),
);

/**
 * Modules of the `floating` chunk: floating-ui (with tabbable), under Mantine's Popover, Menu, Tooltip and
 * ScrollArea. No first page loads it: lib/floating.ts does on the first hover, focus or click of a menu,
 * popover or tooltip target (docs/decisions/0150), and the dialogs' and other pages' chunks import it. Left
 * to the bundler, it went into the chunk of the first Mantine module that uses it, with small helpers the
 * orders page needs at once.
 */
const FLOATING_CHUNK = /\/node_modules\/(?:@floating-ui|tabbable)\//;

/**
 * Modules of the `first` chunk: what both first pages (sign-in and the orders list) use, in one file: the
 * Mantine style system and the components both show, the API client and the messages, the error screen.
 * Left to the bundler after the sign-in page became a chunk of its own beside the full console's
 * (docs/decisions/0150), they were spread over ~30 files of a few hundred bytes, each with its import glue.
 */
const FIRST_CHUNK = new RegExp(
  [
    '/@mantine/core/esm/core/',
    `/@mantine/core/esm/components/(?:${[
      'Anchor',
      'ActionIcon',
      'Box',
      'Button',
      'Center',
      'CloseButton',
      'Group',
      'Input',
      'InputBase',
      'Loader',
      'Paper',
      'Stack',
      'Text',
      'TextInput',
      'ThemeIcon',
      'Title',
      'UnstyledButton',
    ].join('|')})/`,
    '/@mantine/hooks/esm/(?:utils|use-(?:uncontrolled|id|did-update|isomorphic-effect|media-query|reduced-motion))/',
    '/@mantine/store/',
    '/@mantine/notifications/esm/notifications\\.store',
    '/node_modules/clsx/',
    '/@tabler/icons-react/dist/esm/(?:createReactComponent|defaultAttributes)',
    '/packages/domain/src/(?:messages|label-errors|money|validation|limits)\\.ts$',
    '/packages/api/src/(?:client|routes|api-client|paths)\\.ts$',
    String.raw`/src/lib/(?:brand|notify|api|analytics)\.ts$`,
    String.raw`/src/features/shell/(?:app-error-boundary\.tsx|error-page\.tsx|index\.ts|route-handle\.ts)$`,
    String.raw`/src/components/brand-logo\.tsx$`,
    String.raw`/src/features/orders/orders-filters\.ts$`,
  ].join('|'),
);

/**
 * Modules of the `console` chunk: what the signed-in console loads under its pages, never the sign-in
 * page (docs/decisions/0150): the router (wouter, docs/decisions/0155), TanStack Query and the query cache,
 * the route table and guards, the orders filters' context, the domain rules and the API wrappers the
 * orders list uses (the date texts, the method names, the On Track look; not the rules that compute
 * dates; the table, its skeleton, the switches and the checkboxes are plain elements, not Mantine's:
 * docs/decisions/0158) and the deferred dialog and floating helpers.
 * Left to the bundler, the orders page fetched ~46 files beyond the sign-in page's, many of a few hundred
 * bytes, each with its import glue. Only these modules, not their dependencies (those may be the `first`
 * chunk's); the bundle-budget e2e test checks that no two chunks import each other.
 */
const CONSOLE_CHUNK = new RegExp(
  [
    '/node_modules/(?:wouter|regexparam)/',
    // TanStack Query but its mutations' observer and hook: the pages that change something load them.
    '/node_modules/@tanstack/(?:query-core|react-query)/(?!build/modern/(?:mutationObserver|useMutation)\\.js$)',
    // The offsets the date texts use; TZDate and date-fns's arithmetic load with the pages that compute.
    '/node_modules/@date-fns/tz/tzOffset/',
    '/@mantine/hooks/esm/use-(?:merged-ref|window-event)/',
    // The icons the orders page shows at first paint: each was a file of ~0.2 KB of its own (other pages use
    // them too), most of it the import and export glue.
    '/@tabler/icons-react/dist/esm/icons/Icon(?:ChevronDown|X|Check|Printer|AlertTriangle)\\.mjs$',
    '/packages/domain/src/(?:sla-badge|delivery-methods|order-list|bulk-texts|transitions|roles|dates)\\.ts$',
    String.raw`/src/lib/(?:query-client|review-link|keyboard-shortcuts|orders-list-cache|list-filters|merchant-api|user-api|floating)\.ts$`,
    String.raw`/src/components/deferred-(?:dialog|floating)\.tsx$`,
    String.raw`/src/app/(?:app|routes|guards)\.tsx$`,
    '/src/features/orders/(?:api|hooks)/',
    String.raw`/src/features/orders/orders\.module\.css`,
  ].join('|'),
);

/**
 * Small Mantine helpers that pages and the floating layer share
 * (a context helper, the direction provider, a callback ref): in a chunk of their own, or the bundler
 * puts them in ScrollArea's, which imports floating-ui, and the page would load both with them.
 */
const MANTINE_SHARED_CHUNK = new RegExp(
  [
    '/@mantine/core/esm/core/(?:utils/create-safe-context|DirectionProvider)/',
    '/@mantine/hooks/esm/utils/use-callback-ref/',
  ].join('|'),
);

/**
 * Mantine's ScrollArea merges its viewport refs with floating-ui's `useMergeRefs`, and so made every page
 * with a scroll area (the orders table's, until it became a plain table: docs/decisions/0158; the
 * developers page's tables still) load floating-ui (~15 KB gzip) with it. The build gives it Mantine's own
 * `useMergedRef` instead (same behaviour: one callback ref setting each ref); floating-ui then loads with
 * the first menu, popover or tooltip (docs/decisions/0150). Fails the build if the import it replaces is
 * gone (a Mantine upgrade: check whether it is still needed).
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const FILE = '/@mantine/core/esm/components/ScrollArea/ScrollArea.mjs';
  const IMPORT = 'import { useMergeRefs } from "@floating-ui/react";';
  return {
    name: 'mc-scroll-area-merged-ref',
    transform(code, id) {
      if (!id.endsWith(FILE)) return null;
      if (!code.includes(IMPORT)) throw new Error(`${FILE} no longer imports useMergeRefs from floating-ui`);
      return code.replace(
        IMPORT,
        'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);',
      );
    },
  };
}

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
  plugins: [react(), scrollAreaWithoutFloatingUi(), precompress()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: resolve(import.meta.dirname, 'src/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
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
            { name: 'first', test: FIRST_CHUNK },
            { name: 'console', test: CONSOLE_CHUNK },
            { name: 'floating', test: FLOATING_CHUNK, includeDependenciesRecursively: false },
            { name: 'mantine-shared', test: MANTINE_SHARED_CHUNK, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
