import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from '../features/shell/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <AppErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppErrorBoundary>
    </Providers>
  );
}
