import { useEffect, useRef } from 'react';
import type { BulkSelection } from '../hooks/use-bulk-selection.ts';
import classes from './bulk.module.css';

/**
 * The header checkbox: all loaded rows. A native checkbox, like the rows' (one element where Mantine's
 * Checkbox draws seven); its mixed state is a property only, set after render.
 */
export function BulkSelectAll({ selection }: { selection: BulkSelection }) {
  const ref = useRef<HTMLInputElement>(null);
  const mixed = selection.someSelected;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={classes.check}
      aria-label="Select all loaded orders"
      checked={selection.allSelected}
      data-indeterminate={mixed || undefined}
      disabled={selection.locked}
      onChange={selection.toggleAll}
    />
  );
}

/** One row's checkbox; clicks do not reach the row (which opens the order). */
export function BulkRowCheckbox({ selection, orderId }: { selection: BulkSelection; orderId: string }) {
  return (
    <input
      type="checkbox"
      className={classes.check}
      aria-label={`Select order ${orderId}`}
      checked={selection.isSelected(orderId)}
      disabled={selection.locked}
      onChange={() => selection.toggle(orderId)}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    />
  );
}
