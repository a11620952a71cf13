import { getContrastColor, useMantineTheme } from '@mantine/core';
import type { OrderListItem } from '@mc/api';
import { slaBadgeLook } from '@mc/domain';
import classes from '../orders.module.css';
import { badgeBackground } from './badge-colors.ts';

/**
 * On Track badge with the server's message: SLA0 a green tint with a tick, SLA1 solid orange with a
 * clock, SLA2 solid dark red with a warning sign (the domain's slaBadgeLook), so a glance down the column
 * finds the late orders without reading. One element: the symbol is drawn by the stylesheet from
 * `data-sla-symbol` (a list of 30 rows carried 30 icon trees).
 */
export function SlaBadge({ status }: { status: OrderListItem['on_track_status'] }) {
  const theme = useMantineTheme();
  if (!status) return <span title="No SLA">—</span>;
  const look = slaBadgeLook(status.type);
  return (
    <span
      className={classes.slaBadge}
      data-sla={status.type}
      data-sla-symbol={look.symbol}
      data-variant={look.variant}
      style={{
        background: badgeBackground(look.color, look.variant),
        // A tint takes the dark text every light badge has (app/theme.ts); a solid fill the readable one of black and white.
        color:
          look.variant === 'light'
            ? 'var(--mantine-color-dark-7)'
            : getContrastColor({ color: look.color, theme, autoContrast: true }),
      }}
    >
      {status.message}
    </span>
  );
}
