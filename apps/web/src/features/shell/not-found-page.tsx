import { Button, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@mc/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'wouter';

/** The 404 page: shown inside the shell for an unknown path when logged in. */
export function NotFoundPage() {
  return (
    <Stack align="center" ta="center" gap="sm" py={{ base: 48, sm: 96 }} px="md">
      <Text
        aria-hidden="true"
        fw={800}
        fz={{ base: 88, sm: 120 }}
        lh={1}
        style={{
          letterSpacing: '-0.04em',
          background: 'linear-gradient(135deg, #d2567e 0%, #571733 100%)',
          WebkitBackgroundClip: 'text',
          backgroundClip: 'text',
          color: 'transparent',
        }}
      >
        404
      </Text>
      {/* as written ('Error Code: 404'), not upper-cased */}
      <Text fw={700} fz="sm" c="wine.8" style={{ letterSpacing: '0.04em' }}>
        {MSG.NOT_FOUND_CODE}
      </Text>
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {MSG.NOT_FOUND_TITLE}
      </Title>
      <Text c="dimmed">{MSG.NOT_FOUND_TEXT}</Text>
      <Button
        component={Link}
        to="/"
        size="md"
        mt="md"
        leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
      >
        {MSG.GO_BACK_HOME}
      </Button>
    </Stack>
  );
}
