/**
 * API keys: what an integration's key may do. A key has scopes instead of roles; each scope grants a fixed
 * set of the capabilities of the permission table (roles.ts), and a key never has anything else
 * (docs/decisions/0140). Pure data and rules, no I/O.
 */
import { isOneOf } from './one-of.ts';
import type { Capability } from './roles.ts';

export const API_KEY_SCOPES = [
  'orders.read',
  'orders.write',
  'documents.read',
  'reports.read',
  'inventory.read',
  'webhooks.manage',
  'events.read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return isOneOf(API_KEY_SCOPES, value);
}

/**
 * The one table from scope to capabilities. No scope grants a capability about people or money
 * (team, billing, profile, the store's settings) nor `api_keys.manage`: a key cannot make or end keys.
 */
export const SCOPE_CAPABILITIES: Readonly<Record<ApiKeyScope, readonly Capability[]>> = {
  'orders.read': ['orders.read'],
  'orders.write': ['orders.write'],
  'documents.read': ['documents.read'],
  // The summary with its revenue figures: the owner who makes the key decides who sees them.
  'reports.read': ['reports.read', 'reports.revenue'],
  'inventory.read': ['inventory.read'],
  'webhooks.manage': ['webhooks.manage'],
  'events.read': ['events.read'],
};

/** Whether a key with these scopes has the capability. Unknown scope strings grant nothing. */
export function scopesAllow(scopes: readonly string[] | null | undefined, capability: Capability): boolean {
  return (scopes ?? []).some(
    (s) => isApiKeyScope(s) && (SCOPE_CAPABILITIES[s] as readonly string[]).includes(capability),
  );
}

/** The scopes that grant a capability (none for account, team, billing and settings capabilities). */
export function scopesFor(capability: Capability): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((s) => (SCOPE_CAPABILITIES[s] as readonly string[]).includes(capability));
}

/** How an API key begins: a fixed prefix secret scanners can match, then 32 random bytes in base62. */
export const API_KEY_PREFIX = 'mck_';
/** Characters of a key shown in lists so its owner can tell keys apart (prefix + the first 6 of the secret). */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 6;
/** A key as it is written: `mck_` then 43 base62 characters (32 bytes). */
export const API_KEY_PATTERN = /^mck_[0-9A-Za-z]{43}$/;

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** How history names a change made with a key (the actor column of an order's history). */
export function apiKeyActorName(name: string): string {
  return `API key '${name}'`;
}
