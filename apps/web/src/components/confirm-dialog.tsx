import { Button, type MantineColor, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogActions } from './dialog-actions.tsx';

/**
 * A dialog that asks before an action that costs something (revoke, remove, rotate): what happens, in a line
 * of text, then Cancel (which has the focus, so Enter alone never does it) and the action's button.
 * `children` stand between the text and the buttons (e.g. a retry notice).
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  confirmColor,
  loading,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  confirmColor?: MantineColor | undefined;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text fz="sm">{message}</Text>
        {children}
        <DialogActions onCancel={onClose} focusCancel>
          <Button color={confirmColor} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
