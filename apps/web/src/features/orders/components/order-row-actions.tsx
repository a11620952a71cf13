import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { OrderListItem } from '@mc/api';
import { isNewStatus, isOrderStatus, type OrderTab } from '@mc/domain';
import { IconCheck, IconEye, IconX } from '@tabler/icons-react';
import type { MouseEvent } from 'react';

/**
 * Per-row actions (part 1 §2): review, reject and accept on new orders, view on the others, none on
 * the cancelled tab. Until the review and accept dialogs land they all open the order's page.
 */
export function OrderRowActions({
  order,
  tab,
  onOpen,
}: {
  order: OrderListItem;
  tab: OrderTab;
  onOpen: (order: OrderListItem) => void;
}) {
  if (tab === 'cancelled') return null;
  const open = (e: MouseEvent) => {
    e.stopPropagation();
    onOpen(order);
  };
  const isNew = isOrderStatus(order.status) && isNewStatus(order.status);
  const actions = isNew
    ? [
        { label: 'Review', icon: IconEye, color: 'gray' },
        { label: 'Reject', icon: IconX, color: 'red' },
        { label: 'Accept', icon: IconCheck, color: 'teal' },
      ]
    : [{ label: 'View', icon: IconEye, color: 'gray' }];
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {actions.map(({ label, icon: Icon, color }) => (
        <Tooltip key={label} label={label} withinPortal>
          <ActionIcon variant="light" color={color} onClick={open} aria-label={`${label} order ${order.id}`}>
            <Icon size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
