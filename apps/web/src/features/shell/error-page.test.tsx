import { MSG } from '@mc/domain';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Providers } from '../../app/providers.tsx';
import { registerErrorReporter } from '../../lib/error-reporting.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { RouteErrorBoundary } from './error-page.tsx';

function Boom(): never {
  throw new Error('render crash');
}

afterEach(() => registerErrorReporter(null));

describe('render crash', () => {
  it('a crashing page shows the error screen, reports the error and links home', async () => {
    const reporter = vi.fn();
    registerErrorReporter(reporter);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <Router hook={memoryLocation({ path: '/' }).hook}>
          <RouteErrorBoundary resetKey="/">
            <Boom />
          </RouteErrorBoundary>
        </Router>
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: MSG.ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByText(MSG.ERROR_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.GO_BACK_HOME })).toHaveAttribute('href', '/');
    expect(reporter).toHaveBeenCalledWith(expect.objectContaining({ message: 'render crash' }), {
      source: 'route-error-boundary',
    });
  });

  it('a navigation clears the error screen (the boundary resets with the location)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    registerErrorReporter(vi.fn());
    const page = (resetKey: string, ui: ReactNode) => (
      <Providers queryClient={createQueryClient()} env="test">
        <RouteErrorBoundary resetKey={resetKey}>{ui}</RouteErrorBoundary>
      </Providers>
    );
    const { rerender } = render(page('/broken', <Boom />));
    expect(await screen.findByRole('heading', { name: MSG.ERROR_TITLE })).toBeInTheDocument();
    rerender(page('/broken', <p>still broken</p>));
    expect(screen.queryByText('still broken')).toBeNull();
    rerender(page('/orders', <p>next page</p>));
    expect(await screen.findByText('next page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MSG.ERROR_TITLE })).toBeNull();
  });

  it('the app-wide boundary catches crashes outside the router', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    registerErrorReporter(vi.fn());
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <AppErrorBoundary>
          <Boom />
        </AppErrorBoundary>
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: MSG.ERROR_TITLE })).toBeInTheDocument();
  });
});
