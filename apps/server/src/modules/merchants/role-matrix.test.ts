/**
 * Roles, table-driven: every route of /openapi.json × {owner, manager, member, another
 * merchant's owner, no token} against the one permission table (packages/domain PERMISSIONS,
 * docs/decisions/0054). A merchant route answers 2xx to a role that has its capability, 403 to one
 * that has not, 404 to another merchant's owner (never revealing that the merchant exists) and 401
 * without a token. Every refused request changes nothing (a fingerprint of every table before and after).
 *
 * API keys too (docs/decisions/0140): a key with each one scope walks every route, its expectation made
 * from the endpoint's capability in the contract and the domain's scope table: 2xx where its scope grants
 * the capability, 403 elsewhere, 401 on account routes (/a/v2), marketplace and 'self' routes, and 403 on
 * the console's live stream and its ticket whatever the scope.
 */
import { endpoints } from '@mc/api';
import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  type Capability,
  can,
  type MerchantRole,
  scopesAllow,
} from '@mc/domain';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiKeys, events, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { changedTables, fingerprint } from '../../test/db-fingerprint.ts';
import {
  bearer,
  buildMerchantWithOwner,
  buildOrder,
  buildUser,
  login,
  useTestApp,
} from '../../test/harness.ts';
import { auxDataBody, billingBody, carrierBody, hoursBody, storeDetailsBody } from './settings-fixtures.ts';

type KeyCaller = `key:${ApiKeyScope}`;
type Caller = 'merch.owner' | 'merch.manager' | 'merch.user' | 'other-owner' | 'none' | KeyCaller;
const KEY_CALLERS: KeyCaller[] = API_KEY_SCOPES.map((s) => `key:${s}` as const);
const CALLERS: Caller[] = [
  'merch.owner',
  'merch.manager',
  'merch.user',
  'other-owner',
  'none',
  ...KEY_CALLERS,
];
const isKey = (c: Caller): c is KeyCaller => c.startsWith('key:');

interface Ctx {
  tmk: string;
  /** A fresh member of the merchant, per call (role edits and revokes act on it). */
  teammate: string;
  /** The caller's own user id (for 'self' routes); the merchant owner's for 'none'. */
  self: string;
  /** An order of the merchant in the status the route asks for, fresh per call. */
  order: string;
  batch: string;
  /** A fresh API key of the merchant (revoking acts on it). */
  apiKey: string;
  /** A webhook endpoint of the merchant and one delivery of it (of the order's event), fresh per call. */
  webhook: string;
  delivery: string;
  n: number;
}

/**
 * Who may call a route:
 * - `capability`: a merchant route (path {tmk}, or the caller's own merchant);
 * - `self`: the caller's own user (any signed-in caller), 401 without a token;
 * - `public`: no session needed (sign-in, sign-up, password reset, OpenID Connect): the answer must not
 *   depend on who calls;
 * - `marketplace`: the marketplace's server credential only: every session token is 401;
 * - `signed`: a signed link, not a session: the answer must not depend on who calls.
 */
type Access = { capability: Capability; denied?: 403 | 404 } | 'self' | 'public' | 'marketplace' | 'signed';

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the OpenAPI document names it. */
  path: string;
  access: Access;
  url: (c: Ctx) => string;
  body?: (c: Ctx) => unknown;
  headers?: (c: Ctx) => Record<string, string>;
  /** The order status the route needs (default SUBMITTED). */
  orderStatus?: 'SUBMITTED' | 'MERCHANT_ACCEPTED';
  /** Statuses an allowed caller may get (default: any 2xx). */
  allowed?: number[];
  /** A stream: read the head, then drop it. */
  stream?: boolean;
}

const m = (c: Ctx) => `/m/v2/merchant/${c.tmk}`;

