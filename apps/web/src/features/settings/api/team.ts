/** Team: GET/POST /c/v2/merchants/{tmk}/users, POST /a/v2/users/{id}/roles, POST /a/v2/users/{id}/data (revoke). */
import { ApiError, type InviteUserBody } from '@mc/api';
import type { MerchantRole } from '@mc/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { settingsKeys } from '../../../lib/query-keys.ts';

export function teamQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: settingsKeys.team(tmk),
    queryFn: ({ signal }) => api.listTeam({ params: { tmk }, signal }),
  });
}

export function useInviteUser(tmk: string) {
  return useMutation({
    mutationFn: (body: InviteUserBody) => api.inviteUser({ params: { tmk }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.team(tmk) }),
  });
}

export function useSetUserRole(tmk: string) {
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MerchantRole }) =>
      api.setUserRoles({ params: { id: userId }, body: { roles: [role] } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.team(tmk) }),
  });
}

/** Revoke: a failure is retried twice (the page shows 'Retrying...' meanwhile); a refusal (4xx) is not. */
export function useRevokeUser() {
  return useMutation({
    mutationFn: (userId: string) =>
      api.revokeUser({ params: { id: userId }, body: { authorized_merchant: null } }),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
    retryDelay: 1000,
  });
}
