import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { OrderListItem } from '@mc/api';
import { AT_DISTRIBUTOR_LABEL } from '@mc/domain';
import { IconDiscount2, IconGift } from '@tabler/icons-react';

const PROMO_LABEL = 'Promo discount applied';
const GIFT_LABEL = 'Gift';

/** ORDER ID with its icons: gift, 'At Distributor', 'Promo discount applied', and the new flag. */
export function OrderIdCell({ order, isNew }: { order: OrderListItem; isNew: boolean }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text fw={600} ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {order.id}
      </Text>
      {isNew ? (
        <Badge size="xs" color="wine" variant="filled" data-new-order>
          New
        </Badge>
      ) : null}
      {order.gift_message ? (
        <Tooltip label={GIFT_LABEL} withinPortal>
          <IconGift size={16} role="img" aria-label={GIFT_LABEL} color="var(--mantine-color-pink-6)" />
        </Tooltip>
      ) : null}
      {order.has_at_distributor ? (
        <Badge size="xs" color="grape" variant="light" style={{ textTransform: 'none' }}>
          {AT_DISTRIBUTOR_LABEL}
        </Badge>
      ) : null}
      {order.promo_code ? (
        <Tooltip label={PROMO_LABEL} withinPortal>
          <IconDiscount2 size={16} role="img" aria-label={PROMO_LABEL} color="var(--mantine-color-teal-7)" />
        </Tooltip>
      ) : null}
    </Group>
  );
}
