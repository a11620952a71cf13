import { Button } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { DeferredFloating } from '../../../components/deferred-floating.tsx';
import { preloadActiveFilters } from './active-filters-loader.ts';

/**
 * A column header that filters by one value: '<HEADER>' until a value is chosen, then that value alone
 * (like BRANDS' '{n} selected': '<HEADER>: …' pushed TOTAL under the sticky actions column at 1440 px,
 * decision 0093), with 'All …' first in its menu.
 */
export function ColumnFilterMenu({
  name,
  header,
  allLabel,
  options,
  value,
  onChange,
}: {
  /** The button's accessible name: '<name> filter', or '<name> filter: <label>' when filtered. */
  name: string;
  header: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const current = options.find((o) => o.value === value);
  return (
    <DeferredFloating
      popup="menu"
      target={
        <Button
          variant={current ? 'light' : 'subtle'}
          size="compact-sm"
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={current ? `${name} filter: ${current.label}` : `${name} filter`}
          onPointerEnter={preloadActiveFilters}
          onFocus={preloadActiveFilters}
          onPointerDown={preloadActiveFilters}
        >
          {current ? current.label : header}
        </Button>
      }
    >
      {({ Menu }, target, opened) => (
        <Menu position="bottom-start" withinPortal defaultOpened={opened}>
          <Menu.Target>{target}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onChange(null)} leftSection={current ? null : <IconCheck size={14} />}>
              {allLabel}
            </Menu.Item>
            {options.map((o) => (
              <Menu.Item
                key={o.value}
                onClick={() => onChange(o.value)}
                leftSection={current?.value === o.value ? <IconCheck size={14} /> : null}
              >
                {o.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </DeferredFloating>
  );
}
