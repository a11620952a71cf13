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
          groups: [{ name: 'core', test: CORE_CHUNK }],
        },
      },
    },
  },
});
