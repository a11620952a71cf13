/**
 * The end-to-end `test`: vitest's test.extend with the fixtures every file used to set up by hand.
 *
 * - `serverEnv` (file): settings over the server's defaults; a file sets its own with
 *   `test.override('serverEnv', { scope: 'file' }, …)`.
 * - `server` (file): one real server process on a fresh data directory (startServer), stopped after the file.
 * - `browser` (file): Debian's Chromium, closed after the file.
 * - `open` (test): opens a page on the server (or on `baseUrl`) at a viewport; every page it opened is
 *   closed after the test.
 * - `session` (test): one page at the default viewport, opened through `open`.
 *
 * The server and the browser start in a beforeAll of each file (this module is loaded afresh for every
 * file), so their start is bounded by hookTimeout (e2e/vitest.config.ts) rather than the first test's
 * timeout.
 */
import type { Browser } from 'playwright-core';
import { test as base } from 'vitest';
import { launchBrowser, openPage, type PageSession, startServer, type TestServer } from './fixtures.ts';

export { beforeAll, describe, expect } from 'vitest';

export type Viewport = { width: number; height: number };
/** Opens a page (default 1440×900, on the file's server); it is closed after the test. */
export type OpenPage = (viewport?: Viewport, baseUrl?: string) => Promise<PageSession>;

export const test = base
  .extend('serverEnv', { scope: 'file' }, {} as Record<string, string>)
  .extend('server', { scope: 'file' }, async ({ serverEnv }, { onCleanup }): Promise<TestServer> => {
    const server = await startServer(serverEnv);
    // The data directory is removed while PGlite may still flush it; cleanup errors are not test results.
    onCleanup(() => server.stop().catch(() => undefined));
    return server;
  })
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('open', async ({ browser, server }, { onCleanup }): Promise<OpenPage> => {
    const opened: PageSession[] = [];
    onCleanup(async () => {
      for (const s of opened.splice(0)) await s.context.close();
    });
    return async (viewport, baseUrl = server.baseUrl) => {
      const s = await openPage(browser, baseUrl, viewport);
      opened.push(s);
      return s;
    };
  })
  .extend('session', async ({ open }): Promise<PageSession> => open());

export const it = test;

test.beforeAll(async ({ server, browser }) => {
  // Only to start them here: see the module's comment.
  void server;
  void browser;
});
