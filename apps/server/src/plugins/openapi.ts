/**
 * `/openapi.json`: the API's description, generated from the endpoint table (packages/api) on the first
 * request and kept. A Fastify plugin registered by app.ts (docs/decisions/0123); fastify-plugin skips
 * encapsulation, so the route is the app's own like every other.
 */
import { buildOpenApiDocument } from '@mc/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The API's description in /openapi.json (the endpoints come from the table in packages/api). */
export const OPENAPI_INFO = {
  title: 'Merchant API',
  version: '2.0.0',
  description:
    'The merchant fulfilment API behind the console: accounts (/a/v2), merchant data (/c/v2) and orders (/m/v2). ' +
    'Authenticate with `POST /a/v2/login` and send the token as `Authorization: Bearer <token>`. ' +
    'Errors are `{message, errors?}` with 400, 401, 403, 404, 409 or 429.',
};

async function openApiDocument(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  let openapi: Record<string, unknown> | undefined;
  // The console and the API share one origin (PUBLIC_URL), which is where a generated client sends its calls.
  const info = { ...OPENAPI_INFO, contact: { name: 'API reference', url: `${opts.publicUrl}/api-docs` } };
  const servers = [{ url: opts.publicUrl, description: 'Where the console and the API answer (PUBLIC_URL)' }];
  app.get('/openapi.json', { logLevel: 'warn' }, async () => {
    openapi ??= buildOpenApiDocument(info, { servers });
    return openapi;
  });
}

export const openApiPlugin = fp(openApiDocument, { name: 'openapi', fastify: '5.x' });
