/** POST /a/v2/accounts/password with the token from the emailed link (part 1 §7). */
import type { ResetPasswordInput } from '@mc/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';

export function resetPassword(body: ResetPasswordInput): Promise<{ success: boolean }> {
  return http.post<{ success: boolean }>('/a/v2/accounts/password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
