/** POST /a/v2/accounts/password with the token from the emailed link. */
import type { ResetPasswordInput } from '@mc/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

function resetPassword(body: ResetPasswordInput) {
  return api.resetPassword({ body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
