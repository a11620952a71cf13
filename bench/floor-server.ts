/**
 * The benchmark floor: the identical SQL of the orders routes, run through the raw driver behind a bare
 * node:http route — no auth, no validation, no mapping; rows go out as JSON.
 * With FLOOR_FASTIFY=1, the same behind a bare Fastify route (no logger, no schema, no hooks): the
 * framework's own floor, which the app is compared with too (docs/decisions/0106).
 * Env: FLOOR_PORT, and DATABASE_URL (pool of 20 like the app) or PGLITE_DIR.
 */
import http from 'node:http';
import Fastify from 'fastify';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { floorAnswer } from './floor-answer.ts';

const db: Database = process.env.DATABASE_URL
  ? openPostgres(process.env.DATABASE_URL, 20)
  : await openPglite(process.env.PGLITE_DIR ?? null);
/** The body of a floor answer, or null for an unknown path. */
const answer = floorAnswer(db);

const port = Number(process.env.FLOOR_PORT ?? 3901);
let close: () => Promise<void>;
if (process.env.FLOOR_FASTIFY === '1') {
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 200 } });
  app.get('/m/v2/merchant/:tmk/orders/:kind', async (req, reply) => {
    const body = await answer(req.url);
    if (body === null) return reply.status(404).send();
    return body;
  });
  await app.listen({ port, host: '127.0.0.1' });
  app.server.keepAliveTimeout = 60_000;
  console.log('floor ready');
  close = () => app.close();
} else {
  const server = http.createServer(async (req, res) => {
    try {
      const body = await answer(req.url ?? '/');
      if (body === null) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, '127.0.0.1', () => console.log('floor ready'));
  close = async () => {
    server.close();
  };
}
const stop = async () => {
  await close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
