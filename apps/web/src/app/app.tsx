import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from '../features/shell/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

/**
 * The full console: the query cache, the router and the route table. Its own chunk, inside the theme and
 * toasts that main.tsx renders for the sign-in page too (BaseProviders, docs/decisions/0150).
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppErrorBoundary>
    </QueryClientProvider>
  );
}
