import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@mc/api';
import { slaColor, statusBadge, statusLabel } from '@mc/domain';
import { Link, useParams } from 'wouter';
import { Spinner } from '../../components/page-loader.tsx';
import { useSession } from '../../lib/session.ts';
import { useOrder } from './api/get-order.ts';
import { OrderDetailContent } from './components/order-detail-content.tsx';
import { type LabelCallbacks, OrderActionButtons, useOrderWorkflow } from './components/order-workflow.tsx';
import { usePrintActions } from './hooks/use-print-actions.ts';
import classes from './order-detail.module.css';
import { useShippingDialogs } from './shipping/shipping-dialogs.tsx';

/** /orders/view/{orderId}: one order expanded; the app returns here after changes. */
export function OrderDetailPage(props: LabelCallbacks & { onSendToPhone?: () => void }) {
  const { id = '' } = useParams();
  const { merchantKey } = useSession();
  const tmk = merchantKey ?? '';
  const query = useOrder(tmk, id);
  const order = query.data;
  const workflow = useOrderWorkflow(tmk, order);
  const print = usePrintActions(tmk, order ?? { id, customer: { last_name: '' } });
  const shipping = useShippingDialogs(tmk, order);

  if (query.isPending) {
    return (
      <Group justify="center" p="xl">
        <Spinner label="Loading order" />
      </Group>
    );
  }
  if (query.isError || !order) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Paper withBorder p="xl">
        <Title order={2} fz="lg">
          {notFound ? 'Order not found' : 'The order could not be loaded'}
        </Title>
        <Text c="dimmed" mt="xs">
          {notFound ? `There is no order ${id} for this store.` : 'Please try again.'}
        </Text>
        <Button component={Link} to="/orders/active" mt="md" variant="light">
          Back to active orders
        </Button>
      </Paper>
    );
  }
  const badge = statusBadge(order.status, order.printed_timestamp);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <div>
            <Group gap="xs">
              <Title order={2} fz="xl">
                Order {order.id}
              </Title>
              {/* Light, with the theme's dark text on the tint (4.5:1 for every group; white on orange.9 was 4.3:1). */}
              <Badge color={badge.color} c="dark.7" variant="light" style={{ textTransform: 'none' }}>
                <span className={classes.srOnly}>Status: </span>
                {badge.label}
              </Badge>
            </Group>
            <Text fz="sm" c="dimmed">
              {order.application_brand_name} · status {statusLabel(order.status)}
              {order.status_recent_comment ? ` · ${order.status_recent_comment}` : ''}
            </Text>
          </div>
          <OrderActionButtons
            tmk={tmk}
            order={order}
            print={print}
            open={workflow.setDialog}
            labels={{ ...shipping.labels, ...props }}
          />
        </Group>
        {order.on_track_status && (
          <Alert mt="sm" variant="light" color={slaColor(order.on_track_status.type)} p="xs">
            {order.on_track_status.message}
          </Alert>
        )}
      </Paper>
      <OrderDetailContent
        tmk={tmk}
        order={order}
        print={print}
        onItemProblem={workflow.onItemProblem}
        onSendToPhone={props.onSendToPhone ?? shipping.onSendToPhone}
        onPrintLabel={props.onPrintLabels ? () => props.onPrintLabels?.(order) : shipping.onPrintLabel}
      />
      {workflow.dialogs}
      {shipping.dialogs}
    </Stack>
  );
}
