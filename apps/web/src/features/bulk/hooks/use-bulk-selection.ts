/**
 * The bulk selection: only on the active tab, a checkbox per row and one for all
 * loaded rows, locked while a batch runs, reset on a tab change.
 */
import { canUseBulkTools, type OrderTab } from '@mc/domain';
import { useCallback, useMemo, useState } from 'react';

export interface BulkSelection {
  /** Bulk tools exist on this tab. */
  enabled: boolean;
  /** A batch is running: the checkboxes cannot change. */
  locked: boolean;
  /** Selected ids, in the order of the loaded rows. */
  ids: string[];
  count: number;
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  /** Header checkbox: selects every loaded row, or clears when all are selected. */
  toggleAll: () => void;
  allSelected: boolean;
  someSelected: boolean;
  clear: () => void;
}

export function useBulkSelection(
  tab: OrderTab,
  loadedIds: readonly string[],
  locked: boolean,
): BulkSelection {
  // The tab is stored with the ids, so a selection never outlives its tab.
  const [state, setState] = useState<{ tab: OrderTab; ids: ReadonlySet<string> }>({ tab, ids: new Set() });
  // A tab change resets the selection (React's "adjust state on a prop change" during render).
  if (state.tab !== tab) setState({ tab, ids: EMPTY });
  const enabled = canUseBulkTools(tab);
  const current = state.tab === tab && enabled ? state.ids : EMPTY;

  const ids = useMemo(() => loadedIds.filter((id) => current.has(id)), [loadedIds, current]);
  const allSelected = loadedIds.length > 0 && ids.length === loadedIds.length;

  const update = useCallback(
    (fn: (prev: ReadonlySet<string>) => ReadonlySet<string>) => {
      if (locked || !enabled) return;
      setState((s) => ({ tab, ids: fn(s.tab === tab ? s.ids : EMPTY) }));
    },
    [locked, enabled, tab],
  );

  return {
    enabled,
    locked,
    ids,
    count: ids.length,
    isSelected: (id) => current.has(id),
    toggle: (id) =>
      update((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: () => update(() => (allSelected ? EMPTY : new Set(loadedIds))),
    allSelected,
    someSelected: ids.length > 0 && !allSelected,
    clear: () => setState({ tab, ids: EMPTY }),
  };
}

const EMPTY: ReadonlySet<string> = new Set();
