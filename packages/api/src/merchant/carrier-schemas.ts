/** The store's carrier account: read by the label dialog, saved from the settings. */
import { text } from '@mc/domain';
import { z } from 'zod';

export const CARRIER_CHOICES = ['FedEx', 'UPS', 'GSO'] as const;
export type CarrierChoice = (typeof CARRIER_CHOICES)[number];
export const LABEL_SIZES = ['4x6', '4x8', '8.5x11'] as const;
export const LABEL_FORMATS = ['PDF', 'PNG', 'ZPL'] as const;

/** GET /c/v2/merchants/{tmk}/carrier: nulls when no carrier account is set up. */
export const CarrierAccountSchema = z
  .object({
    carrier: z.enum(CARRIER_CHOICES).nullable(),
    /** Masked ('******1A2B'), never the stored number. */
    account_number: z.string().nullable(),
    label_size: z.enum(LABEL_SIZES),
    label_format: z.enum(LABEL_FORMATS),
  })
  .meta({ id: 'CarrierAccount' });
export type CarrierAccount = z.infer<typeof CarrierAccountSchema>;

export const CARRIER_ACCOUNT_NUMBER_MESSAGE = 'Please enter a valid account number';

/** POST /c/v2/merchants/{tmk}/carrier. A masked or omitted account number keeps the stored one. */
export const CarrierAccountBodySchema = z
  .object({
    carrier: z.enum(CARRIER_CHOICES, { error: 'Please enter your carrier' }),
    account_number: text('short')
      .trim()
      .refine(
        (v) => v === '' || /[*•]/.test(v) || /^[A-Za-z0-9-]{4,32}$/.test(v),
        CARRIER_ACCOUNT_NUMBER_MESSAGE,
      )
      .optional(),
    label_size: z.enum(LABEL_SIZES, { error: 'Please enter your label size' }),
    label_format: z.enum(LABEL_FORMATS, { error: 'Please enter your label format' }),
  })
  .meta({ id: 'CarrierAccountBody' });
export type CarrierAccountBody = z.input<typeof CarrierAccountBodySchema>;
