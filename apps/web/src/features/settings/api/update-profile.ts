/** POST /a/v2/users/{id}: the Basic Information form (empty values dropped). */
import type { UpdateUserBody, User } from '@mc/api';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';

export function useUpdateProfile(userId: string) {
  return useMutation({
    mutationFn: (body: UpdateUserBody) => http.post<User>(`/a/v2/users/${encodeURIComponent(userId)}`, body),
    onSuccess: (user) => queryClient.setQueryData(userKeys.detail(userId), user),
  });
}
