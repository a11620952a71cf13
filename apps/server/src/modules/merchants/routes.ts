import {
  CarrierAccountBodySchema,
  CarrierAccountSchema,
  ErrorBodySchema,
  HoursBodySchema,
  HoursResponseSchema,
  MerchantAuxDataBodySchema,
  MerchantDetailsBodySchema,
  MerchantSchema,
  StripeAccountSchema,
  TmkParamsSchema,
} from '@mc/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireMerchant } from '../../plugins/auth.ts';
import { loadCarrierRow, saveCarrierAccount, toCarrierAccount } from './carrier-account.ts';
import {
  loadMerchantHours,
  saveMerchantAuxData,
  saveMerchantDetails,
  saveMerchantHours,
} from './merchant-settings.ts';
import { toMerchant } from './merchant-view.ts';

export const TmkParams = TmkParamsSchema;
const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const writeErrors = { 400: ErrorBodySchema, ...errors };

export function registerMerchantRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['Merchant'];

  app.get(
    '/c/v2/merchants/:tmk',
    {
      schema: {
        tags,
        summary: 'Merchant details',
        params: TmkParams,
        response: { 200: MerchantSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'merchant.read');
      return toMerchant(ctx.database.db, merchant);
    },
  );

  app.post(
    '/c/v2/merchants/:tmk',
    {
      schema: {
        tags,
        summary: 'Save the store details (name, address, primary phone and email, timezone)',
        params: TmkParams,
        body: MerchantDetailsBodySchema,
        response: { 200: MerchantSchema, ...writeErrors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'merchant.write');
      return toMerchant(ctx.database.db, await saveMerchantDetails(ctx, merchant, req.body));
    },
  );

  app.post(
    '/c/v2/merchants/:tmk/data',
    {
      schema: {
        tags,
        summary: 'Save the store contacts kept in aux data',
        params: TmkParams,
        body: MerchantAuxDataBodySchema,
        response: { 200: MerchantSchema, ...writeErrors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'merchant.write');
      return toMerchant(ctx.database.db, await saveMerchantAuxData(ctx, merchant, req.body));
    },
  );

  app.get(
    '/c/v2/merchants/:tmk/hours',
    {
      schema: {
        tags,
        summary: 'Weekly delivery hours',
        params: TmkParams,
        response: { 200: HoursResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'merchant.read');
      return loadMerchantHours(ctx.database.db, merchant.id);
    },
  );

  app.put(
    '/c/v2/merchants/:tmk/hours',
    {
      schema: {
        tags,
        summary: 'Replace the weekly delivery hours (a day not listed is closed)',
        params: TmkParams,
        body: HoursBodySchema,
        response: { 200: HoursResponseSchema, ...writeErrors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'hours.write');
      return saveMerchantHours(ctx, merchant.id, req.body);
    },
  );

  app.get(
    '/c/v2/merchants/:tmk/carrier',
    {
      schema: {
        tags,
        summary:
          'Carrier account (masked); nulls when none is set up. Read by the label dialog, so every role may read it.',
        params: TmkParams,
        response: { 200: CarrierAccountSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'merchant.read');
      return toCarrierAccount(await loadCarrierRow(ctx.database.db, merchant.id));
    },
  );

  app.post(
    '/c/v2/merchants/:tmk/carrier',
    {
      schema: {
        tags,
        summary: 'Save the carrier account (a masked account number keeps the stored one)',
        params: TmkParams,
        body: CarrierAccountBodySchema,
        response: { 200: CarrierAccountSchema, ...writeErrors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'carrier.write');
      return saveCarrierAccount(ctx, merchant.id, req.body);
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
