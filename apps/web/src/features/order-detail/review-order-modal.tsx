import { Group, Loader, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS, reviewModalActions } from '@mc/domain';
import { useSession } from '../../lib/session.ts';
import { useOrder } from './api/get-order.ts';
import { OrderDetailContent } from './components/order-detail-content.tsx';
import { type LabelCallbacks, OrderActionButtons, useOrderWorkflow } from './components/order-workflow.tsx';
import { usePrintActions } from './hooks/use-print-actions.ts';
import { useShippingDialogs } from './shipping/shipping-dialogs.tsx';

/** The search parameter the orders list sets on a row click: `?review=<orderId>`. */
export const REVIEW_PARAM = 'review';

/** 'Review Order' (part 2 §2.1, §4.4): the order's details and its buttons by status. */
export function ReviewOrderModal({
  orderId,
  onClose,
  labels,
}: {
  orderId: string | null;
  onClose: () => void;
  labels?: LabelCallbacks;
}) {
  const { merchantKey } = useSession();
  const tmk = merchantKey ?? '';
  const query = useOrder(tmk, orderId);
  const order = query.data;
  const workflow = useOrderWorkflow(tmk, order);
  const print = usePrintActions(tmk, order ?? { id: orderId ?? '', customer: { last_name: '' } });
  const shipping = useShippingDialogs(tmk, order);
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINTS.mobile}px)`);
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
            {order ? ` · ${order.id}` : ''}
          </Text>
        }
        size="80rem"
        fullScreen={mobile}
        // Escape closes the topmost modal only: this one stays while a dialog is open above it.
        closeOnEscape={!workflow.dialog && !shipping.isOpen}
      >
        {!order ? (
          <Group justify="center" p="xl">
            {query.isError ? (
              <Text>The order could not be loaded.</Text>
            ) : (
              <Loader aria-label="Loading order" />
            )}
          </Group>
        ) : (
          <>
            <OrderDetailContent
              tmk={tmk}
              order={order}
              print={print}
              onItemProblem={workflow.onItemProblem}
              showHistory={false}
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
