/**
 * The shipping feature's dialogs for one order, ready to mount: the detail view passes `labels`
 * (to OrderActionButtons) and `onSendToPhone` / `onPrintLabel` (to OrderDetailContent) and renders `dialogs`.
 */
import type { OrderDetail } from '@mc/api';
import { useState } from 'react';
import { CreateShippingLabelDialog } from './components/create-shipping-label-dialog.tsx';
import { SendToPhoneDialog } from './components/send-to-phone-dialog.tsx';
import { usePrintLabels } from './hooks/use-print-labels.ts';

export function useShippingDialogs(tmk: string, order: OrderDetail | undefined) {
  const [open, setOpen] = useState<'label' | 'phone' | null>(null);
  const print = usePrintLabels(tmk);
  const close = () => setOpen(null);
  const dialogs = order ? (
    <>
      <CreateShippingLabelDialog tmk={tmk} order={order} opened={open === 'label'} onClose={close} />
      <SendToPhoneDialog order={order} opened={open === 'phone'} onClose={close} />
    </>
  ) : null;
  return {
    dialogs,
    /** A shipping dialog is open (the Review Order modal then leaves Escape to it). */
    isOpen: open !== null,
    isPrintingLabels: print.isPrinting,
    labels: {
      onCreateLabel: () => setOpen('label'),
      onPrintLabels: (o: { id: string }) => void print.printLabels(o.id),
    },
    onSendToPhone: () => setOpen('phone'),
    onPrintLabel: () => (order ? void print.printLabels(order.id) : undefined),
  };
}
