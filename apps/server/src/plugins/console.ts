/**
 * The built console (apps/web's dist) and the app's not-found answer, as a Fastify plugin registered last by
 * app.ts (docs/decisions/0123). fastify-plugin skips encapsulation: the static files and the not-found
 * handler are the app's own, as they were when app.ts set them itself.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Paths the console never owns: a miss there is the API's JSON 404, never the SPA's index.html. */
const API_PREFIXES = [
  '/a/',
  '/c/',
  '/m/',
  '/v1/',
  '/dev/',
  '/api-docs',
  '/openapi.json',
  '/healthz',
  '/readyz',
  '/metrics',
];

/** `Cache-Control` of a file of the built console: hashed assets are immutable, the rest revalidates. */
export function staticCacheControl(filePath: string): string {
  return /[/\\]assets[/\\]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

async function consoleFallback(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  const index = path.join(opts.webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    // Hashed assets never change under their name: cached for a year. Anything else (index.html, the
    // favicon) is revalidated on every load so a deploy is seen at once. Brotli or gzip from the build's
    // precompressed siblings (apps/web/vite.config.ts), by Accept-Encoding.
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', staticCacheControl(filePath));
      },
    });
  }
  // The SPA fallback for the console's client-side routes; any other miss is a JSON 404.
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    if (req.method === 'GET' && !isApi && hasWeb && !path.extname(url)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}

/** The built console with its SPA fallback, when `webDist` holds one; JSON 404s otherwise. */
export const consolePlugin = fp(consoleFallback, { name: 'console', fastify: '5.x' });
