/** The signed-in user (loaded after login when the login answer did not carry it). Key: `userKeys.detail(id)`. */
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';
import { userKeys } from './query-keys.ts';

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api.getUser({ params: { id }, signal }),
    staleTime: 5 * 60_000,
  });
}
