/**
 * Roles and the permission table.
 * Member: orders, inventory and own profile. Manager: everything but billing and team management.
 * Owner: everything.
 */
import { isOneOf } from './one-of.ts';

export const MERCHANT_ROLES = ['merch.user', 'merch.manager', 'merch.owner'] as const;
export type MerchantRole = (typeof MERCHANT_ROLES)[number];

export function isMerchantRole(value: unknown): value is MerchantRole {
  return isOneOf(MERCHANT_ROLES, value);
}

/** Labels for every role the console may meet, incl. internal platform roles. */
export const ROLE_LABELS: Readonly<Record<string, string>> = {
  'merch.user': 'Member',
  'merch.manager': 'Manager',
  'merch.owner': 'Owner',
  'app.admin': 'App Admin',
  'app.extauth': 'App External Auth',
  'app.manager': 'App Manager',
  'app.serverauth': 'App Server Auth',
  'cart.admin': 'Cart Admin',
  'org.admin': 'Organization Admin',
  'org.billing': 'Organization Billing',
  'org.manager': 'Organization Manager',
  'org.user': 'Organization User',
  admin: 'Admin',
  accounts: 'Accounts',
  customer_service: 'Customer Service',
  ops: 'Ops',
  qa: 'QA',
};

/** Role descriptions as the Users page shows them (the spec gives none for the owner). */
export const ROLE_DESCRIPTIONS: Record<MerchantRole, string> = {
  'merch.user': 'basic features including Orders',
  'merch.manager': 'full access except for billing',
  'merch.owner': 'full access including billing and users',
};

export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role;
}

/** Options for the role edit dialog. */
export const MERCHANT_ROLE_OPTIONS: readonly { value: MerchantRole; label: string; description: string }[] =
  MERCHANT_ROLES.map((value) => ({ value, label: roleLabel(value), description: ROLE_DESCRIPTIONS[value] }));

export const CAPABILITIES = [
  'orders.read',
  'orders.write',
  'inventory.read',
  'merchant.read',
  'merchant.write',
  'hours.write',
  'billing.read',
  'billing.write',
  'carrier.read',
  'carrier.write',
  'team.read',
  'team.manage',
  'profile.write',
  'reports.revenue',
  'events.read',
  'webhooks.manage',
  'api_keys.manage',
  'documents.read',
  'reports.read',
  'alerts.manage',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const ALL: readonly MerchantRole[] = ['merch.user', 'merch.manager', 'merch.owner'];
const MANAGER_UP: readonly MerchantRole[] = ['merch.manager', 'merch.owner'];
const OWNER: readonly MerchantRole[] = ['merch.owner'];

/** The single permission table: capability → roles that have it. */
export const PERMISSIONS: Readonly<Record<Capability, readonly MerchantRole[]>> = {
  'orders.read': ALL,
  'orders.write': ALL,
  'inventory.read': ALL,
  // Every member needs the store name, timezone and carrier flag to work orders.
  'merchant.read': ALL,
  'merchant.write': MANAGER_UP,
  'hours.write': MANAGER_UP,
  'billing.read': OWNER,
  'billing.write': OWNER,
  'carrier.read': MANAGER_UP,
  'carrier.write': MANAGER_UP,
  'team.read': MANAGER_UP,
  'team.manage': OWNER,
  'profile.write': ALL,
  'reports.revenue': MANAGER_UP,
  // The event feed carries what the orders list shows, for the people who see the store's reports.
  'events.read': MANAGER_UP,
  // Webhook endpoints and API keys send the store's orders to, or let in, a program: the owner decides.
  'webhooks.manage': OWNER,
  'api_keys.manage': OWNER,
  // An order's PDFs and label files, and the summary of a period, have their own capabilities so an API key
  // can be given them alone (docs/decisions/0140); every role keeps what it had through orders.read.
  'documents.read': ALL,
  'reports.read': ALL,
  // Who is told when an order waits too long is the store's rule, set by those who run the store.
  'alerts.manage': MANAGER_UP,
};

export function can(roles: readonly string[] | null | undefined, capability: Capability): boolean {
  const allowed = PERMISSIONS[capability];
  return (roles ?? []).some((r) => (allowed as readonly string[]).includes(r));
}

export function isOwner(roles: readonly string[] | null | undefined): boolean {
  return (roles ?? []).includes('merch.owner');
}

/** The strongest merchant role in a list (owner > manager > user), or null. */
export function primaryMerchantRole(roles: readonly string[] | null | undefined): MerchantRole | null {
  for (const r of ['merch.owner', 'merch.manager', 'merch.user'] as const)
    if ((roles ?? []).includes(r)) return r;
  return null;
}

/** Only the owner sees Edit and Revoke, and never on their own row (marked 'You'). */
export function canManageTeamMember(
  actorRoles: readonly string[],
  actorId: string,
  targetId: string,
): boolean {
  return can(actorRoles, 'team.manage') && actorId !== targetId;
}

export const YOU_LABEL = 'You';
