/**
 * The built console (apps/web's dist) and the app's not-found answer, as a Fastify plugin registered last by
 * app.ts (docs/decisions/0123). fastify-plugin skips encapsulation: the static files and the not-found
 * handler are the app's own, as they were when app.ts set them itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addSources } from './csp.ts';

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

/** What the server tells the console about itself, written into the HTML it sends (docs/decisions/0132). */
export interface ConsoleSiteSettings {
  /** SITE_NAME: the document title and the `site-name` meta the header and footer read. */
  siteName: string;
  /** LEGACY_BANK_FORM: the `legacy-bank-form` meta, 'on' or 'off'. */
  legacyBankForm: boolean;
  /** SENTRY_BROWSER_DSN: the `sentry-dsn` meta the console's error reporting reads (over the build's). */
  sentryBrowserDsn?: string | undefined;
}

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SENTRY_META = /(<meta name="sentry-dsn" content=")([^"]*)(")/;

/**
 * index.html with this server's site settings: the `<title>` and the `site-name`, `legacy-bank-form` and
 * (when set) `sentry-dsn` metas are replaced where the build has them; a page without them is sent as it is.
 */
export function withSiteSettings(html: string, site: ConsoleSiteSettings): string {
  const name = escapeAttribute(site.siteName);
  const dsn = site.sentryBrowserDsn;
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(/(<meta name="site-name" content=")[^"]*(")/, `$1${name}$2`)
    .replace(/(<meta name="legacy-bank-form" content=")[^"]*(")/, `$1${site.legacyBankForm ? 'on' : 'off'}$2`)
    .replace(SENTRY_META, (whole, open: string, _old: string, close: string) =>
      dsn ? `${open}${escapeAttribute(dsn)}${close}` : whole,
    );
}

/**
 * The origin the page's error reports go to: the `sentry-dsn` meta's, when it holds an http(s) URL (the
 * build leaves `%VITE_SENTRY_DSN%` there when no DSN was given). The page's CSP lets the console connect
 * there, and nowhere else beyond this origin.
 */
export function errorReportOrigin(html: string): string | null {
  const content = SENTRY_META.exec(html)?.[2]?.replaceAll('&amp;', '&') ?? '';
  if (!/^https?:\/\//i.test(content)) return null;
  try {
    return new URL(content).origin;
  } catch {
    return null;
  }
}

/** `Cache-Control` of a file of the built console: hashed assets are immutable, the rest revalidates. */
export function staticCacheControl(filePath: string): string {
  return /[/\\]assets[/\\]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

async function consoleFallback(
  app: FastifyInstance,
  opts: { webDist: string; site: ConsoleSiteSettings },
): Promise<void> {
  const index = path.join(opts.webDist, 'index.html');
  const hasWeb = existsSync(index);
  // The page is rewritten once at start with this server's settings, and compressed once, the way the
  // build precompresses every other file.
  const html = hasWeb ? withSiteSettings(readFileSync(index, 'utf8'), opts.site) : '';
  const encoded = { br: brotliCompressSync(html), gzip: gzipSync(html) };
  const reportOrigin = errorReportOrigin(html);
  if (hasWeb) {
    // Hashed assets never change under their name: cached for a year. Anything else (the favicon) is
    // revalidated on every load so a deploy is seen at once. Brotli or gzip from the build's precompressed
    // siblings (apps/web/vite.config.ts), by Accept-Encoding. index.html is never sent from the disk: the
    // fallback below sends the rewritten one.
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathName) => !/(^|\/)index\.html$/.test(pathName),
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', staticCacheControl(filePath));
      },
    });
  }
  // The SPA fallback for the console's client-side routes (and /index.html); any other miss is a JSON 404.
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    const isPage = !path.extname(url) || url === '/index.html';
    if (req.method === 'GET' && !isApi && hasWeb && isPage) {
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      const policy = reply.getHeader('content-security-policy');
      if (reportOrigin && typeof policy === 'string')
        reply.header('content-security-policy', addSources(policy, 'connect-src', [reportOrigin]));
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(encoded[encoding]);
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}

/** The built console with its SPA fallback, when `webDist` holds one; JSON 404s otherwise. */
export const consolePlugin = fp(consoleFallback, { name: 'console', fastify: '5.x' });
