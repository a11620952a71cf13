import { Alert, Button, Group, Stack } from '@mantine/core';
import type { OrderDetail, OrderDetailItem } from '@mc/api';
import {
  canCreateShippingLabel,
  type OrderStatus,
  REVIEW_ACTION_LABELS,
  type ReviewAction,
  reviewModalActions,
} from '@mc/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { merchantQueryOptions } from '../../../lib/merchant-api.ts';
import { useOrderActions } from '../hooks/use-order-actions.ts';
import type { usePrintActions } from '../hooks/use-print-actions.ts';
import { AcceptDialog } from './dialogs/accept-dialog.tsx';
import { type DeliveryMode, DeliveryPanel, initialDeliveryMode } from './dialogs/delivery-panel.tsx';
import { OutOfStockDialog, WrongPriceDialog } from './dialogs/item-problem-dialogs.tsx';
import { RejectDialog } from './dialogs/reject-dialog.tsx';
import { TrackingDialog } from './dialogs/tracking-dialog.tsx';

export type OpenDialog =
  | { kind: 'accept' }
  | { kind: 'reject' }
  | { kind: 'tracking' }
  | { kind: 'deliver'; mode: DeliveryMode }
  | { kind: 'outOfStock'; item: OrderDetailItem }
  | { kind: 'wrongPrice'; item: OrderDetailItem };

/** Shipping-label work belongs to the shipping feature; the detail view only offers the buttons. */
export interface LabelCallbacks {
  onCreateLabel?: (order: OrderDetail) => void;
  onPrintLabels?: (order: OrderDetail) => void;
}

/** The dialogs of one order and the state of which one is open. */
export function useOrderWorkflow(tmk: string, order: OrderDetail | undefined) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const actions = useOrderActions(tmk, order?.id ?? '');
  const close = () => setDialog(null);
  const dialogs = order ? (
    <>
      <AcceptDialog opened={dialog?.kind === 'accept'} onClose={close} order={order} actions={actions} />
      <RejectDialog opened={dialog?.kind === 'reject'} onClose={close} order={order} actions={actions} />
      <TrackingDialog opened={dialog?.kind === 'tracking'} onClose={close} order={order} actions={actions} />
      <DeliveryPanel
        opened={dialog?.kind === 'deliver'}
        onClose={close}
        order={order}
        actions={actions}
        tmk={tmk}
        mode={dialog?.kind === 'deliver' ? dialog.mode : 'out_for_delivery'}
        onTrackingEntry={() => setDialog({ kind: 'tracking' })}
      />
      <OutOfStockDialog
        item={dialog?.kind === 'outOfStock' ? dialog.item : null}
        onClose={close}
        order={order}
        actions={actions}
      />
      <WrongPriceDialog
        item={dialog?.kind === 'wrongPrice' ? dialog.item : null}
        onClose={close}
        order={order}
        actions={actions}
      />
    </>
  ) : null;
  const onItemProblem = (item: OrderDetailItem, reason: 'outOfStock' | 'wrongPrice') =>
    setDialog({ kind: reason, item });
  return { dialog, setDialog, dialogs, onItemProblem, actions };
}

/** The buttons of an order by status, shared by the Review Order modal and the detail page. */
export function OrderActionButtons({
  tmk,
  order,
  print,
  open,
  onClose,
  labels,
}: {
  tmk: string;
  order: OrderDetail;
  print: ReturnType<typeof usePrintActions>;
  open: (d: OpenDialog) => void;
  onClose?: () => void;
  labels?: LabelCallbacks;
}) {
  const merchant = useQuery({ ...merchantQueryOptions(tmk), enabled: Boolean(tmk) });
  const status = order.status as OrderStatus;
  const review = reviewModalActions(order, {
    hasCarrier: canCreateShippingLabel(merchant.data) && Boolean(labels?.onCreateLabel),
    // Only once the store is known to have no carrier account (not while it loads).
    carrierMissing: merchant.isSuccess && !canCreateShippingLabel(merchant.data),
  });

  const handlers: Record<ReviewAction, (() => void) | undefined> = {
    accept: () => open({ kind: 'accept' }),
    reject: () => open({ kind: 'reject' }),
    print_packing_slip: print.printPackingSlip,
    add_tracking: () => open({ kind: 'tracking' }),
    edit_tracking: () => open({ kind: 'tracking' }),
    add_shipping: labels?.onCreateLabel ? () => labels.onCreateLabel?.(order) : undefined,
    deliver_order: () => open({ kind: 'deliver', mode: initialDeliveryMode(status, false) }),
    request_pickup: () => open({ kind: 'deliver', mode: initialDeliveryMode(status, true) }),
    delivery_details: () => open({ kind: 'deliver', mode: 'delivered' }),
    print_shipping_label: labels?.onPrintLabels ? () => labels.onPrintLabels?.(order) : undefined,
    close: onClose,
  };
  const colors: Partial<Record<ReviewAction, string>> = { accept: 'teal.9', reject: 'red.8' };
  const variants: Partial<Record<ReviewAction, string>> = {
    close: 'default',
    print_packing_slip: 'light',
    edit_tracking: 'light',
  };
  const shown = review.actions.filter((a) => handlers[a]);

  return (
    <Stack gap="xs" align="flex-end">
      {review.notice && (
        // Light orange with the body text colour: white on filled orange is 2.6:1 (axe color-contrast).
        <Alert
          color="orange"
          variant="light"
          role="status"
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
        >
          {review.notice}
        </Alert>
      )}
      <Group gap="xs" justify="flex-end" wrap="wrap">
        {shown.map((a) => (
          <Button
            key={a}
            color={colors[a]}
            variant={variants[a] ?? 'filled'}
            onClick={handlers[a]}
            loading={a === 'print_packing_slip' && print.printing === 'packingslip'}
          >
            {REVIEW_ACTION_LABELS[a]}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
