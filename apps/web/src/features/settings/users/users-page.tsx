import { Stack, Text, Title } from '@mantine/core';

/** /settings/users: placeholder, replaced by the Users page (part 2). */
export function UsersSettingsPage() {
  return (
    <Stack gap="xs">
      <Title order={2} fz="xl">
        Users
      </Title>
      <Text c="dimmed">Invite, edit or remove the people who work in this console.</Text>
    </Stack>
  );
}
