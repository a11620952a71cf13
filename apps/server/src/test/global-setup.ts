/**
 * Once per vitest run (globalSetup of the server-pglite and server-pg projects): migrate one database and
 * hand it to every test file to clone, instead of every file migrating its own from nothing.
 * - PGlite: a migrated data directory, dumped as a tar file; createTestDatabase loads it (loadDataDir).
 * - PostgreSQL: a migrated database on TEST_DATABASE_URL; createTestDatabase copies it with
 *   CREATE DATABASE … TEMPLATE, and the teardown drops it.
 * The migrations still run from an empty database once per run (here), with the same code the server runs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data directory (server-pglite). */
    pgliteSnapshot: string;
    /** The name of a migrated template database on TEST_DATABASE_URL (server-pg). */
    pgTemplate: string;
  }
}

async function pgliteSnapshot(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mc-test-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openPglite(null);
  try {
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => rm(dir, { recursive: true, force: true });
}

async function pgTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const name = `mc_test_tpl_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = openPostgres(u.toString(), 2);
  try {
    await database.migrate();
  } finally {
    await database.close(); // a template must have no connections while it is copied
  }
  project.provide('pgTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return project.config.env.TEST_DB === 'pg' ? pgTemplate(project) : pgliteSnapshot(project);
}
