import { Stack, Text, Title } from '@mantine/core';

/** /settings/billing: placeholder, replaced by the Billing page (part 2). */
export function BillingSettingsPage() {
  return (
    <Stack gap="xs">
      <Title order={2} fz="xl">
        Billing
      </Title>
      <Text c="dimmed">Payment onboarding so that you can receive orders.</Text>
    </Stack>
  );
}
