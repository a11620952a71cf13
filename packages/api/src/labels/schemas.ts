/**
 * Shipping labels: buying them (one per box) and reading them back as PDFs. The request body reuses the
 * domain's schema (the spec's messages).
 */
import {
  CARRIER_ERROR_CODES,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  ShippingBoxesSchema,
  safeString,
  text,
} from '@mc/domain';
import { z } from 'zod';

/** POST …/labels body: the boxes, each {weight, insurance (only when non-zero)}. At most 50 boxes. */
export const LabelPurchaseBodySchema = ShippingBoxesSchema.max(50, 'At most 50 boxes per purchase').meta({
  id: 'LabelPurchaseBody',
});
export type LabelPurchaseBody = z.input<typeof LabelPurchaseBodySchema>;

/** POST …/labels headers: the Idempotency-Key (required; its absence is a 400 with its own message). */
export const LabelPurchaseHeadersSchema = z.looseObject({ 'idempotency-key': text('token').optional() });

/** GET …/labels/{file}: one label PDF, with the `exp` and `sig` of a `label_url` or a bearer token. */
export const LabelFileParamsSchema = z.object({
  tmk: text('id').min(1),
  id: text('id').min(1),
  file: safeString(80).min(1),
});
export const LabelFileQuerySchema = z.object({
  exp: safeString(20).optional(),
  sig: safeString(100).optional(),
});

export const IdempotencyKeySchema = safeString(IDEMPOTENCY_KEY_MAX_LENGTH).trim().min(1);

export const ShippingLabelSchema = z
  .object({
    id: z.string(),
    carrier: z.string(),
    service: z.string().nullable(),
    tracking_code: z.string(),
    tracking_url: z.string().nullable(),
    box_index: z.number().int(),
    weight: z.number().nullable(),
    insurance: z.number().nullable(),
    /** The label PDF; a signed link valid for an hour, so it opens in a new window without a token. */
    label_url: z.string(),
  })
  .meta({ id: 'ShippingLabel' });
export type ShippingLabel = z.infer<typeof ShippingLabelSchema>;

/** 200 answer of a purchase (and of every replay with the same Idempotency-Key). */
export const LabelPurchaseResponseSchema = z
  .object({
    order_id: z.string(),
    status: z.string(),
    idempotency_key: z.string(),
    tracking_provider: z.string().nullable(),
    tracking_id: z.string().nullable(),
    tracking_url: z.string().nullable(),
    shipping_labels: z.array(ShippingLabelSchema),
  })
  .meta({ id: 'LabelPurchase' });
export type LabelPurchaseResponse = z.infer<typeof LabelPurchaseResponseSchema>;

export const LabelsListSchema = z.array(ShippingLabelSchema).meta({ id: 'ShippingLabels' });

/** A refused purchase: `message` is the text to show; `errors` the carrier's own answers. */
export const LabelErrorBodySchema = z
  .object({
    message: z.string(),
    idempotency_key: z.string().optional(),
    errors: z
      .array(
        z.object({
          path: z.string(),
          carrier: z.string(),
          code: z.enum(CARRIER_ERROR_CODES).nullable(),
          message: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'LabelError' });
export type LabelErrorBody = z.infer<typeof LabelErrorBodySchema>;
