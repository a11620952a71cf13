/**
 * The signed-in user's email changes: the confirmation link again, a pending new address dropped. Apart from
 * user-api.ts, which the orders page loads: these mutations load with the pages that offer them.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryClient } from './query-client.ts';
import { userKeys } from './query-keys.ts';

/** POST /a/v2/users/{id}/email/verification: the confirmation link again (pending new address, else the own one). */
export function useResendVerification(id: string) {
  return useMutation({ mutationFn: () => api.resendEmailVerification({ params: { id } }) });
}

/** POST /a/v2/users/{id}/email/cancel: the pending new address is dropped; the answer is the user. */
export function useCancelEmailChange(id: string) {
  return useMutation({
    mutationFn: () => api.cancelEmailChange({ params: { id } }),
    onSuccess: (user) => queryClient.setQueryData(userKeys.detail(id), user),
  });
}
