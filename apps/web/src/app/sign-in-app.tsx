/**
 * The sign-in page on its own, without the router, the query cache or the route table (docs/decisions/
 * 0150): what `main.tsx` renders for `/login` when nobody is signed in. The page, its errors, title and
 * page view are as in the full console; any navigation away (a link, the signed-in redirect) hands over to
 * the full console through `navigateTo` (`startSignInApp`'s navigator), which then renders the new path.
 */
import { type ComponentType, useEffect } from 'react';
import { AppErrorBoundary, RouteErrorBoundary } from '../features/shell/index.ts';
import { trackPageView } from '../lib/analytics.ts';
import { siteName } from '../lib/brand.ts';
import { registerNavigator } from '../lib/navigation.ts';
import { getUserId } from '../lib/session.ts';

/** The route table's handle title of /login (app/routes.tsx). */
const TITLE = 'Sign In';

/**
 * Rendered by main.tsx inside the theme and toasts (base-providers.tsx), as the full console is. `page` is
 * the sign-in page, loaded beside this chunk (features/auth's `loadLoginPage`).
 */
export function SignInApp({ page: LoginPage }: { page: ComponentType }) {
  useEffect(() => {
    document.title = `${TITLE} · ${siteName()}`;
    void trackPageView(window.location.pathname, getUserId());
  }, []);
  return (
    <AppErrorBoundary>
      <RouteErrorBoundary resetKey="/login">
        <LoginPage />
      </RouteErrorBoundary>
    </AppErrorBoundary>
  );
}

/**
 * Registers the hand-over: the first navigation puts its path in the address bar (pushed, or replacing
 * /login) and calls `openConsole`, which renders the full console there.
 */
export function startSignInApp(openConsole: () => void): void {
  registerNavigator((to, opts) => {
    registerNavigator(null);
    if (opts?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    openConsole();
  });
}
