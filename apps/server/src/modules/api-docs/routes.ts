import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { allowInlineScriptsByHash } from '../../plugins/csp.ts';

const PREFIX = '/api-docs';
const JITLESS_PATH = `${PREFIX}/zod-jitless.js`;

/**
 * The reference bundles zod, which probes `new Function('')` for its fast path; without 'unsafe-eval' the CSP
 * refuses and reports that probe. This script, loaded before the bundle, tells zod not to try (zod reads its
 * settings from `globalThis.__zod_globalConfig`).
 */
const JITLESS_SCRIPT =
  'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });\n';

async function loadJitlessFirst(
  _req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.startsWith('text/html') || typeof payload !== 'string') return payload;
  return payload.replace(
    /<script\b[^>]*\bsrc=/i,
    (tag) => `<script src="${JITLESS_PATH}"></script>\n    ${tag}`,
  );
}

/**
 * The OpenAPI reference at /api-docs (embedded full-screen by the console's /developers page). Its page starts
 * the reference with an inline script: the CSP allows exactly that script by hash (plugins/csp.ts).
 */
export async function registerApiDocsRoutes(root: FastifyInstance, _ctx: AppContext): Promise<void> {
  await root.register(async (app) => {
    // onSend hooks run in order: add the jitless script first, then hash what is inline.
    app.addHook('onSend', loadJitlessFirst);
    app.addHook('onSend', allowInlineScriptsByHash);
    app.get(JITLESS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) =>
      reply.type('application/javascript; charset=utf-8').send(JITLESS_SCRIPT),
    );
    await app.register(scalar, {
      routePrefix: PREFIX,
      configuration: {
        url: '/openapi.json',
        title: 'Merchant API',
        hideClientButton: false,
        withDefaultFonts: false,
        // Nothing that calls Scalar's own services (the CSP would refuse it anyway): no AI agent and its
        // document registry, no telemetry, no developer tools toolbar.
        agent: { disabled: true },
        telemetry: false,
        showDeveloperTools: 'never',
      },
      logLevel: 'warn',
    });
  });
}
