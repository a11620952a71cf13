import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

/** One orders tab: placeholder until the orders list is built (part 1 §2, part 2 §2.1). */
export function OrdersTabPage() {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
          <IconInbox size={26} />
        </ThemeIcon>
        <Text fw={600}>No orders available</Text>
        <Text c="dimmed" fz="sm">
          New orders appear here as soon as customers place them.
        </Text>
      </Stack>
    </Paper>
  );
}
