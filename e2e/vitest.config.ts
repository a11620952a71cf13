import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * End-to-end suite: a real server process per file and Debian's Chromium. Each file has its own server
 * (its own port and data directory) and its own browser, so files run two at a time (E2E_WORKERS to
 * change); the global setup migrates the embedded database once for every server to copy.
 */
const workers = Number.parseInt(process.env.E2E_WORKERS ?? '2', 10) || 2;
/** A file's server start (fixtures.ts, E2E_SERVER_START_MS) runs in its beforeAll: the hook outlasts it. */
const serverStartMs = Number(process.env.E2E_SERVER_START_MS) || 150_000;

export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 90_000,
    // expect.poll's own default (1 s) is shorter than one read of a page that is still rendering after a
    // reload on a loaded machine: poll as long as a locator waits (fixtures.ts, setDefaultTimeout).
    expect: { poll: { timeout: 15_000, interval: 100 } },
    hookTimeout: Math.max(180_000, serverStartMs + 30_000),
    fileParallelism: workers > 1,
    maxWorkers: workers,
    pool: 'forks',
    retry: 0,
  },
});
