/** POST /a/v2/accounts/password_token: emails reset instructions. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

function requestPasswordToken(email: string) {
  return api.requestPasswordToken({ body: { email } });
}

export function useRequestPasswordToken() {
  return useMutation({ mutationFn: requestPasswordToken });
}
