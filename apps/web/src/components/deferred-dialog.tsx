import { type ReactNode, Suspense, useEffect, useState } from 'react';

export interface DeferredDialogProps {
  opened: boolean;
  /** Renders the (lazy) dialog with the `opened` it should show. */
  children: (opened: boolean) => ReactNode;
}

/**
 * A dialog whose code loads when it is first opened, not with the page (docs/decisions/0109), then stays
 * mounted so later opens and closes animate like any modal's. Nothing is rendered before the first open.
 */
export function DeferredDialog({ opened, children }: DeferredDialogProps) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OpenAfterMount opened={opened}>{children}</OpenAfterMount>
    </Suspense>
  );
}

/**
 * Mounts the dialog closed, then opens it: Mantine notes the element to give focus back to when `opened`
 * changes, not on mount, so a dialog mounted open would not return focus to its button on close.
 */
function OpenAfterMount({ opened, children }: DeferredDialogProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <>{children(mounted && opened)}</>;
}
