import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Heading of a settings page or of one card on it. */
export function SectionHeader({
  title,
  description,
  order = 2,
}: {
  title: ReactNode;
  description?: ReactNode;
  order?: 2 | 3;
}) {
  return (
    <Stack gap={4} mb="md">
      <Title order={order} fz={order === 2 ? 'xl' : 'lg'}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" fz="sm">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
