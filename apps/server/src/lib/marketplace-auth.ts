import { timingSafeEqual } from 'node:crypto';
import { DomainError } from '@mc/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';

/** The marketplace's server-to-server credential (`Authorization: Bearer <MARKETPLACE_KEY>`), or 401. */
export function requireMarketplace(ctx: Pick<AppContext, 'config'>, req: FastifyRequest): void {
  const given = Buffer.from(req.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${ctx.config.marketplaceKey}`);
  // An unset key never matches (production refuses to start without one: config-check.ts).
  if (!ctx.config.marketplaceKey || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new DomainError('UNAUTHENTICATED', 'A valid marketplace credential is required');
  }
}
