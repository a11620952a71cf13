import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** End-to-end suite: a real server process per file and Debian's Chromium, one file at a time. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
    retry: 0,
  },
});
