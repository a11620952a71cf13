import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MSG } from '@mc/domain';
import { IconAlertOctagon } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { reportError } from '../../lib/error-reporting.ts';

/** The generic screen for a render crash (part 1 §2, §8); 'Go Back Home' reloads the app at /. */
export function ErrorScreen() {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} maw={480} w="100%">
        <Stack align="center" ta="center" gap="sm">
          <BrandLogo size="sm" />
          <ThemeIcon size={56} radius="xl" color="red" variant="light" mt="md" aria-hidden="true">
            <IconAlertOctagon size={30} />
          </ThemeIcon>
          <Title order={1} fz={26}>
            {MSG.ERROR_TITLE}
          </Title>
          <Text c="dimmed">{MSG.ERROR_TEXT}</Text>
          <Button component="a" href="/" size="md" mt="sm">
            {MSG.GO_BACK_HOME}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/** Router error element: reports the error, then shows the error screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error, { source: 'route-error-boundary' });
  }, [error]);
  return <ErrorScreen />;
}
