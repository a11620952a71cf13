import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The foot of a dialog: Cancel, then the dialog's own action button (`children`). `focusCancel` gives the
 * focus to Cancel when the dialog opens, for an action that costs something (Enter alone never does it);
 * `cancelDisabled` while the action runs and can no longer be called back.
 */
export function DialogActions({
  onCancel,
  focusCancel = false,
  cancelDisabled,
  mt,
  children,
}: {
  onCancel: () => void;
  focusCancel?: boolean;
  cancelDisabled?: boolean;
  mt?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button
        variant="default"
        onClick={onCancel}
        disabled={cancelDisabled}
        data-autofocus={focusCancel || undefined}
      >
        Cancel
      </Button>
      {children}
    </Group>
  );
}

/** The foot of a form dialog: Cancel, then the button that submits the form (`children` is its label). */
export function SubmitActions({
  loading,
  children,
  ...actions
}: Omit<Parameters<typeof DialogActions>[0], 'children'> & { loading: boolean; children: ReactNode }) {
  return (
    <DialogActions {...actions}>
      <Button type="submit" loading={loading}>
        {children}
      </Button>
    </DialogActions>
  );
}
