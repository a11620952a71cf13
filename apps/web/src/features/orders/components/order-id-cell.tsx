import { Badge, Group, Text } from '@mantine/core';
import type { OrderListItem } from '@mc/api';
import { AT_DISTRIBUTOR_LABEL } from '@mc/domain';
import { IconDiscount2, IconGift } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { DeferredFloating } from '../../../components/deferred-floating.tsx';

const PROMO_LABEL = 'Promo discount applied';
const GIFT_LABEL = 'Gift';

/** An icon's tooltip, its code loaded on the first hover (components/deferred-floating.tsx). */
function IconTip({ label, children }: { label: string; children: ReactElement<object> }) {
  return (
    <DeferredFloating target={children}>
      {({ Tooltip }, target, opened) => (
        <Tooltip label={label} withinPortal defaultOpened={opened}>
          {target}
        </Tooltip>
      )}
    </DeferredFloating>
  );
}

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
        <IconTip label={GIFT_LABEL}>
          <IconGift size={16} role="img" aria-label={GIFT_LABEL} color="var(--mantine-color-pink-6)" />
        </IconTip>
      ) : null}
      {order.has_at_distributor ? (
        <Badge size="xs" color="grape" variant="light" style={{ textTransform: 'none' }}>
          {AT_DISTRIBUTOR_LABEL}
        </Badge>
      ) : null}
      {order.promo_code ? (
        <IconTip label={PROMO_LABEL}>
          <IconDiscount2 size={16} role="img" aria-label={PROMO_LABEL} color="var(--mantine-color-teal-7)" />
        </IconTip>
      ) : null}
    </Group>
  );
}
