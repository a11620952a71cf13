/**
 * The shell: the logged-in layout and the 404 page (each its own chunk), and what the app frame needs at
 * once: the error boundaries and the route handles (title, header slot).
 */
import { lazyNamed } from '../../lib/lazy-named.ts';

export { AppErrorBoundary } from './app-error-boundary.tsx';
export { ErrorScreen, RouteErrorBoundary } from './error-page.tsx';
export {
  isShellRouteHandle,
  RouteHandlesContext,
  type ShellRouteHandle,
  useRouteHandle,
} from './route-handle.ts';

export const AppLayout = lazyNamed(() => import('./app-layout.tsx'), 'AppLayout');
export const NotFoundPage = lazyNamed(() => import('./not-found-page.tsx'), 'NotFoundPage');
