import { Badge } from '@mantine/core';
import type { OrderListItem } from '@mc/api';
import { slaColor } from '@mc/domain';

/** On Track badge: SLA0 green, SLA1 orange, SLA2 red, with the server's message. */
export function SlaBadge({ status }: { status: OrderListItem['on_track_status'] }) {
  if (!status) return <span title="No SLA">—</span>;
  return (
    <Badge
      color={slaColor(status.type)}
      variant="light"
      radius="sm"
      data-sla={status.type}
      style={{ textTransform: 'none', width: 'max-content', maxWidth: 'none' }}
    >
      {status.message}
    </Badge>
  );
}
