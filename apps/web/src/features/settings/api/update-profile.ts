/** POST /a/v2/users/{id}: the Basic Information form (empty values dropped). */
import type { UpdateUserBody } from '@mc/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';

export function useUpdateProfile(userId: string) {
  return useMutation({
    mutationFn: (body: UpdateUserBody) => api.updateUser({ params: { id: userId }, body }),
    onSuccess: (user) => queryClient.setQueryData(userKeys.detail(userId), user),
  });
}
