import { Stack, Text, Title } from '@mantine/core';

/** /settings/company: placeholder, replaced by the Company page (part 2). */
export function CompanySettingsPage() {
  return (
    <Stack gap="xs">
      <Title order={2} fz="xl">
        Company
      </Title>
      <Text c="dimmed">Store details and weekly delivery hours.</Text>
    </Stack>
  );
}
