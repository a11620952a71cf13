import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { bulkAcceptConfirm } from '@mc/domain';

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
    <Modal
      opened
      onClose={props.onCancel}
      title={q.title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text fz="sm">{q.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} data-autofocus>
            Cancel
          </Button>
          <Button onClick={props.onConfirm}>{q.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
