import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBottle } from '@tabler/icons-react';

/** /inventory: placeholder until the inventory table is built (part 1 §2 "Inventory"). */
export function InventoryPage() {
  return (
    <div>
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg">
        Inventory
      </Title>
      <Paper withBorder p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" ta="center" gap="xs">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
            <IconBottle size={26} />
          </ThemeIcon>
          <Text c="dimmed">Your inventory items appear here.</Text>
        </Stack>
      </Paper>
    </div>
  );
}
