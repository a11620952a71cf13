import { Center, Loader } from '@mantine/core';

/** Fallback while a route's code chunk loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite">
      <Loader size="md" aria-label="Loading" />
    </Center>
  );
}
