/**
 * Route guards. They read the session store, so a login, a 401 or a logout
 * re-renders them and the redirect happens at once.
 */
import type { ReactNode } from 'react';
import { Redirect as Navigate } from 'wouter';
import { Outlet, useLocationKey } from '../lib/router.tsx';
import { useSession } from '../lib/session.ts';

/**
 * wouter's `<Redirect>` (replacing the history entry) that fires on every visit. A plain one only navigates
 * when it mounts; when a navigation away is still suspended (a lazy page loading) and the user comes back
 * to the same URL, React keeps the mounted instance and the redirect would never happen. Keying on the
 * location fixes it.
 */
export function Redirect({ to }: { to: string }) {
  return <Navigate key={useLocationKey()} to={to} replace />;
}

/** `/`: to /orders with a stored token, otherwise to /login. */
export function HomeRedirect() {
  const { token } = useSession();
  return <Redirect to={token ? '/orders' : '/login'} />;
}

/** Logged-out pages (login, sign-up, forgot, reset): with a token, back to `/`. */
export function GuestOnly() {
  const { token } = useSession();
  return token ? <Redirect to="/" /> : <Outlet />;
}

/** Logged-in pages: without a token, to `/` (which then sends the visitor to /login). */
export function RequireToken() {
  const { token } = useSession();
  return token ? <Outlet /> : <Redirect to="/" />;
}

/** Any other path: the given 404 page when logged in, otherwise redirect to /login. */
export function NotFoundOrLogin({ children }: { children: ReactNode }) {
  const { token } = useSession();
  return token ? children : <Redirect to="/login" />;
}
