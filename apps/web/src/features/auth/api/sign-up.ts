/** POST /a/v2/users with the console's basic client credential (part 1 §7). */
import type { User } from '@mc/api';
import type { SignUpBody } from '@mc/domain';
import { useMutation } from '@tanstack/react-query';
import { CLIENT_BASIC_CREDENTIAL, http } from '../../../lib/api.ts';

export function signUp(body: SignUpBody): Promise<{ user: User }> {
  return http.post<{ user: User }>('/a/v2/users', body, { basic: CLIENT_BASIC_CREDENTIAL });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
