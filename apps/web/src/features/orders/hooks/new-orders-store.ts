/**
 * The 'new' flags of live orders (new orders, last count of new orders). A merge clears
 * the flag on the orders already shown and marks the pending ones as new; opening a new order
 * clears its flag and decreases the count.
 */
import { useSyncExternalStore } from 'react';

export interface NewOrdersState {
  ids: ReadonlySet<string>;
  /** How many arrived in the last merge. */
  lastCount: number;
}

let state: NewOrdersState = { ids: new Set(), lastCount: 0 };
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const newOrdersStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  merge(pendingIds: readonly string[]) {
    if (!pendingIds.length) return;
    state = { ids: new Set(pendingIds), lastCount: pendingIds.length };
    emit();
  },
  open(id: string) {
    if (!state.ids.has(id)) return;
    const ids = new Set(state.ids);
    ids.delete(id);
    state = { ...state, ids };
    emit();
  },
  reset() {
    state = { ids: new Set(), lastCount: 0 };
    emit();
  },
};

export function useNewOrders(): NewOrdersState {
  return useSyncExternalStore(newOrdersStore.subscribe, newOrdersStore.get, newOrdersStore.get);
}
