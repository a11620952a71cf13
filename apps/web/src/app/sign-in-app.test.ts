import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo, registerNavigator } from '../lib/navigation.ts';
import { startSignInApp } from './sign-in-app.tsx';

describe('startSignInApp', () => {
  afterEach(() => {
    registerNavigator(null);
    window.history.replaceState(null, '', '/');
  });

  it('hands the first navigation over to the full console at the new path', () => {
    window.history.replaceState(null, '', '/login');
    const openConsole = vi.fn();
    startSignInApp(openConsole);

    navigateTo('/forgot');
    expect(window.location.pathname).toBe('/forgot');
    expect(openConsole).toHaveBeenCalledTimes(1);
  });

  it('replaces /login after signing in', () => {
    window.history.replaceState(null, '', '/login');
    const length = window.history.length;
    const openConsole = vi.fn();
    startSignInApp(openConsole);

    navigateTo('/', { replace: true });
    expect(window.location.pathname).toBe('/');
    expect(window.history.length).toBe(length);
    expect(openConsole).toHaveBeenCalledTimes(1);
  });
});
