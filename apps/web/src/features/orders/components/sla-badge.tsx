import { Badge } from '@mantine/core';
import type { OrderListItem } from '@mc/api';
import { type SlaBadgeLook, slaBadgeLook } from '@mc/domain';
import { IconAlertTriangle, IconCircleCheck, IconClockExclamation } from '@tabler/icons-react';

const SYMBOLS: Record<SlaBadgeLook['symbol'], typeof IconCircleCheck> = {
  'on-track': IconCircleCheck,
  'due-soon': IconClockExclamation,
  late: IconAlertTriangle,
};

/**
 * On Track badge with the server's message: SLA0 a green tint with a tick, SLA1 solid orange with a
 * clock, SLA2 solid dark red with a warning sign (the domain's slaBadgeLook), so a glance down the column
 * finds the late orders without reading.
 */
export function SlaBadge({ status }: { status: OrderListItem['on_track_status'] }) {
  if (!status) return <span title="No SLA">—</span>;
  const look = slaBadgeLook(status.type);
  const LevelIcon = SYMBOLS[look.symbol];
  return (
    <Badge
      color={look.color}
      variant={look.variant}
      autoContrast
      radius="sm"
      data-sla={status.type}
      data-sla-symbol={look.symbol}
      leftSection={<LevelIcon size={14} stroke={2.2} aria-hidden="true" />}
      style={{ textTransform: 'none', width: 'max-content', maxWidth: 'none' }}
    >
      {status.message}
    </Badge>
  );
}
