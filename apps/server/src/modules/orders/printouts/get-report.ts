/**
 * One order's report as a PDF: packing slip, receipt or
 * delivery directions, with the spec's file names. Customer text is drawn as text by pdfkit, never
 * rendered as markup.
 */
import type { ReportType } from '@mc/api';
import {
  canPrintReceipt,
  DomainError,
  isOrderStatus,
  marksPrinted,
  NEW_STATUSES,
  RECEIPT_NOT_READY_MESSAGE,
} from '@mc/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { MerchantRow } from '../../../db/rows.ts';
import { orders } from '../../../db/schema.ts';
import { directionsFileName, renderDirections } from '../../../pdf/directions.ts';
import { packingSlipFileName, renderPackingSlip } from '../../../pdf/packing-slip.ts';
import { receiptFileName, renderReceipt } from '../../../pdf/receipt.ts';
import { loadDocumentOrder } from './load-document-order.ts';

export interface ReportFile {
  fileName: string;
  body: Buffer;
}

/**
 * Marks the merchant's new, not yet printed orders among `ids` printed (`marksPrinted`, docs/decisions/0085): the
 * single packing slip and the bulk packing slips. The WHERE repeats the rule so a status change or a print
 * in between wins.
 */
export async function markPrinted(db: DbOrTx, merchantId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(orders)
    .set({ printed_timestamp: new Date() })
    .where(
      and(
        eq(orders.merchant_id, merchantId),
        inArray(orders.id, [...ids]),
        inArray(orders.status, [...NEW_STATUSES]),
        isNull(orders.printed_timestamp),
      ),
    );
}

export async function getReport(
  ctx: AppContext,
  merchant: MerchantRow,
  orderId: string,
  type: ReportType,
): Promise<ReportFile> {
  const { db } = ctx.database;
  const { row, order } = await loadDocumentOrder(ctx.database, merchant, orderId, ctx.config.siteName);
  switch (type) {
    case 'receipt': {
      if (isOrderStatus(row.status) && !canPrintReceipt(row.status)) {
        throw new DomainError('ILLEGAL_TRANSITION', RECEIPT_NOT_READY_MESSAGE);
      }
      return { fileName: receiptFileName(order), body: await renderReceipt(order) };
    }
    case 'packingslip': {
      const body = await renderPackingSlip(order);
      // A new order whose slip was printed shows as 'printed' (its display group).
      if (marksPrinted(row.status, row.printed_timestamp)) {
        await markPrinted(db, merchant.id, [row.id]);
      }
      return { fileName: packingSlipFileName(order), body };
    }
    case 'directions': {
      let map: Buffer | null = null;
      try {
        map = (await ctx.adapters.maps.staticMap(order.recipient)).body;
      } catch {
        map = null; // the sheet prints 'Map unavailable'
      }
      return { fileName: directionsFileName(order), body: await renderDirections(order, map) };
    }
  }
}
