/**
 * Print Receipt, PRINT PACKING SLIP and Print Directions: GET the merchant's report for the order as a PDF and
 * save it with the spec's file name and toasts. The reports themselves are served
 * by the documents module (GET /m/v2/merchant/{tmk}/orders/{id}/reports/receipt|packingslip|directions).
 */
import type { ReportType } from '@mc/api';
import { MSG, packingSlipFileName, receiptFileName } from '@mc/domain';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

type ReportKind = ReportType;

function reportFileName(kind: ReportKind, orderId: string, lastName: string): string {
  if (kind === 'receipt') return receiptFileName(orderId, lastName);
  if (kind === 'packingslip') return packingSlipFileName(orderId, lastName);
  return `${orderId}-${lastName}-Directions.pdf`;
}

const TOASTS: Record<ReportKind, { ok: string | null; fail: string }> = {
  receipt: { ok: MSG.RECEIPT_DOWNLOADED, fail: MSG.RECEIPT_FAILED },
  packingslip: { ok: MSG.PACKING_SLIP_DOWNLOADED, fail: MSG.PACKING_SLIP_FAILED },
  directions: { ok: null, fail: MSG.SOMETHING_WENT_WRONG },
};

export function usePrintActions(tmk: string, order: { id: string; customer: { last_name: string } }) {
  const [printing, setPrinting] = useState<ReportKind | null>(null);
  async function print(kind: ReportKind) {
    setPrinting(kind);
    try {
      const pdf = await api.getOrderReport({
        params: { tmk, id: order.id, type: kind },
        headers: { accept: 'application/pdf' },
      });
      saveBlob(pdf, reportFileName(kind, order.id, order.customer.last_name));
      const ok = TOASTS[kind].ok;
      if (ok) notifySuccess(ok);
    } catch (error) {
      notifyError(error, TOASTS[kind].fail);
    } finally {
      setPrinting(null);
    }
  }
  return {
    printing,
    printReceipt: () => print('receipt'),
    printPackingSlip: () => print('packingslip'),
    printDirections: () => print('directions'),
  };
}
