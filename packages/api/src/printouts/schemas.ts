/** An order's printouts: the packing slip, the receipt and the delivery directions, as PDFs. */
import { text } from '@mc/domain';
import { z } from 'zod';

export const REPORT_TYPES = ['packingslip', 'receipt', 'directions'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** GET /m/v2/merchant/{tmk}/orders/{id}/reports/{type}: a PDF with a Content-Disposition file name. */
export const ReportParamsSchema = z.object({
  tmk: text('id').min(1),
  id: text('id').min(1),
  type: z.enum(REPORT_TYPES, { error: 'Unknown report type' }),
});
