/**
 * Bulk tools (bulk accept, details and reports): request and answer
 * schemas shared by the server (validation, OpenAPI) and the console.
 */
import {
  BATCH_KINDS,
  BATCH_STATES,
  BULK_MAX_ORDERS,
  BULK_MSG,
  MAX_LENGTH,
  REPORT_TYPES,
  text,
} from '@mc/domain';
import { z } from 'zod';

const OrderKeySchema = text('addressLine', { message: 'Order id must be text' })
  .trim()
  .min(1, 'Order id is required')
  .max(MAX_LENGTH.id, 'Order id is too long');

const selection = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, BULK_MSG.EMPTY_SELECTION).max(BULK_MAX_ORDERS, BULK_MSG.TOO_MANY);

export const BulkAcceptBodySchema = z
  .object({
    orders: selection(
      z.object({
        id: OrderKeySchema,
        status: z.literal('MERCHANT_ACCEPTED', { message: BULK_MSG.ACCEPT_STATUS }),
      }),
    ),
  })
  .meta({ id: 'BulkAcceptBody' });
export type BulkAcceptBody = z.infer<typeof BulkAcceptBodySchema>;

/** `wait=false`: answer at once with the batch (large selections, API clients); default waits a few seconds. */
export const BulkAcceptQuerySchema = z.object({
  wait: z.enum(['true', 'false'], { message: 'wait must be true or false' }).optional(),
});

/** Spec: `{items[]}`, the selected order ids. */
export const BatchDetailsBodySchema = z
  .object({ items: selection(OrderKeySchema) })
  .meta({ id: 'BatchDetailsBody' });
export type BatchDetailsBody = z.infer<typeof BatchDetailsBodySchema>;

export const ReportTypeSchema = z.enum(REPORT_TYPES, { message: BULK_MSG.UNKNOWN_REPORT_TYPE });

export const BatchReportsBodySchema = z
  .object({
    order_keys: selection(OrderKeySchema),
    report_types: z
      .array(ReportTypeSchema)
      .min(1, BULK_MSG.NO_REPORT_TYPE)
      .max(REPORT_TYPES.length * 2),
  })
  .meta({ id: 'BatchReportsBody' });
export type BatchReportsBody = z.infer<typeof BatchReportsBodySchema>;

export const BatchParamsSchema = z.object({
  tmk: text('id').min(1),
  batch_id: z.uuid({ message: 'Batch not found' }),
});

export const BatchFailureSchema = z.object({ id: z.string(), message: z.string() });
export type BatchFailure = z.infer<typeof BatchFailureSchema>;

/** A bulk batch as the API answers it, with kind/state/failures (which orders failed and why). */
export const BatchSchema = z
  .object({
    batch_id: z.string(),
    kind: z.enum(BATCH_KINDS),
    state: z.enum(BATCH_STATES),
    report_types: z.array(z.string()),
    total_count: z.number().int(),
    completed_count: z.number().int(),
    error_count: z.number().int(),
    /** Bulk accept: orders accepted / refused (equal to completed / error counts). */
    order_accepted_count: z.number().int(),
    order_rejected_count: z.number().int(),
    /** Orders that could not be processed, with the reason (at most 100 listed). */
    failures: z.array(BatchFailureSchema),
    /**
     * Signed download links once the files exist: one PDF per report type (`picklist`: one pick list for
     * all the batch's orders); `download` is the zip or the CSV.
     */
    batch_pdf_urls: z.object({
      packingslip: z.string().nullable(),
      receipt: z.string().nullable(),
      picklist: z.string().nullable(),
      download: z.string().nullable(),
    }),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Batch' });
export type Batch = z.infer<typeof BatchSchema>;

/** `GET …/batches`: the store's recent batches, running and finished, newest first. */
export const BatchListSchema = z.object({ items: z.array(BatchSchema) }).meta({ id: 'BatchList' });
export type BatchList = z.infer<typeof BatchListSchema>;

/** The `download` file names of a batch, for the console's save dialog. */
export const BatchFileKindSchema = z.enum(['receipt', 'packingslip', 'picklist', 'zip', 'csv']);
export type BatchFileKind = z.infer<typeof BatchFileKindSchema>;

export const BatchFileParamsSchema = BatchParamsSchema.extend({ kind: BatchFileKindSchema });
export const BatchFileQuerySchema = z.object({
  expires: text('short').regex(/^\d{1,13}$/, 'Invalid link'),
  signature: text('token').regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid link'),
});
