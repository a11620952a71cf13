/** POST /a/v2/accounts/password_token: emails reset instructions (part 1 §7). */
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';

export function requestPasswordToken(email: string): Promise<{ success: boolean }> {
  return http.post<{ success: boolean }>('/a/v2/accounts/password_token', { email });
}

export function useRequestPasswordToken() {
  return useMutation({ mutationFn: requestPasswordToken });
}
