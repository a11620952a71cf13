/** POST /a/v2/users with the console's basic client credential. */
import type { SignUpBody } from '@mc/domain';
import { useMutation } from '@tanstack/react-query';
import { api, CLIENT_BASIC_CREDENTIAL } from '../../../lib/api.ts';

function signUp(body: SignUpBody) {
  return api.signUp({ body, basic: CLIENT_BASIC_CREDENTIAL });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
