import { ActionIcon, Group } from '@mantine/core';
import type { OrderListItem } from '@mc/api';
import { type OrderTab, ROW_ACTION_LABELS, type RowAction, rowActions } from '@mc/domain';
import { IconCheck, IconEye, IconX } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { DeferredFloating } from '../../../components/deferred-floating.tsx';
import type { ReviewIntent } from '../../../lib/review-link.ts';

/** How each row action looks and which dialog it opens over the 'Review Order' modal. */
const LOOK: Record<RowAction, { icon: typeof IconEye; color: string; intent?: ReviewIntent }> = {
  review: { icon: IconEye, color: 'gray' },
  reject: { icon: IconX, color: 'red', intent: 'reject' },
  accept: { icon: IconCheck, color: 'teal', intent: 'accept' },
  view: { icon: IconEye, color: 'gray' },
};

/**
 * Per-row actions, as the domain's rowActions decides: review, reject and accept on new
 * orders, view on the others, none on the cancelled tab. Review and view open the 'Review Order'
 * modal; reject and accept open it with that dialog on top.
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
  const actions = rowActions(order.status, tab);
  if (actions.length === 0) return null;
  const open = (intent?: ReviewIntent) => (e: MouseEvent) => {
    e.stopPropagation();
    onOpen(order, intent);
  };
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {actions.map((action) => {
        const { icon: Icon, color, intent } = LOOK[action];
        const label = ROW_ACTION_LABELS[action];
        return (
          <DeferredFloating
            key={action}
            target={
              <ActionIcon
                variant="light"
                color={color}
                onClick={open(intent)}
                aria-label={`${label} order ${order.id}`}
              >
                <Icon size={16} aria-hidden="true" />
              </ActionIcon>
            }
          >
            {({ Tooltip }, target, opened) => (
              <Tooltip label={label} withinPortal defaultOpened={opened}>
                {target}
              </Tooltip>
            )}
          </DeferredFloating>
        );
      })}
    </Group>
  );
}
