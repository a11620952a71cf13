/** The settings hub and its pages, each its own chunk. */
import { lazyNamed } from '../../lib/lazy-named.ts';

export const SettingsLayout = lazyNamed(() => import('./settings-layout.tsx'), 'SettingsLayout');
export const ProfileSettingsPage = lazyNamed(
  () => import('./profile/profile-page.tsx'),
  'ProfileSettingsPage',
);
export const CompanySettingsPage = lazyNamed(
  () => import('./company/company-page.tsx'),
  'CompanySettingsPage',
);
export const UsersSettingsPage = lazyNamed(() => import('./users/users-page.tsx'), 'UsersSettingsPage');
export const BillingSettingsPage = lazyNamed(
  () => import('./billing/billing-page.tsx'),
  'BillingSettingsPage',
);
export const CarrierAccountSettingsPage = lazyNamed(
  () => import('./carrier/carrier-page.tsx'),
  'CarrierAccountSettingsPage',
);
