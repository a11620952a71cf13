import {
  ErrorBodySchema,
  IdempotencyKeySchema,
  LabelErrorBodySchema,
  LabelPurchaseBodySchema,
  LabelPurchaseResponseSchema,
  LabelsListSchema,
  MerchantOrderParamsSchema,
} from '@mc/api';
import { DomainError, IDEMPOTENCY_KEY_REQUIRED_MESSAGE, safeString, text } from '@mc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { requireMerchant } from '../../../plugins/auth.ts';
import { contentDisposition } from '../reports/content-disposition.ts';
import { buyLabels } from './buy-labels.ts';
import { getLabelPdf, listLabels } from './get-labels.ts';
import { verifyLabelSignature } from './label-links.ts';

const tags = ['Orders'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export function registerLabelRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/m/v2/merchant/:tmk/orders/:id/labels',
    {
      schema: {
        tags,
        summary: 'Buy shipping labels (one per box) and mark the order shipped',
        description:
          'Body: an array of boxes `{weight, insurance}` (insurance only when non-zero). Requires an ' +
          '`Idempotency-Key` header (400 without): the same key always gives the same answer and buys at most ' +
          'once, even when sent many times in parallel; the same key with a different body is 422. Carrier ' +
          'refusals are 422 (502 when the carrier fails or does not answer) with the message to show and the ' +
          "carrier's own `errors[{carrier, code, message}]`.",
        params: MerchantOrderParamsSchema,
        headers: z.object({ 'idempotency-key': text('token').optional() }).passthrough(),
        body: LabelPurchaseBodySchema,
        response: {
          200: LabelPurchaseResponseSchema,
          ...errors,
          409: ErrorBodySchema,
          422: LabelErrorBodySchema,
          502: LabelErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      const { principal, merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.write');
      const key = IdempotencyKeySchema.safeParse(req.headers['idempotency-key'] ?? '');
      if (!key.success) {
        throw new DomainError('VALIDATION', IDEMPOTENCY_KEY_REQUIRED_MESSAGE, {
          errors: [{ path: 'headers.idempotency-key', message: IDEMPOTENCY_KEY_REQUIRED_MESSAGE }],
        });
      }
      const answer = await buyLabels(ctx, { principal, merchant }, req.params.id, req.body, key.data);
      reply.header('idempotency-key', key.data);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).send(answer.body as never);
    },
  );

  app.get(
    '/m/v2/merchant/:tmk/orders/:id/labels',
    {
      schema: {
        tags,
        summary: "The order's shipping labels",
        description:
          'Each `label_url` is a signed link to the PDF, valid for an hour (it opens without a token).',
        params: MerchantOrderParamsSchema,
        response: { 200: LabelsListSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      return listLabels(ctx, merchant, req.params.id);
    },
  );

  app.get(
    '/m/v2/merchant/:tmk/orders/:id/labels/:file',
    {
      schema: {
        tags,
        summary: 'One shipping label as a PDF (`{shipmentId}.pdf`)',
        description: 'With the `exp` and `sig` of a `label_url`, or a bearer token.',
        params: MerchantOrderParamsSchema.extend({ file: safeString(80).min(1) }),
        querystring: z.object({ exp: safeString(20).optional(), sig: safeString(100).optional() }),
        response: { 200: z.any().meta({ description: 'application/pdf' }), ...errors },
      },
    },
    async (req, reply) => {
      const { tmk, id } = req.params;
      const shipmentId = req.params.file.replace(/\.pdf$/i, '');
      if (!verifyLabelSignature(ctx, tmk, id, shipmentId, req.query.exp, req.query.sig)) {
        await requireMerchant(ctx, req, tmk, 'orders.read');
      }
      const file = await getLabelPdf(ctx, tmk, id, shipmentId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('inline', file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
