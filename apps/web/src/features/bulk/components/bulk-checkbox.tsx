import { Checkbox } from '@mantine/core';
import type { BulkSelection } from '../hooks/use-bulk-selection.ts';

/** The header checkbox: all loaded rows. */
export function BulkSelectAll({ selection }: { selection: BulkSelection }) {
  return (
    <Checkbox
      size="xs"
      aria-label="Select all loaded orders"
      checked={selection.allSelected}
      indeterminate={selection.someSelected}
      disabled={selection.locked}
      onChange={selection.toggleAll}
    />
  );
}

/** One row's checkbox; clicks do not reach the row (which opens the order). */
export function BulkRowCheckbox({ selection, orderId }: { selection: BulkSelection; orderId: string }) {
  return (
    <Checkbox
      size="xs"
      aria-label={`Select order ${orderId}`}
      checked={selection.isSelected(orderId)}
      disabled={selection.locked}
      onChange={() => selection.toggle(orderId)}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    />
  );
}
