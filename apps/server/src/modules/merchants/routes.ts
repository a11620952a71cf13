import { ErrorBodySchema, MerchantSchema, StripeAccountSchema } from '@mc/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireMerchant } from '../../plugins/auth.ts';
import { toMerchant } from './merchant-view.ts';

export const TmkParams = z.object({ tmk: z.string().min(1).max(64) });
const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export function registerMerchantRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['Merchant'];

  app.get(
    '/c/v2/merchants/:tmk',
    { schema: { tags, summary: 'Merchant details', params: TmkParams, response: { 200: MerchantSchema, ...errors } } },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'merchant.read');
      return toMerchant(ctx.database.db, merchant);
    },
  );

  app.get(
    '/c/v2/merchants/:tmk/payments/stripe',
    {
      schema: {
        tags,
        summary: 'Payment account status (null merchant_account_id: onboarding incomplete)',
        params: TmkParams,
        response: { 200: StripeAccountSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      return { merchant_account_id: merchant.payments_onboarded ? merchant.merchant_account_id : null };
    },
  );
}
