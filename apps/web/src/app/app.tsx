import { QueryClientProvider } from '@tanstack/react-query';
import { AppErrorBoundary } from '../features/shell/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

/**
 * The full console: the query cache and the route table (over wouter's browser location). Its own chunk, inside the theme and
 * toasts that main.tsx renders for the sign-in page too (BaseProviders, docs/decisions/0150).
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppErrorBoundary>
        {/* wouter's default router: the browser's location (history API), no provider needed */}
        <AppRoutes />
      </AppErrorBoundary>
    </QueryClientProvider>
  );
}
