import { useDisclosure } from '@mantine/hooks';
import { can } from '@mc/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { DeferredDialog } from '../../components/deferred-dialog.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { siteName } from '../../lib/brand.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { merchantQueryOptions, stripeAccountQueryOptions } from '../../lib/merchant-api.ts';
import { Outlet } from '../../lib/router.tsx';
import { getUserId, useSession } from '../../lib/session.ts';
import { userQueryOptions } from '../../lib/user-api.ts';
import { NewPasswordStep } from '../auth/index.ts';
import { useLogout } from './api/logout.ts';
import { AppFooter } from './components/app-footer.tsx';
import { AppHeader } from './components/app-header.tsx';
import { PaymentBanner } from './components/payment-banner.tsx';
import { useRouteHandle } from './route-handle.ts';
import classes from './shell.module.css';

/** The phone menu (a drawer) loads when first opened. */
const MobileNav = lazyNamed(() => import('./components/mobile-nav.tsx'), 'MobileNav');
/** The confirm-your-email notice loads only for an account whose address is not confirmed. */
const EmailNotice = lazyNamed(() => import('./components/email-notice.tsx'), 'EmailNotice');

/** The logged-in frame: brand header with menu, payment banner, content (max 1440 px), footer. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { token, merchantKey } = useSession();
  const userId = getUserId(token) ?? '';
  const user = useQuery({ ...userQueryOptions(userId), enabled: Boolean(userId) });
  // A temporary password from an old invitation: nothing but the new-password step until it is replaced
  // (the API refuses the store's data to that session anyway).
  const mustChangePassword = user.data?.password_must_change === true;
  const storeData = Boolean(merchantKey) && !mustChangePassword;
  const merchant = useQuery({ ...merchantQueryOptions(merchantKey ?? ''), enabled: storeData });
  const stripe = useQuery({ ...stripeAccountQueryOptions(merchantKey ?? ''), enabled: storeData });
  const [mobileNavOpened, mobileNav] = useDisclosure(false);
  const logout = useLogout();
  const HeaderSlot = useRouteHandle('headerSlot');

  const storeName =
    merchant.data?.name ?? (merchant.isPending && merchantKey ? 'Loading store…' : siteName());
  const handleSignOut = () => {
    mobileNav.close();
    logout.mutate();
  };
  const needsPaymentSetup = stripe.isSuccess && !stripe.data.merchant_account_id;

  return (
    <div className={classes.frame}>
      <AppHeader
        storeName={storeName}
        HeaderSlot={mustChangePassword ? undefined : HeaderSlot}
        mobileNavOpened={mobileNavOpened}
        onToggleMobileNav={mobileNav.toggle}
        onSignOut={handleSignOut}
      />
      <DeferredDialog opened={mobileNavOpened}>
        {(opened) => (
          <MobileNav
            opened={opened}
            onClose={mobileNav.close}
            onSignOut={handleSignOut}
            storeName={storeName}
          />
        )}
      </DeferredDialog>
      {needsPaymentSetup && !mustChangePassword ? (
        <PaymentBanner canSetUpPayments={can(user.data?.userRoles ?? [], 'billing.write')} />
      ) : null}
      {user.data?.email_verified === false && !mustChangePassword ? (
        <Suspense fallback={null}>
          <EmailNotice userId={user.data.id} email={user.data.email} />
        </Suspense>
      ) : null}
      <main id="main-content" className={classes.main} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          {mustChangePassword ? <NewPasswordStep userId={userId} /> : (children ?? <Outlet />)}
        </Suspense>
      </main>
      <AppFooter />
    </div>
  );
}
