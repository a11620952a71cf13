import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../lib/navigation.ts';
import { RouteLink } from './route-link.tsx';

describe('RouteLink', () => {
  afterEach(() => registerNavigator(null));

  it('navigates in the app on a plain click, and leaves a modified click to the browser', () => {
    const navigate = vi.fn();
    registerNavigator(navigate);
    render(<RouteLink to="/forgot">Forgot password?</RouteLink>);
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot');

    expect(fireEvent.click(link)).toBe(false); // default prevented
    expect(navigate).toHaveBeenCalledWith('/forgot', {});

    navigate.mockClear();
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });
});
