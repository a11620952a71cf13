/** Team: GET/POST /c/v2/merchants/{tmk}/users, POST /a/v2/users/{id}/roles, POST /a/v2/users/{id}/data (revoke). */
import type { InviteUserBody, TeamMember, TeamResponse } from '@mc/api';
import type { MerchantRole } from '@mc/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { settingsKeys } from '../../../lib/query-keys.ts';
import { merchantPath } from './keys.ts';

export function teamQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: settingsKeys.team(tmk),
    queryFn: ({ signal }) => http.get<TeamResponse>(merchantPath(tmk, '/users'), { signal }),
  });
}

export function useInviteUser(tmk: string) {
  return useMutation({
    mutationFn: (body: InviteUserBody) => http.post<{ user: TeamMember }>(merchantPath(tmk, '/users'), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.team(tmk) }),
  });
}

export function useSetUserRole(tmk: string) {
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MerchantRole }) =>
      http.post<TeamMember>(`/a/v2/users/${encodeURIComponent(userId)}/roles`, { roles: [role] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.team(tmk) }),
  });
}

/** Revoke: a failure is retried twice (the page shows 'Retrying...' meanwhile). */
export function useRevokeUser() {
  return useMutation({
    mutationFn: (userId: string) =>
      http.post<{ success: true }>(`/a/v2/users/${encodeURIComponent(userId)}/data`, {
        authorized_merchant: null,
      }),
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && 'status' in error && Number(error.status) < 500),
    retryDelay: 1000,
  });
}
