import { type OrderTab, statusLabel, TAB_STATUSES } from '@mc/domain';
import { ColumnFilterMenu } from './column-filter-menu.tsx';

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
  return (
    <ColumnFilterMenu
      name="Status"
      header="STATUS"
      allLabel="All statuses"
      options={TAB_STATUSES[tab].map((s) => ({ value: s, label: statusLabel(s) }))}
      value={value}
      onChange={onChange}
    />
  );
}
