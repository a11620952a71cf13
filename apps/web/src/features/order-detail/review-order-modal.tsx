import { Group, Modal, Text } from '@mantine/core';
import { useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { BREAKPOINTS, canAccept, canReject, reviewModalActions } from '@mc/domain';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../components/page-loader.tsx';
import { openDialogs, useShortcuts } from '../../lib/keyboard-shortcuts.ts';
import type { ReviewIntent } from '../../lib/review-link.ts';
import { useSession } from '../../lib/session.ts';
import { useOrder } from './api/get-order.ts';
import { OrderDetailContent } from './components/order-detail-content.tsx';
import { type LabelCallbacks, OrderActionButtons, useOrderWorkflow } from './components/order-workflow.tsx';
import { usePrintActions } from './hooks/use-print-actions.ts';
import { useShippingDialogs } from './shipping/shipping-dialogs.tsx';

/** 'Review Order': the order's details and its buttons by status. */
export function ReviewOrderModal({
  orderId,
  onClose,
  labels,
  intent,
}: {
  orderId: string | null;
  onClose: () => void;
  labels?: LabelCallbacks;
  intent?: ReviewIntent | null;
}) {
  const { merchantKey } = useSession();
  const tmk = merchantKey ?? '';
  const query = useOrder(tmk, orderId);
  const order = query.data;
  const workflow = useOrderWorkflow(tmk, order);
  const print = usePrintActions(tmk, order ?? { id: orderId ?? '', customer: { last_name: '' } });
  const shipping = useShippingDialogs(tmk, order);
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINTS.mobile}px)`);
  const { setDialog } = workflow;
  const appliedIntent = useRef<string | null>(null);
  useEffect(() => {
    // Open the requested dialog once per (order, intent), when the order has loaded and allows it. The
    // modal stays mounted between orders: once it closes, the same order's Accept may ask again.
    if (!orderId) {
      appliedIntent.current = null;
      return;
    }
    const key = order && intent ? `${order.id}:${intent}` : null;
    if (!key || appliedIntent.current === key || !order) return;
    appliedIntent.current = key;
    const allowed = intent === 'accept' ? canAccept(order.status) : canReject(order.status);
    if (allowed) setDialog({ kind: intent as ReviewIntent });
  }, [orderId, order, intent, setDialog]);
  // Escape closes the topmost modal only (docs/decisions/0097). Mantine closes every open modal that listens
  // for Escape, and some open above this one from deep inside it (the item image preview), so this one
  // listens itself and closes only when no dialog was opened after it (portals stack in opening order).
  const dialogRef = useRef<HTMLDivElement>(null);
  const escapeCloses = !workflow.dialog && !shipping.isOpen;
  useWindowEvent(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.isComposing || !orderId || !escapeCloses) return;
      const open = document.querySelectorAll('[role="dialog"]');
      const topmost = open[open.length - 1];
      // the ref is the modal's root (overlay and content), the dialog is inside it
      if (topmost && dialogRef.current?.contains(topmost)) onClose();
    },
    { capture: true },
  );
  // `a` / `r` open Accept & Confirm / Reject Order when this modal offers that button and is the topmost
  // dialog (decision 0104). They only open the dialog: confirming stays a click (or Enter) in it.
  const offered = order ? reviewModalActions(order).actions : [];
  const openByKey = (kind: ReviewIntent) => (event: KeyboardEvent) => {
    if (!offered.includes(kind)) return;
    const topmost = openDialogs().at(-1);
    if (!topmost || !dialogRef.current?.contains(topmost)) return;
    event.preventDefault();
    setDialog({ kind });
  };
  useShortcuts(
    [
      ['a', openByKey('accept')],
      ['r', openByKey('reject')],
    ],
    Boolean(orderId && order) && escapeCloses,
  );
  const title = order ? (reviewModalActions(order).title?.toUpperCase() ?? 'Review Order') : 'Review Order';

  return (
    <>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={Boolean(orderId)}
        onClose={onClose}
        title={
          <Text fw={700} fz="lg">
            {title}
            {/* the id never breaks across lines: it is read and typed as one word */}
            {order ? (
              <>
                {' · '}
                <span style={{ whiteSpace: 'nowrap' }} data-order-id-title>
                  {order.id}
                </span>
              </>
            ) : null}
          </Text>
        }
        size="80rem"
        fullScreen={mobile}
        ref={dialogRef}
        closeOnEscape={false}
      >
        {!order ? (
          <Group justify="center" p="xl">
            {query.isError ? <Text>The order could not be loaded.</Text> : <Spinner label="Loading order" />}
          </Group>
        ) : (
          <>
            <OrderDetailContent
              tmk={tmk}
              order={order}
              print={print}
              onItemProblem={workflow.onItemProblem}
              showHistory={false}
              layout="review"
              onSendToPhone={shipping.onSendToPhone}
              onPrintLabel={shipping.onPrintLabel}
            />
            <div
              style={{
                position: 'sticky',
                bottom: 0,
                background: 'var(--mantine-color-body)',
                paddingTop: 12,
                paddingBottom: 4,
                marginTop: 12,
              }}
            >
              <OrderActionButtons
                tmk={tmk}
                order={order}
                print={print}
                open={workflow.setDialog}
                onClose={onClose}
                labels={labels ?? shipping.labels}
              />
            </div>
          </>
        )}
      </Modal>
      {workflow.dialogs}
      {shipping.dialogs}
    </>
  );
}
