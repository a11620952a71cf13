/**
 * THE route table: mirrors part 1 §2 "Route table" (and part 2 §2.1 for the orders tabs).
 * Every page is its own chunk (React.lazy) so the first load stays small.
 */
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Outlet, type RouteObject, useLocation, useMatches } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { RouteErrorPage } from '../features/shell/error-page.tsx';
import { isShellRouteHandle, type ShellRouteHandle } from '../features/shell/route-handle.ts';
import { trackPageView } from '../lib/analytics.ts';
import { PRODUCT_NAME } from '../lib/brand.ts';
import { getUserId } from '../lib/session.ts';
import { GuestOnly, HomeRedirect, NotFoundOrLogin, Redirect, RequireToken } from './guards.tsx';

/** React.lazy for a named export. */
function lazyNamed<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LoginPage = lazyNamed(() => import('../features/auth/login-page.tsx'), 'LoginPage');
const SignUpPage = lazyNamed(() => import('../features/auth/signup-page.tsx'), 'SignUpPage');
const ForgotPage = lazyNamed(() => import('../features/auth/forgot-page.tsx'), 'ForgotPage');
const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const AppLayout = lazyNamed(() => import('../features/shell/app-layout.tsx'), 'AppLayout');
const NotFoundPage = lazyNamed(() => import('../features/shell/not-found-page.tsx'), 'NotFoundPage');
const TermsPage = lazyNamed(() => import('../features/terms/terms-page.tsx'), 'TermsPage');
const ReportsPage = lazyNamed(() => import('../features/reports/reports-page.tsx'), 'ReportsPage');
const DevelopersPage = lazyNamed(
  () => import('../features/developers/developers-page.tsx'),
  'DevelopersPage',
);
const InventoryPage = lazyNamed(() => import('../features/inventory/inventory-page.tsx'), 'InventoryPage');
const OrdersLayout = lazyNamed(() => import('../features/orders/orders-layout.tsx'), 'OrdersLayout');
const OrdersTabPage = lazyNamed(() => import('../features/orders/orders-tab-page.tsx'), 'OrdersTabPage');
const OrderDetailPage = lazyNamed(
  () => import('../features/order-detail/order-detail-page.tsx'),
  'OrderDetailPage',
);
const ReviewOrderHost = lazyNamed(
  () => import('../features/order-detail/review-order-host.tsx'),
  'ReviewOrderHost',
);
const OrdersHeaderSearch = lazyNamed(
  () => import('../features/orders/orders-header-search.tsx'),
  'OrdersHeaderSearch',
);
const SettingsLayout = lazyNamed(() => import('../features/settings/settings-layout.tsx'), 'SettingsLayout');
const ProfileSettingsPage = lazyNamed(
  () => import('../features/settings/profile/profile-page.tsx'),
  'ProfileSettingsPage',
);
const CompanySettingsPage = lazyNamed(
  () => import('../features/settings/company/company-page.tsx'),
  'CompanySettingsPage',
);
const UsersSettingsPage = lazyNamed(
  () => import('../features/settings/users/users-page.tsx'),
  'UsersSettingsPage',
);
const BillingSettingsPage = lazyNamed(
  () => import('../features/settings/billing/billing-page.tsx'),
  'BillingSettingsPage',
);
const CarrierAccountSettingsPage = lazyNamed(
  () => import('../features/settings/carrier/carrier-page.tsx'),
  'CarrierAccountSettingsPage',
);

const h = (handle: ShellRouteHandle) => handle;

/** Document title from the deepest route handle, and a 'Page View' for every location. */
function RootFrame() {
  const { pathname } = useLocation();
  const matches = useMatches();
  let title: string | undefined;
  for (const m of matches) if (isShellRouteHandle(m.handle) && m.handle.title) title = m.handle.title;

  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  useEffect(() => {
    void trackPageView(pathname, getUserId());
  }, [pathname]);

  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

const ordersSearch = h({ headerSlot: OrdersHeaderSearch });

export const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    errorElement: <RouteErrorPage />,
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

      // Terms: opened in a new tab from the footer and from sign-up, with or without a session.
      { path: 'terms', element: <TermsPage />, handle: h({ title: 'Merchant Terms and Conditions' }) },

      // Logged-in pages: redirect to '/' (then /login) without a token.
      {
        element: <RequireToken />,
        children: [
          { path: 'developers', element: <DevelopersPage />, handle: h({ title: 'Developers' }) },
          {
            element: <AppLayout />,
            children: [
              {
                path: 'orders',
                element: (
                  <>
                    <OrdersLayout />
                    <ReviewOrderHost />
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
