/**
 * Once per e2e run: one migrated embedded database (the PGlite data directory a server creates on its
 * first start), which startServer copies into each server's fresh DATA_DIR. Every file's server then
 * skips creating and migrating its database from nothing; the demo seed still runs at each start, so the
 * demo orders' ages are as fresh as before. The migrations themselves run here once, with the server's
 * own code, and again from nothing in the API suite.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../apps/server/src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory to copy (startServer in fixtures.ts). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'mc-e2e-template-'));
  const dir = join(root, 'pglite');
  const database = await openPglite(dir);
  try {
    await database.migrate();
  } finally {
    await database.close(); // a clean shutdown: the files are complete and consistent to copy
  }
  project.provide('pgliteTemplate', dir);
  return () => rm(root, { recursive: true, force: true });
}
