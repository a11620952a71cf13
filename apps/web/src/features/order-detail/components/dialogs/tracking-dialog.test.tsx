import type { OrderDetail } from '@mc/api';
import { MSG } from '@mc/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { exampleOrder } from '../../../../test/orders.ts';
import { renderWithProviders } from '../../../../test/render-app.tsx';
import { TrackingDialog } from './tracking-dialog.tsx';

function open(status: string) {
  const order = exampleOrder({
    id: 'A1',
    status: status as OrderDetail['status'],
    tracking_provider: status === 'MERCHANT_SHIPPED' ? 'UPS' : null,
    tracking_id: status === 'MERCHANT_SHIPPED' ? '1Z999' : null,
    delivery: { method: 'shipping', date: null, window: null },
  });
  renderWithProviders(
    <TrackingDialog opened onClose={() => {}} order={order} actions={{ run: vi.fn() } as never} />,
  );
}

describe('tracking dialog title', () => {
  it("an accepted order is shipped with it: 'Tracking Information', 'You're ready to ship!'", () => {
    open('MERCHANT_ACCEPTED');
    expect(screen.getByRole('dialog', { name: MSG.TRACKING_TITLE })).toBeInTheDocument();
    expect(screen.getByText(MSG.READY_TO_SHIP)).toBeInTheDocument();
  });

  it("a shipped order's tracking is edited: 'Edit Tracking', no 'ready to ship'", () => {
    open('MERCHANT_SHIPPED');
    expect(screen.getByRole('dialog', { name: MSG.EDIT_TRACKING_TITLE })).toBeInTheDocument();
    expect(screen.queryByText(MSG.READY_TO_SHIP)).toBeNull();
    expect(screen.getByText(MSG.EDIT_TRACKING_HINT)).toBeInTheDocument();
    expect(screen.getByLabelText('Tracking number')).toHaveValue('1Z999');
  });
});
