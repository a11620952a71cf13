import { Button, Stack, Text } from '@mantine/core';
import { MSG } from '@mc/domain';
import { Dialog } from '../../../../components/dialog.tsx';
import { DialogActions } from '../../../../components/dialog-actions.tsx';
import { ItemTable } from '../item-table.tsx';
import type { DialogProps } from './dialog-props.ts';

/** Accept & Confirm: the items (without options) and a confirmation; accepting captures the payment. */
export function AcceptDialog({ opened, onClose, order, actions }: DialogProps) {
  async function handleConfirm() {
    await actions.run(
      { kind: 'status', body: { status: 'MERCHANT_ACCEPTED' } },
      { expect: 'MERCHANT_ACCEPTED', success: MSG.ORDER_UPDATED },
    );
    onClose();
  }
  return (
    <Dialog opened={opened} onClose={onClose} title="Accept & Confirm" size="lg">
      <Stack>
        <Text fz="sm">
          Please confirm that every item below is in stock at the listed price. Accepting charges the
          customer's card.
        </Text>
        <ItemTable order={order} inAcceptDialog />
        {/* Focus on Cancel, never on the button that charges the card: a double Enter must not accept. */}
        <DialogActions onCancel={onClose} focusCancel>
          <Button onClick={handleConfirm} loading={actions.isPending}>
            Accept & Confirm
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
