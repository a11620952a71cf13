import { describe, expect, it } from 'vitest';
import {
  historyActionText,
  historyActorName,
  historyItemProblems,
  historyStatusChange,
  historyTitle,
} from './order-history.ts';

describe('order history timeline', () => {
  it.each([
    ['placed', 'Order placed'],
    ['accept', 'Accepted'],
    ['reject', 'Rejected'],
    ['reject_items', 'Put on hold (item problem)'],
    ['ship', 'Shipped with tracking'],
    ['out_for_delivery', 'Out for delivery'],
    ['courier_requested', 'Courier pickup requested'],
    ['delivered', 'Delivered'],
    ['payment_declined', 'Payment declined'],
    ['tracking_updated', 'Tracking updated'],
    ['delivery_details_saved', 'Delivery details saved'],
    ['instructions_updated', 'Delivery instructions updated'],
    ['rejection_message_saved', 'Item problems saved'],
    ['customer_cancelled', 'Cancelled by the customer'],
    ['customer_accepted_changes', 'Customer accepted the changes'],
    ['dispute', 'Disputed'],
    ['refund', 'Refunded'],
    ['some_new_action', 'some new action'],
  ])('%s reads %s', (action, text) => expect(historyActionText(action)).toBe(text));

  it('names the actor, else the marketplace or the store', () => {
    expect(historyActorName({ action: 'accept', actor_type: 'merchant', actor_name: 'Ann' })).toBe('Ann');
    expect(historyActorName({ action: 'accept', actor_type: 'merchant', actor_name: null })).toBe('Store');
    expect(historyActorName({ action: 'placed', actor_type: 'marketplace' })).toBe('Marketplace');
  });

  it('shows the status change in words a merchant reads', () => {
    const e = { action: 'accept', actor_type: 'merchant' };
    expect(historyStatusChange({ ...e, from_status: 'SUBMITTED', to_status: 'MERCHANT_ACCEPTED' })).toBe(
      'New → Accepted',
    );
    expect(historyStatusChange({ ...e, from_status: 'SUBMITTED', to_status: 'REJECTED_PARTIAL' })).toBe(
      'New → On Hold',
    );
    expect(historyStatusChange({ ...e, from_status: 'SUBMITTED', to_status: 'MERCHANT_REJECTED' })).toBe(
      'New → Rejected',
    );
    expect(
      historyStatusChange({ ...e, from_status: 'MERCHANT_SHIPPED', to_status: 'MERCHANT_SHIPPED' }),
    ).toBe('Shipped');
    expect(historyStatusChange({ ...e, from_status: null, to_status: 'SUBMITTED' })).toBe('New');
    expect(historyStatusChange({ ...e, from_status: 'SUBMITTED', to_status: null })).toBe('');
  });

  it('titles an entry as a merchant reads it', () => {
    const by = { actor_type: 'merchant', actor_name: 'Olivia Owner' };
    expect(historyTitle({ ...by, action: 'accept' })).toBe('Accepted by Olivia Owner');
    expect(historyTitle({ ...by, action: 'delivered' })).toBe('Delivered by Olivia Owner');
    expect(historyTitle({ actor_type: 'merchant', actor_name: null, action: 'accept' })).toBe('Accepted');
    expect(historyTitle({ actor_type: 'marketplace', action: 'placed' })).toBe('Order placed');
    expect(historyTitle({ actor_type: 'marketplace', actor_name: 'Shop', action: 'refund' })).toBe(
      'Refunded',
    );
    expect(historyTitle({ ...by, action: 'reject_items', item_problems: ['WRONG_PRICE'] })).toBe(
      'Put on hold: wrong price',
    );
    expect(historyTitle({ ...by, action: 'reject_items', item_problems: ['OUT_OF_STOCK'] })).toBe(
      'Put on hold: out of stock',
    );
    expect(
      historyTitle({ ...by, action: 'reject_items', item_problems: ['OUT_OF_STOCK', 'WRONG_PRICE'] }),
    ).toBe('Put on hold: out of stock and wrong price');
    expect(historyTitle({ ...by, action: 'reject_items', item_problems: [] })).toBe(
      'Put on hold (item problem)',
    );
  });

  it('reads the item problems a reject_items entry stores', () => {
    expect(
      historyItemProblems({ items: { a: ['WRONG_PRICE'], b: ['WRONG_PRICE', 'OUT_OF_STOCK'] } }),
    ).toEqual(['OUT_OF_STOCK', 'WRONG_PRICE']);
    expect(historyItemProblems({ items: { a: ['WRONG_PRICE'] } })).toEqual(['WRONG_PRICE']);
    expect(historyItemProblems(null)).toEqual([]);
    expect(historyItemProblems({ items: 'x' })).toEqual([]);
  });
});
