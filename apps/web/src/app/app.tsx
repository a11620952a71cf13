import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppErrorBoundary } from '../features/shell/index.ts';
import { registerNavigator } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(() => {
    registerNavigator((to, opts) => void router.navigate(to, opts));
    return () => registerNavigator(null);
  }, [router]);
  return (
    <Providers queryClient={queryClient}>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </Providers>
  );
}
