import type { OrderStatus } from '@mc/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { exampleOrder, exampleOrderItem } from '../../../test/orders.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { ItemTable } from './item-table.tsx';

const item = exampleOrderItem({ id: 'I1', name: 'Blanton Gold', parent_line_item_id: null });

function renderTable(status: OrderStatus, onItemProblem = vi.fn()) {
  renderWithProviders(
    <ItemTable order={exampleOrder({ status, items: [item] })} onItemProblem={onItemProblem} />,
  );
  return onItemProblem;
}

describe('ItemTable item options', () => {
  it('a new order offers Out of stock and Wrong Price, and a click reports the item', async () => {
    const onItemProblem = renderTable('SUBMITTED');
    const button = screen.getByRole('button', { name: 'Out of stock: Blanton Gold' });
    expect(button).not.toHaveAttribute('aria-disabled');
    await userEvent.setup().click(button);
    expect(onItemProblem).toHaveBeenCalledWith(expect.objectContaining({ id: 'I1' }), 'outOfStock');
  });

  it('a cancelled order shows the options disabled, with the reason, and a click does nothing', async () => {
    const onItemProblem = renderTable('CANCELLED');
    expect(screen.getByRole('columnheader', { name: 'Options' })).toBeInTheDocument();
    for (const name of ['Out of stock: Blanton Gold', 'Wrong Price: Blanton Gold']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(
        'This order is cancelled, so its items can no longer be changed',
      );
      await userEvent.setup().click(button);
    }
    expect(onItemProblem).not.toHaveBeenCalled();
  });

  it.each([
    ['MERCHANT_REJECTED', 'This order was rejected, so its items can no longer be changed'],
    ['PAYMENT_DECLINED', "This order's payment was declined, so its items can no longer be changed"],
    ['DISPUTED', 'This order is disputed, so its items can no longer be changed'],
    ['REFUNDED', 'This order was refunded, so its items can no longer be changed'],
  ] as const)('%s shows the options disabled with its reason', (status, reason) => {
    renderTable(status);
    expect(screen.getByRole('button', { name: 'Wrong Price: Blanton Gold' })).toHaveAccessibleDescription(
      reason,
    );
  });

  it('an accepted order and the accept dialog show no options', () => {
    renderTable('MERCHANT_ACCEPTED');
    expect(screen.queryByRole('columnheader', { name: 'Options' })).toBeNull();
  });
});
