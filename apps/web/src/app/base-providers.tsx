import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';

import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from './theme.ts';
import { ToastHost } from './toast-host.tsx';

/**
 * WCAG AA contrast on white: secondary ("dimmed") text and error text one notch darker than
 * Mantine's defaults (gray.6 and red.6 are about 3.3:1).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});

export interface BaseProvidersProps {
  children: ReactNode;
  /** 'test' disables transitions and portals' delays in unit tests. */
  env?: 'default' | 'test';
}

/** The theme and toasts: all the sign-in page needs (app/sign-in-app.tsx, docs/decisions/0150). */
export function BaseProviders({ children, env = 'default' }: BaseProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      env={env}
      cssVariablesResolver={cssVariablesResolver}
    >
      <ToastHost />
      {children}
    </MantineProvider>
  );
}
