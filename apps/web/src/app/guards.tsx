/**
 * Route guards (part 1 §2, §6). They read the session store, so a login, a 401 or a logout
 * re-renders them and the redirect happens at once.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../lib/session.ts';

/** `/`: to /orders with a stored token, otherwise to /login. */
export function HomeRedirect() {
  const { token } = useSession();
  return <Navigate to={token ? '/orders' : '/login'} replace />;
}

/** Logged-out pages (login, sign-up, forgot, reset): with a token, back to `/`. */
export function GuestOnly() {
  const { token } = useSession();
  return token ? <Navigate to="/" replace /> : <Outlet />;
}

/** Logged-in pages: without a token, to `/` (which then sends the visitor to /login). */
export function RequireToken() {
  const { token } = useSession();
  return token ? <Outlet /> : <Navigate to="/" replace />;
}

/** Any other path: the given 404 page when logged in, otherwise redirect to /login. */
export function NotFoundOrLogin({ children }: { children: ReactNode }) {
  const { token } = useSession();
  return token ? children : <Navigate to="/login" replace />;
}
