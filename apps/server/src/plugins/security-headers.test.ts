/**
 * The precomputed security headers (decision 0111) are exactly what @fastify/helmet wrote per request:
 * same names, values and order, on routes, on 404s and on errors; the app's own responses carry them.
 */
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { CSP_DIRECTIVES } from './csp.ts';
import { registerSecurityHeaders, securityHeaders } from './security-headers.ts';

/** The app's options in development and in production (HSTS on). */
const OPTIONS: Record<string, HelmetOptions> = {
  development: {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  },
  production: {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  },
  defaults: {},
};

async function server(kind: 'fastify-helmet' | 'precomputed', options: HelmetOptions) {
  const app = Fastify({ logger: false });
  if (kind === 'fastify-helmet') await app.register(fastifyHelmet, options as never);
  else registerSecurityHeaders(app, options);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fail', async () => {
    throw new Error('boom');
  });
  app.get('/own', async (_req, reply) => reply.header('x-frame-options', 'DENY').send('x'));
  await app.ready();
  return app;
}

const SECURITY =
  /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|strict-transport-security|x-)/;

async function headersOf(app: FastifyInstance, url: string) {
  const res = await app.inject({ url });
  // Object.entries keeps the order the headers were written in.
  return { status: res.statusCode, headers: Object.entries(res.headers).filter(([k]) => SECURITY.test(k)) };
}

describe('precomputed security headers', () => {
  for (const [name, options] of Object.entries(OPTIONS)) {
    it(`match @fastify/helmet's, in order (${name} options)`, async () => {
      const [theirs, ours] = await Promise.all([
        server('fastify-helmet', options),
        server('precomputed', options),
      ]);
      try {
        for (const url of ['/ok', '/fail', '/missing', '/own']) {
          const expected = await headersOf(theirs, url);
          expect(expected.headers.length).toBeGreaterThan(5);
          expect(await headersOf(ours, url)).toEqual(expected);
        }
      } finally {
        await Promise.all([theirs.close(), ours.close()]);
      }
    });
  }

  it('HSTS only with the production options', () => {
    const names = (o: HelmetOptions) => securityHeaders(o).set.map(([n]) => n.toLowerCase());
    expect(names(OPTIONS.production!)).toContain('strict-transport-security');
    expect(names(OPTIONS.development!)).not.toContain('strict-transport-security');
  });

  it('refuses a directive helmet would compute per request (a nonce)', () => {
    expect(() =>
      securityHeaders({
        contentSecurityPolicy: {
          directives: { ...CSP_DIRECTIVES, scriptSrc: ["'self'", () => "'nonce-x'"] },
        },
      }),
    ).toThrow(/computed per request/);
  });

  it('refuses options helmet itself refuses', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'", 'bad value;'] } } }),
    ).toThrow();
  });
});

describe('the app', () => {
  const t = useTestApp();

  it('sends the headers on API answers, 401s and 404s', async () => {
    const expected = securityHeaders(OPTIONS.development!).set.map(([n, v]) => [n.toLowerCase(), v]);
    for (const url of ['/healthz', '/m/v2/merchant/x/orders/optimized', '/a/v2/nothing-here']) {
      const res = await t.app.inject({ url });
      expect(Object.entries(res.headers).filter(([k]) => SECURITY.test(k) && k !== 'x-request-id')).toEqual(
        expected,
      );
    }
  });
});
