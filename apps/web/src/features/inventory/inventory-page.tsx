import { Group, NativeSelect, Text, Title } from '@mantine/core';
import {
  INVENTORY_FILTERS,
  INVENTORY_SORTS,
  type InventoryFilter,
  inventoryLastUpdateText,
  sortInventory,
} from '@mc/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Spinner } from '../../components/page-loader.tsx';
import { merchantQueryOptions } from '../../lib/merchant-api.ts';
import { useSession } from '../../lib/session.ts';
import { offeringsQueryOptions } from './api/get-offerings.ts';
import { InventoryTable } from './components/inventory-table.tsx';
import classes from './inventory.module.css';

const SORT_OPTIONS = [
  { value: '', label: 'Select an option' },
  ...INVENTORY_SORTS.map((s) => ({ value: s.path, label: s.label })),
];
const FILTER_OPTIONS = INVENTORY_FILTERS.map((f) => ({ value: f.value, label: f.label }));

/** /inventory: the store's offerings with a filter and sortable columns (rules in packages/domain inventory.ts). */
export function InventoryPage() {
  const { merchantKey } = useSession();
  const tmk = merchantKey ?? '';
  const [filter, setFilter] = useState<InventoryFilter>('');
  const [sortPath, setSortPath] = useState('');
  const offerings = useQuery({ ...offeringsQueryOptions(tmk, filter), enabled: Boolean(tmk) });
  const merchant = useQuery({ ...merchantQueryOptions(tmk), enabled: Boolean(tmk) });
  const items = useMemo(
    () => sortInventory(offerings.data?.items ?? [], sortPath),
    [offerings.data, sortPath],
  );
  const receivedAt = offerings.dataUpdatedAt;

  return (
    <div>
      <Group justify="space-between" align="flex-end" mb="md" gap="xs">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Inventory
        </Title>
        {offerings.isSuccess && receivedAt ? (
          <Text fz="sm" c="dimmed" data-testid="inventory-last-update">
            {inventoryLastUpdateText(receivedAt)}
          </Text>
        ) : null}
      </Group>
      <div className={classes.toolbar}>
        <NativeSelect
          label="Filter By"
          data={FILTER_OPTIONS}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value as InventoryFilter)}
          w={{ base: '100%', xs: 260 }}
        />
        <NativeSelect
          label="Sort By"
          data={SORT_OPTIONS}
          value={sortPath}
          onChange={(e) => setSortPath(e.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
        {offerings.isFetching ? <Spinner size="sm" label="Loading inventory" mb={8} /> : null}
        {offerings.isSuccess ? (
          <Text fz="sm" c="dimmed" mb={8} ml="auto">
            {items.length.toLocaleString('en-US')} items
          </Text>
        ) : null}
      </div>
      {offerings.isSuccess ? (
        <InventoryTable items={items} merchantName={merchant.data?.name ?? ''} merchantId={tmk} />
      ) : offerings.isError ? (
        <Text c="dimmed">The inventory could not be loaded. Please try again later.</Text>
      ) : (
        <Group justify="center" py={48} role="status">
          <Spinner label="Loading inventory" />
        </Group>
      )}
    </div>
  );
}
