import { Button, Menu } from '@mantine/core';
import { type OrderTab, statusLabel, TAB_STATUSES } from '@mc/domain';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';

/** Whether a tab's STATUS column offers a filter: only where it holds more than one status. */
export const hasStatusFilter = (tab: OrderTab): boolean => TAB_STATUSES[tab].length > 1;

/** STATUS column header: a filter dropdown of the tab's statuses; filtered, it shows the status. */
export function StatusFilter({
  tab,
  value,
  onChange,
}: {
  tab: OrderTab;
  value: string | null;
  onChange: (status: string | null) => void;
}) {
  const statuses = TAB_STATUSES[tab];
  const current = statuses.find((s) => s === value);
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant={current ? 'light' : 'subtle'}
          size="compact-sm"
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={current ? `Status filter: ${statusLabel(current)}` : 'Status filter'}
        >
          {current ? statusLabel(current) : 'STATUS'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onChange(null)} leftSection={current ? null : <IconCheck size={14} />}>
          All statuses
        </Menu.Item>
        {statuses.map((s) => (
          <Menu.Item
            key={s}
            onClick={() => onChange(s)}
            leftSection={current === s ? <IconCheck size={14} /> : null}
          >
            {statusLabel(s)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
