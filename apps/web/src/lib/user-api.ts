/** The signed-in user (loaded after login when the login answer did not carry it). Key: `userKeys.detail(id)`. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryClient } from './query-client.ts';
import { userKeys } from './query-keys.ts';

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api.getUser({ params: { id }, signal }),
    staleTime: 5 * 60_000,
  });
}

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
