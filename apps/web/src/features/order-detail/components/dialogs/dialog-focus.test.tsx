/**
 * Dialogs that charge or reject open with focus on Cancel, never on the button that acts: a double Enter
 * must not capture a payment or reject an order (docs/decisions/0097).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { exampleOrder } from '../../../../test/orders.ts';
import { renderWithProviders } from '../../../../test/render-app.tsx';
import { AcceptDialog } from './accept-dialog.tsx';
import { RejectDialog } from './reject-dialog.tsx';

const order = exampleOrder({
  id: 'A1',
  status: 'SUBMITTED',
  items: [],
  transaction: { ...exampleOrder().transaction, total: 0 },
  delivery: { method: 'shipping', date: null, window: null },
});

function open(dialog: (run: ReturnType<typeof vi.fn>) => ReactElement) {
  const run = vi.fn(async () => ({ ok: true, fieldErrors: {} }));
  renderWithProviders(dialog(run));
  return run;
}

describe('dialogs that charge or reject open on Cancel', () => {
  it('Accept & Confirm: focus on Cancel; Enter twice accepts nothing', async () => {
    const onClose = vi.fn();
    const run = open((r) => (
      <AcceptDialog opened onClose={onClose} order={order} actions={{ run: r, isPending: false } as never} />
    ));
    const dialog = await screen.findByRole('dialog', { name: 'Accept & Confirm' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await userEvent.keyboard('{Enter}{Enter}');
    expect(run).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('Reject Order: focus on Cancel; Enter twice rejects nothing', async () => {
    const onClose = vi.fn();
    const run = open((r) => (
      <RejectDialog opened onClose={onClose} order={order} actions={{ run: r, isPending: false } as never} />
    ));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Order' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await userEvent.keyboard('{Enter}{Enter}');
    expect(run).not.toHaveBeenCalled();
  });
});