export const ROUTES: RouteCase[] = [
  // ------------------------------------------------------------ accounts
  {
    method: 'POST',
    path: '/a/v2/login',
    access: 'public',
    url: () => '/a/v2/login',
    body: () => ({ email: 'nobody@matrix.test', password: 'wrong-password-1' }),
  },
  { method: 'POST', path: '/a/v2/users', access: 'public', url: () => '/a/v2/users', body: () => ({}) },
  {
    method: 'POST',
    path: '/a/v2/accounts/password_token',
    access: 'public',
    url: () => '/a/v2/accounts/password_token',
    body: () => ({ email: 'nobody@matrix.test' }),
  },
  {
    method: 'POST',
    path: '/a/v2/accounts/password',
    access: 'public',
    url: () => '/a/v2/accounts/password',
    body: () => ({ new_password: 'new-password-123', reset_token: 'not-a-token' }),
  },
  { method: 'GET', path: '/a/v2/oidc/config', access: 'public', url: () => '/a/v2/oidc/config' },
  { method: 'GET', path: '/a/v2/oidc/google/start', access: 'public', url: () => '/a/v2/oidc/google/start' },
  { method: 'GET', path: '/a/v2/oidc/start', access: 'public', url: () => '/a/v2/oidc/start' },
  {
    method: 'GET',
    path: '/a/v2/oidc/callback',
    access: 'public',
    url: () => '/a/v2/oidc/callback?code=c&state=s',
  },
  {
    method: 'GET',
    path: '/a/v2/oidc/google/callback',
    access: 'public',
    url: () => '/a/v2/oidc/google/callback?code=c&state=s',
  },
  { method: 'GET', path: '/a/v2/users/{id}', access: 'self', url: (c) => `/a/v2/users/${c.self}` },
  {
    method: 'POST',
    path: '/a/v2/accounts/email',
    access: 'public',
    url: () => '/a/v2/accounts/email',
    body: () => ({ token: 'not-a-token' }),
  },
  {
    method: 'POST',
    path: '/a/v2/accounts/invitation',
    access: 'public',
    url: () => '/a/v2/accounts/invitation',
    body: () => ({ token: 'not-a-token', new_password: 'new-password-123' }),
  },
  {
    method: 'POST',
    path: '/a/v2/users/{id}/email/verification',
    access: 'self',
    url: (c) => `/a/v2/users/${c.self}/email/verification`,
  },
  {
    method: 'POST',
    path: '/a/v2/users/{id}/email/cancel',
    access: 'self',
    url: (c) => `/a/v2/users/${c.self}/email/cancel`,
  },
  {
    method: 'POST',
    path: '/v1/courier/doordash/events',
    access: 'signed',
    url: () => '/v1/courier/doordash/events',
    body: () => ({ event_name: 'DASHER_CONFIRMED', external_delivery_id: 'courier-none' }),
  },
  {
    method: 'POST',
    path: '/a/v2/users/{id}',
    access: 'self',
    url: (c) => `/a/v2/users/${c.self}`,
    body: () => ({ first_name: 'Renamed' }),
  },
  // ------------------------------------------------------------ team (a teammate's profile and roles are visible to team.read)
  {
    method: 'GET',
    path: '/a/v2/users/{id}/roles',
    access: { capability: 'team.read', denied: 404 },
    url: (c) => `/a/v2/users/${c.teammate}/roles`,
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/users',
    access: { capability: 'team.read' },
    url: (c) => `/c/v2/merchants/${c.tmk}/users`,
  },
  {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/users',
    access: { capability: 'team.manage' },
    url: (c) => `/c/v2/merchants/${c.tmk}/users`,
    body: (c) => ({
      first_name: 'New',
      last_name: 'Hire',
      email: `hire-${c.n}-${c.tmk}@matrix.test`,
      role: 'merch.user',
    }),
  },
  {
    method: 'POST',
    path: '/a/v2/users/{id}/roles',
    access: { capability: 'team.manage' },
    url: (c) => `/a/v2/users/${c.teammate}/roles`,
    body: () => ({ roles: ['merch.manager'] }),
  },
  {
    method: 'POST',
    path: '/a/v2/users/{id}/data',
    access: { capability: 'team.manage' },
    url: (c) => `/a/v2/users/${c.teammate}/data`,
    body: () => ({ authorized_merchant: null }),
  },
  // ------------------------------------------------------------ alerts to staff (each person's own; the store's escalation)
  {
    method: 'GET',
    path: '/a/v2/users/{id}/alerts',
    access: 'self',
    url: (c) => `/a/v2/users/${c.self}/alerts`,
  },
  {
    method: 'PUT',
    path: '/a/v2/users/{id}/alerts',
    access: 'self',
    url: (c) => `/a/v2/users/${c.self}/alerts`,
    body: () => ({
      new_order: ['email'],
      unaccepted: [],
      sla_risk: [],
      batch_ready: ['email'],
      only_during_store_hours: true,
    }),
  },
  {
    method: 'POST',
    path: '/a/v2/users/{id}/alerts/phone/confirm',
    access: 'self',
    url: (c) => `/a/v2/users/${c.self}/alerts/phone/confirm`,
    body: () => ({ code: '123456' }),
    // Walked before a code is asked for (a wrong code is counted, a write): refused as expired (400).
    allowed: [400],
  },
  {
    method: 'POST',
    path: '/a/v2/users/{id}/alerts/phone',
    access: 'self',
    url: (c) => `/a/v2/users/${c.self}/alerts/phone`,
    body: () => ({ phone_number: '(646) 555-0199' }),
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/alerts',
    access: { capability: 'alerts.manage' },
    url: (c) => `/c/v2/merchants/${c.tmk}/alerts`,
  },
  {
    method: 'PUT',
    path: '/c/v2/merchants/{tmk}/alerts',
    access: { capability: 'alerts.manage' },
    url: (c) => `/c/v2/merchants/${c.tmk}/alerts`,
    body: () => ({ unaccepted_after_minutes: 10, escalate_to: 'owners' }),
  },
  // ------------------------------------------------------------ store settings
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}',
    access: { capability: 'merchant.read' },
    url: (c) => `/c/v2/merchants/${c.tmk}`,
  },
  {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}',
    access: { capability: 'merchant.write' },
    url: (c) => `/c/v2/merchants/${c.tmk}`,
    body: storeDetailsBody,
  },
  {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/data',
    access: { capability: 'merchant.write' },
    url: (c) => `/c/v2/merchants/${c.tmk}/data`,
    body: auxDataBody,
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/hours',
    access: { capability: 'merchant.read' },
    url: (c) => `/c/v2/merchants/${c.tmk}/hours`,
  },
  {
    method: 'PUT',
    path: '/c/v2/merchants/{tmk}/hours',
    access: { capability: 'hours.write' },
    url: (c) => `/c/v2/merchants/${c.tmk}/hours`,
    body: hoursBody,
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/carrier',
    access: { capability: 'merchant.read' },
    url: (c) => `/c/v2/merchants/${c.tmk}/carrier`,
  },
  {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/carrier',
    access: { capability: 'carrier.write' },
    url: (c) => `/c/v2/merchants/${c.tmk}/carrier`,
    body: carrierBody,
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/offerings',
    access: { capability: 'inventory.read' },
    url: (c) => `/c/v2/merchants/${c.tmk}/offerings`,
  },
  // ------------------------------------------------------------ payments (owner only: the bank form and onboarding)
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/payments/stripe',
    access: { capability: 'orders.read' },
    url: (c) => `/c/v2/merchants/${c.tmk}/payments/stripe`,
  },
  {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/payments',
    access: { capability: 'billing.read' },
    url: (c) => `/c/v2/merchants/${c.tmk}/payments`,
  },
  {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/payments',
    access: { capability: 'billing.write' },
    url: (c) => `/c/v2/merchants/${c.tmk}/payments`,
    body: () => billingBody(),
  },
  {
    method: 'GET',
    path: '/v1/merchant/{tmk}/stripe',
    access: { capability: 'billing.read' },
    url: (c) => `/v1/merchant/${c.tmk}/stripe`,
  },
  // ------------------------------------------------------------ orders
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/optimized',
    access: { capability: 'orders.read' },
    url: (c) => `${m(c)}/orders/optimized`,
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/optimize',
    access: { capability: 'orders.read' },
    url: (c) => `${m(c)}/orders/optimize?filter%5Bsearch%5D=A`,
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/count',
    access: { capability: 'orders.read' },
    url: (c) => `${m(c)}/orders/count`,
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/filters',
    access: { capability: 'orders.read' },
    url: (c) => `${m(c)}/orders/filters`,
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/reports/summary',
    access: { capability: 'reports.read' },
    url: (c) => `${m(c)}/reports/summary?from=2026-01-01&to=2026-01-31`,
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/events',
    access: { capability: 'orders.read' },
    url: (c) => `${m(c)}/orders/events`,
    stream: true,
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/events/ticket',
    access: { capability: 'orders.read' },
    url: (c) => `${m(c)}/orders/events/ticket`,
  },
  {
    method: 'GET',
    path: '/m/v2/orders/{id}',
    access: { capability: 'orders.read' },
    url: (c) => `/m/v2/orders/${c.order}`,
  },
  {
    method: 'PUT',
    path: '/m/v2/orders/{id}',
    access: { capability: 'orders.write' },
    url: (c) => `/m/v2/orders/${c.order}`,
    body: () => ({ status: 'MERCHANT_ACCEPTED' }),
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/map',
    access: { capability: 'orders.read' },
    url: (c) => `${m(c)}/orders/${c.order}/map`,
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/data',
    access: { capability: 'orders.write' },
    url: (c) => `${m(c)}/orders/${c.order}/data`,
    body: () => ({ delivery_instructions: 'Ring twice' }),
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/courier',
    access: { capability: 'orders.write' },
    url: (c) => `${m(c)}/orders/${c.order}/courier`,
    body: () => ({ courier_info: { number_of_package: 1 } }),
    orderStatus: 'MERCHANT_ACCEPTED',
    // The seeded order's delivery method decides whether a courier can be sent: past the role check either way.
    allowed: [200, 201, 409],
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/failed_delivery',
    access: { capability: 'orders.write' },
    url: (c) => `${m(c)}/orders/${c.order}/failed_delivery`,
    body: () => ({ reason: 'no_one_home' }),
    // The matrix's orders are not out with the store's driver: past the role check, the status answers 409.
    allowed: [409],
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/ship',
    access: { capability: 'orders.write' },
    url: (c) => `${m(c)}/orders/${c.order}/ship`,
    body: () => ({}),
    orderStatus: 'MERCHANT_ACCEPTED',
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/bulk/accept',
    access: { capability: 'orders.write' },
    url: (c) => `${m(c)}/orders/bulk/accept`,
    body: (c) => ({ orders: [{ id: c.order, status: 'MERCHANT_ACCEPTED' }] }),
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/batch/details',
    access: { capability: 'orders.read' },
    url: (c) => `${m(c)}/orders/batch/details`,
    body: (c) => ({ items: [c.order] }),
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/batch/reports',
    access: { capability: 'documents.read' },
    url: (c) => `${m(c)}/orders/batch/reports`,
    body: (c) => ({ order_keys: [c.order], report_types: ['packingslip'] }),
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/batches/{batch_id}',
    access: { capability: 'orders.read' },
    url: (c) => `${m(c)}/batches/${c.batch}`,
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/batches',
    access: { capability: 'orders.read' },
    url: (c) => `${m(c)}/batches`,
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/batches/{batch_id}/files/{kind}',
    access: 'signed',
    url: (c) => `${m(c)}/batches/${c.batch}/files/csv?expires=9999999999999&signature=${'x'.repeat(43)}`,
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/reports/{type}',
    access: { capability: 'documents.read' },
    url: (c) => `${m(c)}/orders/${c.order}/reports/packingslip`,
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/labels',
    access: { capability: 'orders.write' },
    url: (c) => `${m(c)}/orders/${c.order}/labels`,
    headers: (c) => ({ 'idempotency-key': `matrix-${c.n}-${c.order}` }),
    body: () => [{ weight: 2 }],
    orderStatus: 'MERCHANT_ACCEPTED',
    // Past the role check, the carrier decides (the seeded order may not ship by carrier).
    allowed: [200, 201, 409, 422],
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/labels',
    access: { capability: 'orders.read' },
    url: (c) => `${m(c)}/orders/${c.order}/labels`,
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/labels/{file}',
    access: { capability: 'documents.read' },
    url: (c) => `${m(c)}/orders/${c.order}/labels/00000000-0000-0000-0000-000000000000.pdf`,
    // No such label: past the role check, 404.
    allowed: [404],
  },
  {
    method: 'POST',
    path: '/m/v2/sms',
    access: { capability: 'orders.write' },
    url: () => '/m/v2/sms',
    body: (c) => ({ number: '2125550123', order_id: c.order }),
  },
  // ------------------------------------------------------------ API keys (owner)
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/api_keys',
    access: { capability: 'api_keys.manage' },
    url: (c) => `${m(c)}/api_keys`,
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/api_keys',
    access: { capability: 'api_keys.manage' },
    url: (c) => `${m(c)}/api_keys`,
    body: () => ({ name: 'Matrix', scopes: ['orders.read'] }),
  },
  {
    method: 'DELETE',
    path: '/m/v2/merchant/{tmk}/api_keys/{id}',
    access: { capability: 'api_keys.manage' },
    url: (c) => `${m(c)}/api_keys/${c.apiKey}`,
  },
  // ------------------------------------------------------------ marketplace (server credential only)
  {
    method: 'POST',
    path: '/m/v2/marketplace/orders',
    access: 'marketplace',
    url: () => '/m/v2/marketplace/orders',
    body: () => ({}),
  },
  {
    method: 'POST',
    path: '/m/v2/marketplace/orders/{id}/events',
    access: 'marketplace',
    url: (c) => `/m/v2/marketplace/orders/${c.order}/events`,
    body: () => ({ type: 'dispute' }),
  },
  {
    method: 'GET',
    path: '/m/v2/marketplace/merchants/{tmk}/offerings',
    access: 'marketplace',
    url: (c) => `/m/v2/marketplace/merchants/${c.tmk}/offerings`,
  },
  {
    method: 'PUT',
    path: '/m/v2/marketplace/merchants/{tmk}/offerings',
    access: 'marketplace',
    url: (c) => `/m/v2/marketplace/merchants/${c.tmk}/offerings`,
    body: () => ({ items: [] }),
  },
  // ------------------------------------------------------------ events and webhooks
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/events',
    access: { capability: 'events.read' },
    url: (c) => `${m(c)}/events`,
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/webhooks',
    access: { capability: 'webhooks.manage' },
    url: (c) => `${m(c)}/webhooks`,
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/webhooks',
    access: { capability: 'webhooks.manage' },
    url: (c) => `${m(c)}/webhooks`,
    body: () => ({ url: 'http://127.0.0.1:9/hooks', events: ['order.created'] }),
  },
  {
    method: 'PATCH',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}',
    access: { capability: 'webhooks.manage' },
    url: (c) => `${m(c)}/webhooks/${c.webhook}`,
    body: () => ({ description: 'Renamed' }),
  },
  {
    method: 'DELETE',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}',
    access: { capability: 'webhooks.manage' },
    url: (c) => `${m(c)}/webhooks/${c.webhook}`,
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}/rotate_secret',
    access: { capability: 'webhooks.manage' },
    url: (c) => `${m(c)}/webhooks/${c.webhook}/rotate_secret`,
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}/test',
    access: { capability: 'webhooks.manage' },
    url: (c) => `${m(c)}/webhooks/${c.webhook}/test`,
  },
  {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}/deliveries',
    access: { capability: 'webhooks.manage' },
    url: (c) => `${m(c)}/webhooks/${c.webhook}/deliveries`,
  },
  {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}/deliveries/{delivery_id}/replay',
    access: { capability: 'webhooks.manage' },
    url: (c) => `${m(c)}/webhooks/${c.webhook}/deliveries/${c.delivery}/replay`,
  },
  {
    method: 'GET',
    path: '/m/v2/marketplace/events',
    access: 'marketplace',
    url: () => '/m/v2/marketplace/events',
  },
  {
    method: 'GET',
    path: '/m/v2/marketplace/webhooks',
    access: 'marketplace',
    url: () => '/m/v2/marketplace/webhooks',
  },
  {
    method: 'POST',
    path: '/m/v2/marketplace/webhooks',
    access: 'marketplace',
    url: () => '/m/v2/marketplace/webhooks',
    body: () => ({ url: 'http://127.0.0.1:9/hooks', events: ['order.created'] }),
  },
  {
    method: 'DELETE',
    path: '/m/v2/marketplace/webhooks/{id}',
    access: 'marketplace',
    url: (c) => `/m/v2/marketplace/webhooks/${c.webhook}`,
  },
  // ------------------------------------------------------------ last: it ends the caller's session
  { method: 'POST', path: '/a/v2/logout', access: 'self', url: () => '/a/v2/logout' },
];

