/**
 * 'PRINT SHIPPING LABEL': GET the order's labels and open each label_url in a
 * new window (signed links, no token needed). When the browser blocks a second window, the label is
 * downloaded instead. Toasts: none to print / downloaded / error.
 */
import type { ShippingLabel } from '@mc/api';
import { MSG } from '@mc/domain';
import { useState } from 'react';
import { notifyError, notifyInfo, notifySuccess } from '../../../../lib/notify.ts';
import { getLabels } from '../api/shipping-api.ts';

function openLabel(label: ShippingLabel): void {
  const win = window.open(label.label_url, '_blank');
  if (win) {
    win.opener = null;
    return;
  }
  // A second window blocked by the browser: download the label instead (same origin, no pop-up needed).
  const a = document.createElement('a');
  a.href = label.label_url;
  a.download = `${label.tracking_code}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Opens the given labels, or fetches the order's labels first. Returns how many were opened. */
export async function printLabels(
  tmk: string,
  orderId: string,
  labels?: readonly ShippingLabel[],
): Promise<number> {
  try {
    const list = labels ?? (await getLabels(tmk, orderId));
    if (list.length === 0) {
      notifyInfo(MSG.NO_LABELS);
      return 0;
    }
    for (const label of list) openLabel(label);
    notifySuccess(MSG.LABELS_DOWNLOADED);
    return list.length;
  } catch (error) {
    // Always the spec's text, whatever the server said.
    notifyError(error, { fixed: MSG.LABELS_PRINT_ERROR });
    return 0;
  }
}

export function usePrintLabels(tmk: string) {
  const [isPrinting, setPrinting] = useState(false);
  return {
    isPrinting,
    printLabels: async (orderId: string, labels?: readonly ShippingLabel[]) => {
      setPrinting(true);
      try {
        return await printLabels(tmk, orderId, labels);
      } finally {
        setPrinting(false);
      }
    },
  };
}
