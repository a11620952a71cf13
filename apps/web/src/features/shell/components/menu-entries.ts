/** The header menu: every entry shows regardless of role. */
export interface MenuEntry {
  label: string;
  to: string;
}

export const MAIN_MENU: MenuEntry[] = [
  { label: 'Orders', to: '/orders' },
  { label: 'Inventory', to: '/inventory' },
];

export const SETTINGS_MENU: MenuEntry[] = [
  { label: 'Profile', to: '/settings/profile' },
  { label: 'Company', to: '/settings/company' },
  { label: 'Users', to: '/settings/users' },
  { label: 'Billing', to: '/settings/billing' },
  { label: 'Carrier', to: '/settings/carrier' },
  { label: 'Developer', to: '/developers' },
];
