/** The console pages opened from emailed links: confirming an address, accepting an invitation. */
import type { AcceptInvitationBody } from '@mc/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';
import { completeLogin } from './login.ts';

/** POST /a/v2/accounts/email: works signed in or out; signed in, the session that opens it stays. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => api.verifyEmail({ body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /a/v2/accounts/invitation: sets the password and signs in like a login. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => api.acceptInvitation({ body }),
    onSuccess: completeLogin,
  });
}

/** POST /a/v2/users/{id} with the current (temporary) and the new password: lifts the forced change. */
export function useSetNewPassword(userId: string) {
  return useMutation({
    mutationFn: (body: { password: string; new_password: string }) =>
      api.updateUser({ params: { id: userId }, body }),
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(userId), user);
      // The store's data was refused until now: load it again.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
    },
  });
}
