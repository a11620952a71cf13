import type { OrderListItem } from '@mc/api';
import { type RefObject, useState } from 'react';
import { openDialogs, useShortcuts } from '../../../lib/keyboard-shortcuts.ts';

const ROW_SELECTOR = '[data-order-id]';

/**
 * `j`/`k` move a highlight through the list's rows (table rows on a desktop, cards on a phone) and `Enter`
 * opens the highlighted order. The highlighted row also takes the focus and scrolls into view; a row the
 * user focused (Tab, click) is where `j`/`k` continue from.
 */
export function useRowCursor(
  container: RefObject<HTMLElement | null>,
  orders: OrderListItem[],
  onOpen: (order: OrderListItem) => void,
) {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const current = orders.some((o) => o.id === highlighted) ? highlighted : null;

  const rowOf = (id: string) =>
    container.current?.querySelector<HTMLElement>(`${ROW_SELECTOR}[data-order-id="${CSS.escape(id)}"]`) ??
    null;

  const move = (step: 1 | -1) => (event: KeyboardEvent) => {
    if (orders.length === 0 || openDialogs().length > 0) return;
    event.preventDefault();
    const focusedRow = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(ROW_SELECTOR);
    const focusedId =
      focusedRow && container.current?.contains(focusedRow) ? focusedRow.dataset.orderId : null;
    const from = orders.findIndex((o) => o.id === (focusedId ?? current));
    const to = from < 0 ? 0 : Math.min(orders.length - 1, Math.max(0, from + step));
    const id = orders[to]!.id;
    setHighlighted(id);
    const row = rowOf(id);
    if (row) {
      row.focus({ preventScroll: true });
      row.scrollIntoView?.({ block: 'nearest' });
    }
  };

  const open = (event: KeyboardEvent) => {
    // A focused row opens itself on Enter (and prevents the default); a button or link keeps its Enter.
    if (event.defaultPrevented || !current || openDialogs().length > 0) return;
    const active = document.activeElement;
    if (active && active !== document.body && !active.matches(ROW_SELECTOR)) return;
    const order = orders.find((o) => o.id === current);
    if (!order) return;
    event.preventDefault();
    onOpen(order);
  };

  useShortcuts([
    ['j', move(1)],
    ['k', move(-1)],
    ['Enter', open],
  ]);

  return {
    highlightedId: current,
    /** A row that gets the focus (Tab, click) becomes the highlighted one. */
    onRowFocus: (id: string) => setHighlighted(id),
  };
}
