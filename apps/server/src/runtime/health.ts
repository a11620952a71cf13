/**
 * Liveness and readiness, kept apart (docs/operations.md):
 * - GET /healthz — the process is up and its event loop turns. No database query: an orchestrator that
 *   restarts on a failed liveness probe must not restart every process when the database is down.
 * - GET /readyz — this process can serve: migrations done, not shutting down, and the database answers
 *   `select 1` within 2 s. 503 otherwise, so a load balancer sends requests elsewhere.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

export interface Readiness {
  /** Migrations (and the demo seed) are done. */
  migrated: boolean;
  /** SIGTERM received: finishing in-flight work, taking no new. */
  draining: boolean;
}

export const READY_CHECK_TIMEOUT_MS = 2000;

async function databaseAnswers(database: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      database.query('select 1').then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance, database: Database, readiness: Readiness): void {
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) => {
    if (readiness.draining) return reply.status(503).send({ ready: false, reason: 'shutting down' });
    if (!readiness.migrated) return reply.status(503).send({ ready: false, reason: 'starting' });
    if (!(await databaseAnswers(database, READY_CHECK_TIMEOUT_MS)))
      return reply.status(503).send({ ready: false, reason: 'database unavailable' });
    return { ready: true };
  });
}
