import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MSG } from '@mc/domain';
import { IconChartBar } from '@tabler/icons-react';

/** /reports: a placeholder in the spec (part 2 §1). */
export function ReportsPage() {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }}>
      <Center>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconChartBar size={30} />
          </ThemeIcon>
          <Title order={1} fz={26}>
            Reports
          </Title>
          <Text c="dimmed" fz="lg">
            {MSG.REPORTS_COMING_SOON}
          </Text>
        </Stack>
      </Center>
    </Paper>
  );
}
