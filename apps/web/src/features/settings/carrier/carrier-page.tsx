import { Stack, Text, Title } from '@mantine/core';

/** /settings/carrier: placeholder, replaced by the Carrier Account page (part 2). */
export function CarrierAccountSettingsPage() {
  return (
    <Stack gap="xs">
      <Title order={2} fz="xl">
        Carrier Account
      </Title>
      <Text c="dimmed">Your shipping carrier account for labels.</Text>
    </Stack>
  );
}
