import { Stack, Text, Title } from '@mantine/core';

/** /settings/profile: placeholder, replaced by the Profile page (part 2). */
export function ProfileSettingsPage() {
  return (
    <Stack gap="xs">
      <Title order={2} fz="xl">
        Profile
      </Title>
      <Text c="dimmed">Your name, email, phone and password.</Text>
    </Stack>
  );
}
