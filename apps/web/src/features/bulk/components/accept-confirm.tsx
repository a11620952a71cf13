import { Button, Stack, Text } from '@mantine/core';
import { bulkAcceptConfirm } from '@mc/domain';
import { Dialog } from '../../../components/dialog.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';

/**
 * Bulk accept charges every selected customer's card: ask first, with the count and the sum of the totals
 * (docs/decisions/0087). Focus starts on Cancel, so Enter never charges by accident.
 */
export function AcceptConfirm(props: {
  ids: string[];
  totals: ReadonlyMap<string, number>;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const q = bulkAcceptConfirm(props.ids.map((id) => props.totals.get(id) ?? 0));
  return (
    <Dialog opened onClose={props.onCancel} title={q.title}>
      <Stack>
        <Text fz="sm">{q.message}</Text>
        <DialogActions onCancel={props.onCancel} focusCancel>
          <Button onClick={props.onConfirm}>{q.confirm}</Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
