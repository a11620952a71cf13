/** POST /a/v2/logout; on success or failure local storage is cleared and the user goes to /. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { clearSession } from '../../../lib/session.ts';

function logout() {
  return api.logout();
}

function finishSignOut(): void {
  clearSession();
  queryClient.clear();
  navigateTo('/', { replace: true });
}

export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: finishSignOut,
  });
}
