import { UnstyledButton } from '@mantine/core';
import { nextSortDirection, type SortDirection } from '@mc/domain';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';

const LABELS: Record<SortDirection, string> = { desc: 'descending', asc: 'ascending', none: 'none' };

/** CREATED header: a click cycles the date sort through descending, ascending, none. */
export function CreatedSort({
  value,
  onChange,
}: {
  value: SortDirection;
  onChange: (s: SortDirection) => void;
}) {
  const Icon = value === 'desc' ? IconSortDescending : value === 'asc' ? IconSortAscending : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={() => onChange(nextSortDirection(value))}
      aria-label={`CREATED, sorted ${LABELS[value]}`}
      data-sort={value}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, font: 'inherit', color: 'inherit' }}
    >
      CREATED <Icon size={15} aria-hidden="true" />
    </UnstyledButton>
  );
}
