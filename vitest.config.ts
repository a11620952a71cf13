import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
const withPg = Boolean(process.env.TEST_DATABASE_URL);
// Migrates one database per run for the server files to copy (PGlite data-dir tar, PostgreSQL template).
const globalSetup = ['apps/server/src/test/global-setup.ts'];
// The server files share one module graph per worker instead of loading fastify, drizzle, zod and the
// contract again for each file (most of a run's time went to that); per-file hooks live in the setup file.
// Why and what a test may not do because of it: docs/decisions/0129-server-tests-share-their-modules.md
const serverShared = { isolate: false, setupFiles: ['apps/server/src/test/setup.ts'] };

export default defineConfig({
  test: {
    // Vitest's default is one worker per CPU less one: a single worker on CI's 2 vCPUs, idle while a file
    // waits on PostgreSQL, a spawned server or a stand-in. Two at least (docs/operations.md, decision 0112).
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    projects: [
      // Property tests run thousands of cases: vitest's 5 s default is too tight on a loaded 2-core machine.
      {
        test: {
          name: 'domain',
          include: ['packages/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      // Build, start and deploy scripts (scripts/start.mjs, scripts/check-deploy.mjs).
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup,
          ...serverShared,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPg
        ? [
            {
              test: {
                name: 'server-pg',
                include: serverTests,
                // The PDF renderers (pdf/) do not touch the database, and the read-replica suite starts
                // PostgreSQL servers of its own: run them once.
                exclude: ['apps/server/src/pdf/**', 'apps/server/src/runtime/read-replica.test.ts'],
                environment: 'node' as const,
                env: { TEST_DB: 'pg' },
                globalSetup,
                ...serverShared,
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