/** The contract's entry of a route (its access, as the server checks it). */
function contractAccess(r: RouteCase) {
  const entry = Object.values(endpoints).find((e) => e.method === r.method && e.path === r.path);
  if (!entry) throw new Error(`${r.method} ${r.path} is not in the endpoint table`);
  return entry.access;
}

/** The console's live stream and its ticket: a person's session only, whatever a key's scopes. */
const STREAM_PATHS = ['/m/v2/merchant/{tmk}/orders/events', '/m/v2/merchant/{tmk}/orders/events/ticket'];

/** What a key with `scope` gets, from the contract's access and the scope table alone. */
function expectedForKey(r: RouteCase, scope: ApiKeyScope, ok: string): string {
  const access = contractAccess(r);
  if (access === 'public' || access === 'signed') return 'same for every caller';
  if (access === 'marketplace' || access === 'self' || r.path.startsWith('/a/')) return '401';
  if (STREAM_PATHS.includes(r.path)) return '403';
  return scopesAllow([scope], access.capability) ? ok : '403';
}

/** The status the table expects, as `2xx` for any success. */
function expected(r: RouteCase, caller: Caller): string {
  const ok = r.allowed ? r.allowed.join('|') : '2xx';
  if (isKey(caller)) return expectedForKey(r, caller.slice(4) as ApiKeyScope, ok);
  if (r.access === 'public' || r.access === 'signed') return 'same for every caller';
  if (r.access === 'marketplace') return '401';
  if (caller === 'none') return '401';
  if (r.access === 'self') return ok;
  if (caller === 'other-owner') return '404';
  return can([caller as MerchantRole], r.access.capability) ? ok : String(r.access.denied ?? 403);
}

