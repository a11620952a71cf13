import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server's files are, the same from the TypeScript sources (this file is
 * apps/server/src/paths.ts) and from the compiled bundle (apps/server/dist/main.js, where this module
 * is inlined): both sit one level under apps/server. Keep it so when moving either (build.mjs).
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository (or image) root: relative DATA_DIR and WEB_DIST resolve from here. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
/** The drizzle migrations, shipped as SQL files beside the sources (not bundled). */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
