/**
 * The floor of the embedded start (bench/embedded.mjs): a bare node:http process that opens PGlite on the
 * data directory, runs one query and answers /healthz — no Fastify, no app, no job queue.
 * EMBEDDED_FLOOR=defaults opens it with PGlite's defaults; =app with the server's settings (the start
 * parameters and V8 flags of apps/server/src/db/client.ts, docs/decisions/0151).
 * Env: PORT, DATA_DIR (the server's: the database is DATA_DIR/pglite).
 */
import http from 'node:http';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const app = process.env.EMBEDDED_FLOOR === 'app';
if (app) {
  setFlagsFromString('--no-wasm-tier-up');
  setFlagsFromString('--no-wasm-dynamic-tiering');
}
const db = await PGlite.create({
  dataDir: path.join(process.env.DATA_DIR, 'pglite'),
  extensions: { pg_trgm, btree_gin },
  ...(app ? { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] } : {}),
});
await db.query('SELECT count(*) FROM orders');
const server = http.createServer((_req, res) => res.end('{"status":"ok"}'));
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => db.close().then(() => process.exit(0))));
