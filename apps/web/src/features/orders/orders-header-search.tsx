import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/**
 * The two header search boxes of the orders pages (part 1 §2 "Order search"), rendered in the shell's
 * header slot. Placeholder inputs: the orders feature wires the search behaviour.
 */
export function OrdersHeaderSearch() {
  return (
    <Group gap="xs" wrap="nowrap" role="search" aria-label="Order search" style={{ width: '100%' }}>
      <TextInput
        aria-label="Order #"
        placeholder="Order #"
        size="sm"
        leftSection={<IconSearch size={14} aria-hidden="true" />}
        style={{ flex: 1, minWidth: 0 }}
        w={{ lg: 180 }}
      />
      <TextInput
        aria-label="Customer Name"
        placeholder="Customer Name"
        size="sm"
        leftSection={<IconSearch size={14} aria-hidden="true" />}
        style={{ flex: 1, minWidth: 0 }}
        w={{ lg: 200 }}
      />
    </Group>
  );
}
