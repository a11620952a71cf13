/** POST /a/v2/login, then everything the spec does after a successful login. */
import type { LoginResponse } from '@mc/api';
import type { LoginInput } from '@mc/domain';
import { useMutation } from '@tanstack/react-query';
import { trackLogin } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api.ts';
import { getMerchant } from '../../../lib/merchant-api.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { merchantKeys, userKeys } from '../../../lib/query-keys.ts';
import { saveSession } from '../../../lib/session.ts';
import { userQueryOptions } from '../../../lib/user-api.ts';

function login(body: LoginInput): Promise<LoginResponse> {
  return api.login({ body });
}

/**
 * Loads the merchant details with the new token, then stores the token and merchant key, records the
 * login event and goes to `/`. The user is cached from the answer, or loaded when the
 * answer lacks the email.
 */
export async function completeLogin({ token, user }: LoginResponse): Promise<void> {
  const merchantKey = user.aux_data?.authorized_merchant ?? null;
  queryClient.clear();
  if (merchantKey) {
    try {
      const merchant = await getMerchant(merchantKey, undefined, token);
      queryClient.setQueryData(merchantKeys.detail(merchantKey), merchant);
    } catch {
      // the shell loads it again and shows the store name once it arrives
    }
  }
  saveSession(token, merchantKey);
  if (user.email) queryClient.setQueryData(userKeys.detail(user.id), user);
  else void queryClient.prefetchQuery(userQueryOptions(user.id));
  trackLogin(user.id, merchantKey);
  navigateTo('/', { replace: true });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: completeLogin,
  });
}
