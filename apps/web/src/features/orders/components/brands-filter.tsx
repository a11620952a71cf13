import { Button, Loader } from '@mantine/core';
import { selectedCountText } from '@mc/domain';
import { IconChevronDown } from '@tabler/icons-react';
import { Suspense } from 'react';
import { DeferredFloating } from '../../../components/deferred-floating.tsx';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import { preloadActiveFilters } from './active-filters-loader.ts';
import type { BrandsFilterProps } from './brands-options.tsx';

const loadOptions = () => import('./brands-options.tsx');
const BrandsOptions = lazyNamed(loadOptions, 'BrandsOptions');
/**
 * The list's chunk starts loading with the popover's (on hover, focus or press), not after it; so does
 * 'Filters on', which shows once a brand is picked.
 */
const preload = () => {
  void loadOptions().catch(() => undefined);
  preloadActiveFilters();
};

/** BRANDS column header: a multi-select that shows '{n} selected'. */
export function BrandsFilter({ brands, value, onChange }: BrandsFilterProps) {
  const label = value.length ? selectedCountText(value.length) : 'BRANDS';
  return (
    <DeferredFloating
      popup="dialog"
      target={
        <Button
          variant={value.length ? 'light' : 'subtle'}
          size="compact-sm"
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={value.length ? `Brands filter: ${label}` : 'Brands filter'}
          onPointerEnter={preload}
          onFocus={preload}
          onPointerDown={preload}
        >
          {label}
        </Button>
      }
    >
      {({ Popover }, target, opened) => (
        <Popover position="bottom-start" withinPortal shadow="md" trapFocus defaultOpened={opened}>
          <Popover.Target>{target}</Popover.Target>
          <Popover.Dropdown p="sm" miw={220}>
            <Suspense fallback={<Loader size="sm" aria-label="Loading brands" />}>
              <BrandsOptions brands={brands} value={value} onChange={onChange} />
            </Suspense>
            {value.length ? (
              <Button variant="subtle" size="compact-xs" mt="sm" onClick={() => onChange([])}>
                Clear
              </Button>
            ) : null}
          </Popover.Dropdown>
        </Popover>
      )}
    </DeferredFloating>
  );
}
