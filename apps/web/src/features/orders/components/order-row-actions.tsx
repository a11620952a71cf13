import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { OrderListItem } from '@mc/api';
import { isNewStatus, isOrderStatus, type OrderTab } from '@mc/domain';
import { IconCheck, IconEye, IconX } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import type { ReviewIntent } from '../../../lib/review-link.ts';

/**
 * Per-row actions (part 1 §2): review, reject and accept on new orders, view on the others, none on
 * the cancelled tab. Review and view open the 'Review Order' modal; reject and accept open it with
 * that dialog on top.
 */
export function OrderRowActions({
  order,
  tab,
  onOpen,
}: {
  order: OrderListItem;
  tab: OrderTab;
  onOpen: (order: OrderListItem, intent?: ReviewIntent) => void;
}) {
  if (tab === 'cancelled') return null;
  const open = (intent?: ReviewIntent) => (e: MouseEvent) => {
    e.stopPropagation();
    onOpen(order, intent);
  };
  const isNew = isOrderStatus(order.status) && isNewStatus(order.status);
  const actions = isNew
    ? [
        { label: 'Review', icon: IconEye, color: 'gray', intent: undefined },
        { label: 'Reject', icon: IconX, color: 'red', intent: 'reject' as const },
        { label: 'Accept', icon: IconCheck, color: 'teal', intent: 'accept' as const },
      ]
    : [{ label: 'View', icon: IconEye, color: 'gray', intent: undefined }];
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {actions.map(({ label, icon: Icon, color, intent }) => (
        <Tooltip key={label} label={label} withinPortal>
          <ActionIcon
            variant="light"
            color={color}
            onClick={open(intent)}
            aria-label={`${label} order ${order.id}`}
          >
            <Icon size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
