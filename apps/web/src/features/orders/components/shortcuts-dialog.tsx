import { Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useId } from 'react';
import { SEQUENCE_TIMEOUT_MS, SHORTCUT_GROUPS, type ShortcutRow } from '../../../lib/keyboard-shortcuts.ts';

function Keys({ row }: { row: ShortcutRow }) {
  return (
    <>
      {row.keys.map((k, i) => (
        <Fragment key={k}>
          {i > 0 ? (
            <Text span fz="xs" c="dimmed" mx={4}>
              {row.sequence ? 'then' : '+'}
            </Text>
          ) : null}
          <Kbd size="sm">{k}</Kbd>
        </Fragment>
      ))}
    </>
  );
}

function Group({ title, rows }: { title: string; rows: ShortcutRow[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={3} fz="sm" fw={700} id={id} mb={4}>
        {title}
      </Title>
      <Table verticalSpacing={6} horizontalSpacing="xs" aria-labelledby={id}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="38%">Keys</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.keys.join(' ')}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Keys row={r} />
              </Table.Td>
              <Table.Td fz="sm">{r.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/** '?': the orders desk's keyboard shortcuts (decision 0104), from the same table the keys use. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg" component="span">
          Keyboard shortcuts
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      <Stack gap="md">
        {SHORTCUT_GROUPS.map((g) => (
          <Group key={g.title} title={g.title} rows={g.rows} />
        ))}
        <Text fz="xs" c="dimmed">
          No shortcut acts while you type in a field. Press the second key of a <Kbd size="xs">g</Kbd>{' '}
          sequence within {SEQUENCE_TIMEOUT_MS / 1000} second.
        </Text>
      </Stack>
    </Modal>
  );
}
