import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MSG } from '@mc/domain';
import { IconAlertOctagon } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { reportError } from '../../lib/error-reporting.ts';

/**
 * The generic screen for a render crash; 'Go Back Home' reloads the app at /. With `loadFailed`, the screen
 * for a console whose code did not arrive (a dropped connection while its chunk loaded): 'Reload Page'
 * loads the same address again.
 */
export function ErrorScreen({ loadFailed = false }: { loadFailed?: boolean }) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} maw={480} w="100%">
        <Stack align="center" ta="center" gap="sm">
          <BrandLogo size="sm" />
          <ThemeIcon size={56} radius="xl" color="red" variant="light" mt="md" aria-hidden="true">
            <IconAlertOctagon size={30} />
          </ThemeIcon>
          <Title order={1} fz={26}>
            {loadFailed ? MSG.LOAD_ERROR_TITLE : MSG.ERROR_TITLE}
          </Title>
          <Text c="dimmed">{loadFailed ? MSG.LOAD_ERROR_TEXT : MSG.ERROR_TEXT}</Text>
          {loadFailed ? (
            <Button size="md" mt="sm" onClick={() => window.location.reload()}>
              {MSG.RELOAD_PAGE}
            </Button>
          ) : (
            <Button component="a" href="/" size="md" mt="sm">
              {MSG.GO_BACK_HOME}
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** The current location: a navigation clears the error, as a router's error element is cleared. */
  resetKey: unknown;
}

interface RouteErrorBoundaryState {
  hasError: boolean;
  resetKey: unknown;
}

/** The route table's error boundary: reports a render crash, then shows the error screen. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error): void {
    reportError(error, { source: 'route-error-boundary' });
  }

  override render() {
    return this.state.hasError ? <ErrorScreen /> : this.props.children;
  }
}
