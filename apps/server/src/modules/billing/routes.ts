import {
  BillingBodySchema,
  BillingResponseSchema,
  BillingSaveResponseSchema,
  ErrorBodySchema,
  StripeOnboardingSchema,
  TmkParamsSchema,
} from '@mc/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireMerchant } from '../../plugins/auth.ts';
import { loadBillingRow, saveBilling, toBilling } from './billing.ts';
import { getOnboardingLinks } from './onboarding.ts';
import { registerSandboxStripePages } from './sandbox-pages.ts';

const TmkParams = TmkParamsSchema;
const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export function registerBillingRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['Billing'];

  app.get(
    '/c/v2/merchants/:tmk/payments',
    {
      schema: {
        tags,
        summary: 'Billing details (owner); the account number is masked',
        params: TmkParams,
        response: { 200: BillingResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'billing.read');
      return toBilling(await loadBillingRow(ctx.database.db, merchant.id));
    },
  );

  app.post(
    '/c/v2/merchants/:tmk/payments',
    {
      schema: {
        tags,
        summary: 'Save billing details (owner; terms must be accepted)',
        description:
          'The account number is stored sealed (AES-256-GCM) and only its last 4 digits are ever shown. Omit it, or send the masked value, to keep the stored one.',
        params: TmkParams,
        body: BillingBodySchema,
        response: { 200: BillingSaveResponseSchema, 400: ErrorBodySchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'billing.write');
      const billing = await saveBilling(ctx, merchant.id, req.body);
      return { success: true, errors: {}, billing };
    },
  );

  app.get(
    '/v1/merchant/:tmk/stripe',
    {
      schema: {
        tags,
        summary: 'Payment onboarding links (owner): onboarding_data.url until complete, then login_link',
        params: TmkParams,
        response: { 200: StripeOnboardingSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'billing.read');
      return getOnboardingLinks(ctx, merchant, req.log);
    },
  );

  if (ctx.adapters.payments.kind === 'sandbox') registerSandboxStripePages(root, ctx);
}
