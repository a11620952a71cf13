import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-app.tsx';
import { PageLoader, Spinner } from './page-loader.tsx';

describe('spinners', () => {
  it('a named spinner carries the status role, where ARIA allows its name', () => {
    renderWithProviders(<Spinner label="Loading the report" />);
    const spinner = screen.getByRole('status', { name: 'Loading the report' });
    expect(spinner.tagName).toBe('SPAN');
  });

  it('the route fallback is one named status', () => {
    renderWithProviders(<PageLoader />);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});
