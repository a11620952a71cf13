import { Center, Loader, type LoaderProps } from '@mantine/core';

/**
 * A spinner with a spoken name. Mantine's Loader is a bare span, where ARIA forbids a name, so it
 * takes the status role that announces it.
 */
export function Spinner({ label, ...props }: LoaderProps & { label: string }) {
  return <Loader role="status" aria-label={label} {...props} />;
}

/** Fallback while a route's code chunk loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} aria-live="polite">
      <Spinner size="md" label="Loading" />
    </Center>
  );
}
