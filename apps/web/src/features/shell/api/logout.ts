/** POST /a/v2/logout; on success or failure local storage is cleared and the user goes to /. */
import { useCallback, useRef } from 'react';
import { api } from '../../../lib/api.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { clearSession } from '../../../lib/session.ts';

function finishSignOut(): void {
  clearSession();
  queryClient.clear();
  navigateTo('/', { replace: true });
}

/**
 * Sign Out: one request at a time, then the session goes whatever the answer. A plain callback, not a
 * TanStack mutation: nothing shows its state, and the orders page would load the mutation observer for it
 * (docs/decisions/0158).
 */
export function useLogout(): { mutate: () => void } {
  const pending = useRef(false);
  const mutate = useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    void api
      .logout()
      .catch(() => undefined)
      .finally(() => {
        pending.current = false;
        finishSignOut();
      });
  }, []);
  return { mutate };
}
