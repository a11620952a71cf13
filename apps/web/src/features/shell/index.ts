/**
 * The shell: the logged-in layout and the 404 page (each its own chunk), and what the app frame needs at
 * once: the error boundary, the route error page and the route handle (title, header slot).
 */
import { lazyNamed } from '../../lib/lazy-named.ts';

export { AppErrorBoundary } from './app-error-boundary.tsx';
export { RouteErrorPage } from './error-page.tsx';
export { isShellRouteHandle, type ShellRouteHandle } from './route-handle.ts';

export const AppLayout = lazyNamed(() => import('./app-layout.tsx'), 'AppLayout');
export const NotFoundPage = lazyNamed(() => import('./not-found-page.tsx'), 'NotFoundPage');
