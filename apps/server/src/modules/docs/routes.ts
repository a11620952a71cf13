import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The OpenAPI reference at /api-docs (embedded full-screen by the console's /developers page). */
export async function registerDocsRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
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
}
