import { ApiError } from '@mc/api';
import { QueryClient } from '@tanstack/react-query';
import { registerCacheClear } from './cache-clear.ts';

/** The one query cache. A 4xx is an answer, not a blip: only network and 5xx errors are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
// A 401 empties it (lib/api.ts).
registerCacheClear(() => queryClient.clear());
