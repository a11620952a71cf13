import type { OrderDetail } from '@mc/api';
import type { Mock } from 'vitest';
import { renderWithProviders } from '../../../../test/render-app.tsx';
import { type DeliveryMode, DeliveryPanel } from './delivery-panel.tsx';

/** The delivery panel open on `order` in `mode`, its order actions calling `run` (what a test reads back). */
export function openDeliveryPanel(order: OrderDetail, run: Mock, mode: DeliveryMode) {
  return renderWithProviders(
    <DeliveryPanel
      opened
      onClose={() => {}}
      order={order}
      actions={{ run, isPending: false } as never}
      mode={mode}
      tmk="tmk-1"
      onTrackingEntry={() => {}}
    />,
  );
}
