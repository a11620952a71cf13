import { Button, Group, Text } from '@mantine/core';
import { deliveryMethodFilterOptions, statusLabel } from '@mc/domain';
import { IconX } from '@tabler/icons-react';
import type { ListFilters } from '../../../lib/query-keys.ts';
import classes from '../orders.module.css';

interface Chip {
  key: string;
  label: string;
  remove: () => void;
}

/**
 * 'Filters on' above the list: each filter that narrows it as a chip that removes it, and 'Clear all'. A
 * filtered column header alone (METHOD reading 'Shipping') was easy to miss (docs/decisions/0133).
 */
export function ActiveFilters({
  filters,
  status,
  onChange,
  methods,
  brandOptions,
}: {
  filters: ListFilters;
  /** The status filter as it applies on this tab (listStatusFilter). */
  status: string | null;
  onChange: (f: ListFilters) => void;
  methods: string[];
  brandOptions: { value: string; label: string }[];
}) {
  const { method, brands } = filters;
  const chips: Chip[] = [];
  if (status !== null)
    chips.push({
      key: 'status',
      label: `Status: ${statusLabel(status)}`,
      remove: () => onChange({ ...filters, status: null }),
    });
  if (method !== null) {
    const options = deliveryMethodFilterOptions(methods.length ? methods : undefined);
    const label = options.find((o) => o.value === method)?.label ?? method;
    chips.push({
      key: 'method',
      label: `Method: ${label}`,
      remove: () => onChange({ ...filters, method: null }),
    });
  }
  for (const ref of brands) {
    const label = brandOptions.find((b) => b.value === ref)?.label ?? ref;
    chips.push({
      key: `brand:${ref}`,
      label: `Brand: ${label}`,
      remove: () => onChange({ ...filters, brands: brands.filter((b) => b !== ref) }),
    });
  }
  if (chips.length === 0) return null;
  const clearAll = () => onChange({ ...filters, method: null, status: null, brands: [] });
  return (
    <Group gap={6} className={classes.activeFilters} role="group" aria-label="Filters on">
      <Text fz="sm" fw={600} component="span">
        Filters on:
      </Text>
      {chips.map((c) => (
        <Button
          key={c.key}
          size="compact-sm"
          variant="light"
          radius="xl"
          rightSection={<IconX size={14} aria-hidden="true" />}
          aria-label={`Remove filter ${c.label}`}
          onClick={c.remove}
        >
          {c.label}
        </Button>
      ))}
      <Button size="compact-sm" variant="subtle" onClick={clearAll}>
        Clear all
      </Button>
    </Group>
  );
}
