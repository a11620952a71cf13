/**
 * THE route table: every path the console answers, the orders tabs included.
 * Pages come from each feature's index.ts, where every page is its own chunk (React.lazy) so the first
 * load stays small. Rendered by `AppRoutes` over wouter with the console's own nested matching and outlets
 * (lib/router.tsx, docs/decisions/0155).
 */
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { PageLoader } from '../components/page-loader.tsx';
import {
  ForgotPage,
  InvitationPage,
  LoginPage,
  ResetPasswordPage,
  SessionSwitch,
  SignUpPage,
  VerifyEmailPage,
} from '../features/auth/index.ts';
import { DevelopersPage } from '../features/developers/index.ts';
import { InventoryPage } from '../features/inventory/index.ts';
import { OrderDetailPage, ReviewOrderGate } from '../features/order-detail/index.ts';
import { OrdersHeaderSearch, OrdersLayout, OrdersTabPage } from '../features/orders/index.ts';
import { ReportsPage } from '../features/reports/index.ts';
import {
  BillingSettingsPage,
  CarrierAccountSettingsPage,
  CompanySettingsPage,
  ProfileSettingsPage,
  SettingsLayout,
  UsersSettingsPage,
} from '../features/settings/index.ts';
import {
  AppLayout,
  isShellRouteHandle,
  NotFoundPage,
  RouteErrorBoundary,
  RouteHandlesContext,
  type ShellRouteHandle,
  useRouteHandle,
} from '../features/shell/index.ts';
import { TermsPage } from '../features/terms/index.ts';
import { trackPageView } from '../lib/analytics.ts';
import { siteName } from '../lib/brand.ts';
import { registerNavigator } from '../lib/navigation.ts';
import { Outlet, type RouteObject, useLocationKey, useRoutes } from '../lib/router.tsx';
import { getUserId } from '../lib/session.ts';
import { getPendingSwitch } from '../lib/start-up.ts';
import { GuestOnly, HomeRedirect, NotFoundOrLogin, Redirect, RequireToken } from './guards.tsx';

const h = (handle: ShellRouteHandle) => handle;

/**
 * Document title from the deepest route handle, a 'Page View' for every location, the error screen
 * for a page that crashes while rendering (cleared by the next navigation), and the question before a
 * sign-in link switches a signed-in browser to another account (its code loads only then).
 */
function RootFrame() {
  const [pathname] = useLocation();
  const locationKey = useLocationKey();
  const [pendingSwitch] = useState(getPendingSwitch);
  const title = useRouteHandle('title');

  useEffect(() => {
    document.title = title ? `${title} · ${siteName()}` : siteName();
  }, [title]);
  useEffect(() => {
    void trackPageView(pathname, getUserId());
  }, [pathname]);

  return (
    <RouteErrorBoundary resetKey={locationKey}>
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
      {pendingSwitch ? (
        <Suspense fallback={null}>
          <SessionSwitch pending={pendingSwitch} />
        </Suspense>
      ) : null}
    </RouteErrorBoundary>
  );
}

const ordersSearch = h({ headerSlot: OrdersHeaderSearch });

export const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    children: [
      // '/': to /orders with a token, otherwise to /login.
      { index: true, element: <HomeRedirect /> },

      // Logged-out pages: redirect to '/' when a token exists.
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', element: <LoginPage />, handle: h({ title: 'Sign In' }) },
          { path: 'signup', element: <SignUpPage />, handle: h({ title: 'Sign Up' }) },
          { path: 'forgot', element: <ForgotPage />, handle: h({ title: 'Forgot Password' }) },
          {
            path: 'forgot/password-reset/:token',
            element: <ResetPasswordPage />,
            handle: h({ title: 'Reset Password' }),
          },
        ],
      },

      // Pages of emailed links, with or without a session: confirming an address (a signed-in session
      // stays signed in), accepting an invitation (signs in as the invited person).
      {
        path: 'verify-email/:token',
        element: <VerifyEmailPage />,
        handle: h({ title: 'Confirm your email' }),
      },
      { path: 'invitation/:token', element: <InvitationPage />, handle: h({ title: 'Join your team' }) },

      // Terms: opened in a new tab from the footer and from sign-up, with or without a session.
      { path: 'terms', element: <TermsPage />, handle: h({ title: 'Merchant Terms and Conditions' }) },

      // Logged-in pages: redirect to '/' (then /login) without a token.
      {
        element: <RequireToken />,
        children: [
          { path: 'developers', element: <DevelopersPage />, handle: h({ title: 'Developers' }) },
          { path: 'developers/:section', element: <DevelopersPage />, handle: h({ title: 'Developers' }) },
          {
            element: <AppLayout />,
            children: [
              {
                path: 'orders',
                element: (
                  <>
                    <OrdersLayout />
                    <ReviewOrderGate />
                  </>
                ),
                handle: h({ title: 'Orders', ...ordersSearch }),
                children: [
                  { index: true, element: <Redirect to="/orders/active" /> },
                  { path: 'active', element: <OrdersTabPage />, handle: h({ title: 'Active Orders' }) },
                  { path: 'on-hold', element: <OrdersTabPage />, handle: h({ title: 'On Hold Orders' }) },
                  { path: 'cancelled', element: <OrdersTabPage />, handle: h({ title: 'Cancelled Orders' }) },
                  { path: 'completed', element: <OrdersTabPage />, handle: h({ title: 'Completed Orders' }) },
                  { path: 'view/:id', element: <OrderDetailPage />, handle: h({ title: 'Order' }) },
                  { path: '*', element: <Redirect to="/orders/active" /> },
                ],
              },
              { path: 'inventory', element: <InventoryPage />, handle: h({ title: 'Inventory' }) },
              { path: 'reports', element: <ReportsPage />, handle: h({ title: 'Reports' }) },
              {
                path: 'settings',
                element: <SettingsLayout />,
                handle: h({ title: 'Settings' }),
                children: [
                  { index: true, element: <Redirect to="/settings/profile" /> },
                  { path: 'profile', element: <ProfileSettingsPage />, handle: h({ title: 'Profile' }) },
                  { path: 'company', element: <CompanySettingsPage />, handle: h({ title: 'Company' }) },
                  { path: 'users', element: <UsersSettingsPage />, handle: h({ title: 'Users' }) },
                  { path: 'billing', element: <BillingSettingsPage />, handle: h({ title: 'Billing' }) },
                  {
                    path: 'carrier',
                    element: <CarrierAccountSettingsPage />,
                    handle: h({ title: 'Carrier Account' }),
                  },
                ],
              },
            ],
          },
        ],
      },

      // Any other path: the 404 page when logged in, otherwise /login.
      {
        path: '*',
        handle: h({ title: 'Page Not Found' }),
        element: (
          <NotFoundOrLogin>
            <AppLayout>
              <NotFoundPage />
            </AppLayout>
          </NotFoundOrLogin>
        ),
      },
    ],
  },
];

/**
 * The route table at the current location, inside a router (the browser's location in the app, wouter's
 * memory location in tests). Gives the shell the matched routes' handles and lets code outside React
 * navigate (navigateTo).
 */
export function AppRoutes() {
  const [, navigate] = useLocation();
  const { element, matches } = useRoutes(routes);
  const handles = useMemo(() => matches.map((route) => route.handle).filter(isShellRouteHandle), [matches]);
  useEffect(() => {
    registerNavigator((to, opts) => navigate(to, opts));
    return () => registerNavigator(null);
  }, [navigate]);
  return <RouteHandlesContext.Provider value={handles}>{element}</RouteHandlesContext.Provider>;
}
