/**
 * Bulk tools (part 2 §7): bulk accept, bulk details, bulk reports, batch polling and the batch files.
 * Every batch is a durable background job; bulk accept waits a few seconds so that a small selection
 * answers with its counts at once
 * (docs/decisions/0048-every-bulk-operation-is-a-durable-job-bulk-accept-included.md).
 */
import {
  BatchDetailsBodySchema,
  BatchFileParamsSchema,
  BatchFileQuerySchema,
  BatchParamsSchema,
  BatchReportsBodySchema,
  BatchSchema,
  BulkAcceptBodySchema,
  BulkAcceptQuerySchema,
  ErrorBodySchema,
  TmkParamsSchema,
} from '@mc/api';
import { DomainError } from '@mc/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { batches, batchFiles, merchants } from '../../../db/schema.ts';
import { startBulkJobs, stopBulkJobs } from '../../../jobs/bulk-queue.ts';
import { requireMerchant } from '../../../plugins/auth.ts';
import { getBatch, insertBatch } from './batch-store.ts';
import { verifyBatchFileSignature } from './download-links.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const TmkParams = TmkParamsSchema;

/** How long POST …/bulk/accept waits for its batch before answering with the batch in progress. */
export const ACCEPT_WAIT_MS = 4000;

export function registerBulkRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bulk tools'];
  app.addHook('onClose', async () => stopBulkJobs(ctx));
  const jobs = () => startBulkJobs(ctx, { log: app.log });

  app.post(
    '/m/v2/merchant/:tmk/orders/bulk/accept',
    {
      schema: {
        tags,
        summary:
          'Accept many orders (each through the single-order accept: payment capture, then the transition)',
        description:
          'Runs as a durable background batch. The answer waits up to 4 s: when the batch is done it carries ' +
          '`order_accepted_count`, `order_rejected_count` and `failures` (order id and reason); otherwise poll ' +
          '`GET …/orders/batch/{batch_id}`. Orders of another merchant fail as "Order not found" and are not touched.',
        params: TmkParams,
        querystring: BulkAcceptQuerySchema,
        body: BulkAcceptBodySchema,
        response: { 200: BatchSchema, ...errors },
      },
    },
    async (req) => {
      const { principal, merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.write');
      const queue = await jobs();
      const batchId = await insertBatch(ctx, {
        merchantId: merchant.id,
        userId: principal.userId,
        kind: 'accept',
        orderIds: req.body.orders.map((o) => o.id),
      });
      await queue.enqueue(batchId);
      if (req.query.wait !== 'false') await queue.waitForBatch(batchId, ACCEPT_WAIT_MS);
      return getBatch(ctx, merchant, batchId);
    },
  );

  app.post(
    '/m/v2/merchant/:tmk/orders/batch/details',
    {
      schema: {
        tags,
        summary: 'Start a details download (CSV, one row per item line) of the selected orders',
        description:
          "Answers with the batch at once; poll it. 409 'Previous download in progress, please try after {n} second(s).' " +
          'while another download of the store runs.',
        params: TmkParams,
        body: BatchDetailsBodySchema,
        response: { 200: BatchSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (req) => {
      const { principal, merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      const queue = await jobs();
      const batchId = await insertBatch(ctx, {
        merchantId: merchant.id,
        userId: principal.userId,
        kind: 'details',
        orderIds: req.body.items,
      });
      await queue.enqueue(batchId);
      return getBatch(ctx, merchant, batchId);
    },
  );

  app.post(
    '/m/v2/merchant/:tmk/orders/batch/reports',
    {
      schema: {
        tags,
        summary:
          'Start a reports download: one merged PDF per report type (receipt, packingslip) and a zip of them',
        params: TmkParams,
        body: BatchReportsBodySchema,
        response: { 200: BatchSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (req) => {
      const { principal, merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      const queue = await jobs();
      const batchId = await insertBatch(ctx, {
        merchantId: merchant.id,
        userId: principal.userId,
        kind: 'reports',
        orderIds: req.body.order_keys,
        reportTypes: req.body.report_types,
      });
      await queue.enqueue(batchId);
      return getBatch(ctx, merchant, batchId);
    },
  );

  app.get(
    '/m/v2/merchant/:tmk/orders/batch/:batch_id',
    {
      schema: {
        tags,
        summary: 'A batch: progress derived from its orders, and the download links once ready',
        params: BatchParamsSchema,
        response: { 200: BatchSchema, ...errors },
      },
    },
    async (req) => {
      const { merchant } = await requireMerchant(ctx, req, req.params.tmk, 'orders.read');
      return getBatch(ctx, merchant, req.params.batch_id);
    },
  );

  app.get(
    '/m/v2/merchant/:tmk/orders/batch/:batch_id/files/:kind',
    {
      schema: {
        tags,
        summary:
          'Download a batch file (signed link from batch_pdf_urls or the email; no bearer token needed)',
        security: [],
        params: BatchFileParamsSchema,
        querystring: BatchFileQuerySchema,
      },
    },
    async (req, reply) => {
      const { tmk, batch_id, kind } = req.params;
      if (
        !verifyBatchFileSignature(
          ctx.config,
          tmk,
          batch_id,
          kind,
          Number(req.query.expires),
          req.query.signature,
        )
      ) {
        throw new DomainError('NOT_FOUND', 'This download link has expired or is not valid.');
      }
      const [file] = await ctx.database.db
        .select({
          filename: batchFiles.filename,
          content_type: batchFiles.content_type,
          content: batchFiles.content,
        })
        .from(batchFiles)
        .innerJoin(batches, eq(batches.id, batchFiles.batch_id))
        .innerJoin(merchants, eq(merchants.id, batches.merchant_id))
        .where(and(eq(batchFiles.batch_id, batch_id), eq(batchFiles.kind, kind), eq(merchants.tmk, tmk)))
        .limit(1);
      if (!file) throw new DomainError('NOT_FOUND', 'File not found');
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\]/g, '')}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
}
