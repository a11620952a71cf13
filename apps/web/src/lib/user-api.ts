/** The signed-in user (loaded after login when the login answer did not carry it). Key: `userKeys.detail(id)`. */
import type { User } from '@mc/api';
import { queryOptions } from '@tanstack/react-query';
import { http } from './api.ts';
import { userKeys } from './query-keys.ts';

export async function getUser(id: string, signal?: AbortSignal): Promise<User> {
  const body = await http.get<User | { user: User }>(`/a/v2/users/${encodeURIComponent(id)}`, { signal });
  return 'user' in body ? body.user : body;
}

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
    staleTime: 5 * 60_000,
  });
}