function actual(r: RouteCase, status: number): string {
  if (r.allowed?.includes(status)) return r.allowed.join('|');
  return status >= 200 && status < 300 ? '2xx' : String(status);
}

const t = useTestApp();

/** A webhook endpoint of the merchant with one delivery of the order's `order.created` event. */
async function buildWebhook(merchantId: string, orderId: string) {
  const [endpoint] = await t.ctx.database.db
    .insert(webhookEndpoints)
    .values({
      merchant_id: merchantId,
      url: 'http://127.0.0.1:9/hooks',
      events: ['order.created'],
      secret: 'whsec_AAAA',
    })
    .returning({ id: webhookEndpoints.id });
  const [event] = await t.ctx.database.db
    .select({ seq: events.seq, id: events.id, type: events.type })
    .from(events)
    .where(eq(events.order_id, orderId))
    .limit(1);
  const [delivery] = await t.ctx.database.db
    .insert(webhookDeliveries)
    .values({
      endpoint_id: endpoint!.id,
      event_seq: event!.seq,
      event_id: event!.id,
      event_type: event!.type,
      attempt: 1,
      status_code: 200,
    })
    .returning({ id: webhookDeliveries.id });
  return { webhook: endpoint!.id, delivery: delivery!.id };
}

/** Waits for a batch's background job to finish, so its writes are not taken for a refusal's. */
async function settleBatch(tmk: string, batchId: string, headers: Record<string, string>): Promise<void> {
  // A deadline, not a count of polls: the first render worker took 40–60 s to boot from source at load 15–19.
  for (const deadline = Date.now() + 110_000; Date.now() < deadline; ) {
    const res = await t.app.inject({ url: `/m/v2/merchant/${tmk}/batches/${batchId}`, headers });
    const state = res.statusCode === 200 ? (res.json() as { state: string }).state : 'done';
    if (state === 'done' || state === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`batch ${batchId} did not finish`);
}

/** One request; a batch it started is waited for, read with `owner`'s headers (a caller may not read it). */
async function send(opts: InjectOptions, owner: Record<string, string>, stream?: boolean): Promise<number> {
  if (!stream) {
    const res = await t.app.inject(opts);
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    const batchId =
      res.statusCode < 300 && isJson ? (res.json() as { batch_id?: unknown } | null)?.batch_id : undefined;
    const tmk = /^\/m\/v2\/merchant\/([^/]+)\//.exec(opts.url as string)?.[1];
    if (typeof batchId === 'string' && tmk) await settleBatch(tmk, batchId, owner);
    return res.statusCode;
  }
  const res = await t.app.inject({ ...opts, payloadAsStream: true });
  res.stream().destroy();
  return res.statusCode;
}

// Each caller walks every route of the API (about 90 requests, writes checked unchanged): over a minute
// on a loaded 2-core machine for the owner.
describe('role matrix', { timeout: 180_000 }, () => {
  it('declares each route’s capability as the contract does', () => {
    // (A teammate's roles are 'self' in the contract and checked against team.read by the handler.)
    const differing = ROUTES.filter((r) => typeof contractAccess(r) === 'object').flatMap((r) => {
      const access = contractAccess(r) as { capability: Capability };
      const declared = typeof r.access === 'object' ? r.access.capability : r.access;
      return access.capability === declared
        ? []
        : [`${r.method} ${r.path}: ${declared} here, ${access.capability} in the contract`];
    });
    expect(differing).toEqual([]);
  });

  it('covers every route of the API document', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${p}`),
    );
    const covered = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(documented.filter((r) => !covered.includes(r))).toEqual([]);
    expect(covered.filter((r) => !documented.includes(r))).toEqual([]);
  });

  const seen: Record<string, Record<Caller, number>> = {};

  for (const caller of CALLERS) {
    it(`${caller}: every route answers as the permission table says; refusals change nothing`, async () => {
      const target = await buildMerchantWithOwner(t);
      let headers: Record<string, string> = {};
      let self = target.user.id;
      if (caller === 'other-owner') {
        const other = await buildMerchantWithOwner(t);
        headers = other.headers;
        self = other.user.id;
      } else if (isKey(caller)) {
        const made = await t.app.inject({
          method: 'POST',
          url: `/m/v2/merchant/${target.merchant.tmk}/api_keys`,
          headers: target.headers,
          payload: { name: `Matrix ${caller}`, scopes: [caller.slice(4)] },
        });
        headers = bearer((made.json() as { key: string }).key);
      } else if (caller !== 'none') {
        const user =
          caller === 'merch.owner'
            ? target.user
            : await buildUser(t.ctx, { merchantId: target.merchant.id, role: caller });
        headers = caller === 'merch.owner' ? target.headers : bearer(await login(t.app, user.email));
        self = user.id;
      }
      const batchOrder = await buildOrder(t.ctx, {
        merchantTmk: target.merchant.tmk,
        status: 'MERCHANT_ACCEPTED',
      });
      const batchRes = await t.app.inject({
        method: 'POST',
        url: `/m/v2/merchant/${target.merchant.tmk}/orders/batch/details`,
        headers: target.headers,
        payload: { items: [batchOrder] },
      });
      const batch = (batchRes.json() as { batch_id: string }).batch_id;
      await settleBatch(target.merchant.tmk, batch, target.headers);

      const outcome: string[] = [];
      const wanted: string[] = [];
      const changedByRefusal: string[] = [];
      let n = 0;
      for (const r of ROUTES) {
        const teammate = await buildUser(t.ctx, { merchantId: target.merchant.id, role: 'merch.user' });
        const order = await buildOrder(t.ctx, {
          merchantTmk: target.merchant.tmk,
          status: r.orderStatus ?? 'SUBMITTED',
        });
        // A key to revoke, for the route that revokes one (a store holds at most 50).
        const [apiKey] =
          r.method === 'DELETE'
            ? await t.ctx.database.db
                .insert(apiKeys)
                .values({
                  merchant_id: target.merchant.id,
                  name: `Revocable ${n}`,
                  scopes: ['orders.read'],
                  prefix: 'mck_matrix',
                  key_hash: `matrix-${target.merchant.id}-${n}`,
                })
                .returning({ id: apiKeys.id })
            : [{ id: '00000000-0000-4000-8000-000000000000' }];
        const { webhook, delivery } = await buildWebhook(target.merchant.id, order);
        const c: Ctx = {
          tmk: target.merchant.tmk,
          teammate: teammate.id,
          self,
          order,
          batch,
          apiKey: apiKey!.id,
          webhook,
          delivery,
          n: n++,
        };
        const before = await fingerprint(t.database);
        const status = await send(
          {
            method: r.method,
            url: r.url(c),
            headers: { ...headers, ...(r.headers?.(c) ?? {}) },
            // Each caller from an address of its own: the sign-in limit (60 a minute an address) is not the
            // subject here, and twelve callers walk the sign-in route within a minute.
            remoteAddress: `10.99.0.${CALLERS.indexOf(caller) + 1}`,
            ...(r.body ? { payload: r.body(c) as object } : {}),
          },
          target.headers,
          r.stream,
        );
        if (status >= 400) {
          const changed = changedTables(before, await fingerprint(t.database));
          if (changed.length)
            changedByRefusal.push(`${r.method} ${r.path}: ${status} changed ${changed.join(', ')}`);
        }
        expect(status, `${r.method} ${r.path} as ${caller}`).toBeLessThan(500);
        seen[`${r.method} ${r.path}`] ??= {} as Record<Caller, number>;
        (seen[`${r.method} ${r.path}`] as Record<Caller, number>)[caller] = status;
        const want = expected(r, caller);
        if (want === 'same for every caller') continue;
        outcome.push(`${r.method} ${r.path}: ${actual(r, status)}`);
        wanted.push(`${r.method} ${r.path}: ${want}`);
      }
      expect(outcome).toEqual(wanted);
      expect(changedByRefusal).toEqual([]);
    });
  }

  it('public and signed-link routes answer the same whoever calls (a session grants nothing there)', () => {
    const differing = ROUTES.filter((r) => r.access === 'public' || r.access === 'signed')
      .map((r) => [`${r.method} ${r.path}`, seen[`${r.method} ${r.path}`] ?? {}] as const)
      .filter(([, by]) => new Set(Object.values(by)).size !== 1 || Object.keys(by).length !== CALLERS.length)
      .map(([k, by]) => `${k}: ${JSON.stringify(by)}`);
    expect(differing).toEqual([]);
  });
});
