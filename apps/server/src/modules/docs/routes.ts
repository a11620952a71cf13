import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { allowInlineScriptsByHash } from '../../plugins/csp.ts';

/**
 * The OpenAPI reference at /api-docs (embedded full-screen by the console's /developers page). Its page starts
 * the reference with an inline script: the CSP allows exactly that script by hash (plugins/csp.ts).
 */
export async function registerDocsRoutes(root: FastifyInstance, _ctx: AppContext): Promise<void> {
  await root.register(async (app) => {
    app.addHook('onSend', allowInlineScriptsByHash);
    await app.register(scalar, {
      routePrefix: '/api-docs',
      configuration: {
        url: '/openapi.json',
        title: 'Merchant API',
        hideClientButton: false,
        withDefaultFonts: false,
      },
      logLevel: 'warn',
    });
  });
}
