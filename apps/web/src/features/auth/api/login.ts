/** POST /a/v2/login, then everything the spec does after a successful login. */
import type { LoginResponse } from '@mc/api';
import type { LoginInput } from '@mc/domain';
import { useRef, useState } from 'react';
import { trackLogin } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { merchantKeys, userKeys } from '../../../lib/query-keys.ts';
import { saveSession } from '../../../lib/session.ts';

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
  // Loaded on submit, not with the sign-in page (its JavaScript budget: docs/decisions/0109).
  // The query cache too: the sign-in page runs without it (app/sign-in-app.tsx, docs/decisions/0150).
  const [{ getMerchant }, { userQueryOptions }, { queryClient }] = await Promise.all([
    import('../../../lib/merchant-api.ts'),
    import('../../../lib/user-api.ts'),
    import('../../../lib/query-client.ts'),
  ]);
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

type LoginState =
  | { status: 'idle' | 'pending' | 'success'; error: null }
  | { status: 'error'; error: unknown };

/**
 * The sign-in request with the state the form shows (pending, succeeded, failed), as a mutation would
 * keep it. Plain state rather than TanStack Query's mutation hook: the sign-in page is the console's
 * lightest page (docs/decisions/0109). A second submit while one is in flight is ignored.
 */
export function useLogin() {
  const [state, setState] = useState<LoginState>({ status: 'idle', error: null });
  const inFlight = useRef(false);
  const mutate = (values: LoginInput, handlers?: { onError?: (error: unknown) => void }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ status: 'pending', error: null });
    login(values)
      .then(completeLogin)
      .then(
        () => setState({ status: 'success', error: null }),
        (error: unknown) => {
          setState({ status: 'error', error });
          handlers?.onError?.(error);
        },
      )
      .finally(() => {
        inFlight.current = false;
      });
  };
  return {
    mutate,
    error: state.error,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
  };
}
