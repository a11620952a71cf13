import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BaseProviders, type BaseProvidersProps } from './base-providers.tsx';

export interface ProvidersProps extends BaseProvidersProps {
  queryClient: QueryClient;
}

/** The theme, toasts and the query cache: the console's pages. */
export function Providers({ children, queryClient, env = 'default' }: ProvidersProps) {
  return (
    <BaseProviders env={env}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </BaseProviders>
  );
}
