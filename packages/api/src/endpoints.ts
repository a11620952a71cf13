/**
 * THE endpoint table (docs/decisions/0073): every endpoint of the merchant and marketplace API, once, keyed
 * by its operationId. The server registers its handlers from it (apps/server/src/routes/register-endpoints.ts),
 * the console calls it through `createApiClient` (api-client.ts), path builders come from it (paths.ts) and
 * GET /openapi.json is generated from it (openapi.ts). No path string of the API lives anywhere else.
 */
import { ForgotPasswordSchema, LoginSchema, ResetPasswordSchema, SignUpBodySchema } from '@mc/domain';
import {
  AcceptInvitationBodySchema,
  LoginResponseSchema,
  OidcCallbackQuerySchema,
  OidcConfigSchema,
  OidcStartQuerySchema,
  OkSchema,
  SignUpResponseSchema,
  UpdateUserBodySchema,
  UserIdParamsSchema,
  UserSchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
} from './auth.ts';
import {
  BatchDetailsBodySchema,
  BatchFileParamsSchema,
  BatchFileQuerySchema,
  BatchListSchema,
  BatchParamsSchema,
  BatchReportsBodySchema,
  BatchSchema,
  BulkAcceptBodySchema,
  BulkAcceptQuerySchema,
} from './bulk.ts';
import { DoordashEventReceiptSchema, DoordashEventSchema } from './courier.ts';
import {
  LabelErrorBodySchema,
  LabelFileParamsSchema,
  LabelFileQuerySchema,
  LabelPurchaseBodySchema,
  LabelPurchaseHeadersSchema,
  LabelPurchaseResponseSchema,
  LabelsListSchema,
  ReportParamsSchema,
  SendSmsBodySchema,
  SendSmsResponseSchema,
} from './documents.ts';
import { binary, type Endpoint, eventStream, redirect } from './endpoint-types.ts';
import { ErrorBodySchema } from './errors.ts';
import { OfferingsQuerySchema, OfferingsResponseSchema } from './inventory.ts';
import {
  MarketplaceEventBodySchema,
  MarketplaceOfferingsSchema,
  PlacedOrderSchema,
  PlaceOrderBodySchema,
} from './marketplace.ts';
import { MerchantSchema, StripeAccountSchema, TmkParamsSchema } from './merchant.ts';
import {
  CourierBodySchema,
  FailedDeliveryBodySchema,
  MerchantOrderParamsSchema,
  OrderDataBodySchema,
  OrderDetailSchema,
  OrderIdParamsSchema,
  ShipOrderBodySchema,
  UpdateOrderBodySchema,
} from './order-detail.ts';
import {
  EventsQuerySchema,
  EventsTicketSchema,
  OrderCountsSchema,
  OrderFiltersSchema,
  OrderStreamEventSchema,
  OrdersListQuerySchema,
  OrdersListResponseSchema,
} from './orders-list.ts';
import { ReportsSummaryQuerySchema, ReportsSummarySchema } from './reports.ts';
import {
  BillingBodySchema,
  BillingResponseSchema,
  BillingSaveResponseSchema,
  CarrierAccountBodySchema,
  CarrierAccountSchema,
  HoursBodySchema,
  HoursResponseSchema,
  InviteUserBodySchema,
  InviteUserResponseSchema,
  MerchantAuxDataBodySchema,
  MerchantDetailsBodySchema,
  SetUserRolesBodySchema,
  StripeOnboardingSchema,
  TeamMemberSchema,
  TeamResponseSchema,
  UserDataBodySchema,
  UserRolesResponseSchema,
} from './settings.ts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;
/** `{message, errors?}` answers for the given statuses. */
function errors<S extends ErrorStatus>(...statuses: S[]): { [K in S]: typeof ErrorBodySchema } {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema])) as {
    [K in S]: typeof ErrorBodySchema;
  };
}
/** What every merchant endpoint can answer besides its success: bad input, no session, role, not found. */
const merchantErrors = errors(400, 401, 403, 404);
/** What the framework answers to a POST or PUT before its body reaches a schema: too large (413), a content type it does not read (415). */
const bodyErrors = errors(413, 415);

const ACCOUNTS = ['Accounts'] as const;
const TEAM = ['Team'] as const;
const MERCHANT = ['Merchant'] as const;
const BILLING = ['Billing'] as const;
const INVENTORY = ['Inventory'] as const;
const ORDERS = ['Orders'] as const;
const BULK = ['Bulk tools'] as const;
const REPORTS = ['Reports'] as const;
const MARKETPLACE = ['Marketplace'] as const;
const INTEGRATIONS = ['Integrations'] as const;

const oidcStartDescription =
  'Redirects to the provider (authorization code flow with PKCE S256) and sets a 10-minute HttpOnly, ' +
  'SameSite=Lax cookie holding the state and nonce of this browser (and `return_to`, when it is a path of ' +
  'this console).';
const oidcCallbackDescription =
  "Accepts only the state held in this browser's cookie, once; redeems the code with the PKCE verifier " +
  'and checks the ID token (signature, issuer, audience, expiry, nonce); reads the email from userinfo ' +
  '(subject checked) when the ID token lacks it. Signs in the account linked to this issuer and subject, ' +
  'else links a verified email to its account (an account whose email was never proven loses its password ' +
  'and sessions to the identity), else creates one. Redirects to the console signed in ' +
  "(`/?jwt=…&tmk=…`, or the start's `return_to` path), or to `/signup?oidc_error=<reason>` when refused.";

export const endpoints = {
  // ------------------------------------------------------------------------------------------ accounts
  login: {
    method: 'POST',
    path: '/a/v2/login',
    tags: ACCOUNTS,
    summary: 'Sign in',
    access: 'public',
    body: LoginSchema,
    responses: { 200: LoginResponseSchema, ...errors(400, 401, 404, 429), ...bodyErrors },
  },
  signUp: {
    method: 'POST',
    path: '/a/v2/users',
    tags: ACCOUNTS,
    summary: 'Sign up (basic client credential)',
    description:
      'Creates the account and a store owned by it, and emails a link that confirms the address (24 hours, ' +
      'once); the account works at once. Needs `Authorization: Basic` with the console client credential. ' +
      'At most 5 sign-ups a minute and 20 an hour from one client address, and 10 a minute per email domain: ' +
      'more is 429 with Retry-After.',
    access: 'public',
    body: SignUpBodySchema,
    responses: { 201: SignUpResponseSchema, ...errors(400, 401, 404, 409, 429), ...bodyErrors },
  },
  getUser: {
    method: 'GET',
    path: '/a/v2/users/{id}',
    tags: ACCOUNTS,
    summary: 'A user profile (self, or a teammate for owners and managers)',
    access: 'self',
    params: UserIdParamsSchema,
    responses: { 200: UserSchema, ...errors(400, 401, 404) },
  },
  updateUser: {
    method: 'POST',
    path: '/a/v2/users/{id}',
    tags: ACCOUNTS,
    summary: 'Update your own profile',
    description:
      'A new `email` or `new_password` needs `password`, the current one (400 naming `password` without it or ' +
      'when wrong; wrong guesses count with failed sign-ins, so the 11th in a row is 429). An account without ' +
      'a password instead needs an OpenID sign-in within the last 5 minutes. A new email stays pending ' +
      '(`pending_email`) until the link mailed to it is opened; the current address is told. A new password ' +
      'ends every other session.',
    access: 'self',
    params: UserIdParamsSchema,
    body: UpdateUserBodySchema,
    responses: { 200: UserSchema, ...errors(400, 401, 404, 409, 429), ...bodyErrors },
  },
  resendEmailVerification: {
    method: 'POST',
    path: '/a/v2/users/{id}/email/verification',
    tags: ACCOUNTS,
    summary: 'Email the confirmation link again (the pending new address, else the unconfirmed one)',
    description: 'At most 3 confirmation emails an hour per account (429 with Retry-After).',
    access: 'self',
    params: UserIdParamsSchema,
    responses: { 200: OkSchema, ...errors(400, 401, 404, 409, 429), ...bodyErrors },
  },
  cancelEmailChange: {
    method: 'POST',
    path: '/a/v2/users/{id}/email/cancel',
    tags: ACCOUNTS,
    summary: 'Cancel the pending new email (its link stops working)',
    access: 'self',
    params: UserIdParamsSchema,
    responses: { 200: UserSchema, ...errors(400, 401, 404), ...bodyErrors },
  },
  verifyEmail: {
    method: 'POST',
    path: '/a/v2/accounts/email',
    tags: ACCOUNTS,
    summary: 'Confirm an email address with the token of its link',
    description:
      'A sign-up link marks the address confirmed; a new-address link makes it the account email and ends ' +
      'every other session of the account (the bearer session sending it, if any, stays). Each link works ' +
      'once and for 24 hours; otherwise 400 naming `token`.',
    access: 'public',
    body: VerifyEmailBodySchema,
    responses: { 200: VerifyEmailResponseSchema, ...errors(400, 401, 404, 409, 429), ...bodyErrors },
  },
  acceptInvitation: {
    method: 'POST',
    path: '/a/v2/accounts/invitation',
    tags: ACCOUNTS,
    summary: 'Accept an invitation: set your password with the token of the invitation link, and sign in',
    description:
      'The link works once and for 7 days (otherwise 400 naming `token`). The address it was sent to is ' +
      'confirmed; other sessions of the account end.',
    access: 'public',
    body: AcceptInvitationBodySchema,
    responses: { 200: LoginResponseSchema, ...errors(400, 401, 404, 429), ...bodyErrors },
  },
  requestPasswordToken: {
    method: 'POST',
    path: '/a/v2/accounts/password_token',
    tags: ACCOUNTS,
    summary: 'Email a password reset link',
    access: 'public',
    body: ForgotPasswordSchema,
    responses: { 200: OkSchema, ...errors(400, 401, 404, 429), ...bodyErrors },
  },
  resetPassword: {
    method: 'POST',
    path: '/a/v2/accounts/password',
    tags: ACCOUNTS,
    summary: 'Set a new password with a reset token',
    access: 'public',
    body: ResetPasswordSchema,
    responses: { 200: OkSchema, ...errors(400, 401, 404), ...bodyErrors },
  },
  logout: {
    method: 'POST',
    path: '/a/v2/logout',
    tags: ACCOUNTS,
    summary: 'End this session',
    access: 'self',
    responses: { 200: OkSchema, ...errors(400, 401), ...bodyErrors },
  },
  getOidcConfig: {
    method: 'GET',
    path: '/a/v2/oidc/config',
    tags: ACCOUNTS,
    summary: 'Which third-party sign-in is configured, and the provider name the button shows',
    access: 'public',
    responses: { 200: OidcConfigSchema, ...errors(400) },
  },
  startOidc: {
    method: 'GET',
    path: '/a/v2/oidc/start',
    tags: ACCOUNTS,
    summary: 'Start sign-in with the identity provider (OpenID Connect)',
    description: oidcStartDescription,
    access: 'public',
    query: OidcStartQuerySchema,
    responses: { 302: redirect('To the identity provider'), ...errors(400, 404, 429, 502) },
  },
  oidcCallback: {
    method: 'GET',
    path: '/a/v2/oidc/callback',
    tags: ACCOUNTS,
    summary: 'Sign-in callback (OpenID Connect)',
    description: oidcCallbackDescription,
    access: 'public',
    query: OidcCallbackQuerySchema,
    responses: { 302: redirect('To the console, signed in or with the reason'), ...errors(400, 429) },
  },
  startGoogleOidc: {
    method: 'GET',
    path: '/a/v2/oidc/google/start',
    tags: ACCOUNTS,
    summary: 'Start sign-in with the identity provider (Google (alias))',
    description: oidcStartDescription,
    access: 'public',
    query: OidcStartQuerySchema,
    responses: { 302: redirect('To the identity provider'), ...errors(400, 404, 429, 502) },
  },
  googleOidcCallback: {
    method: 'GET',
    path: '/a/v2/oidc/google/callback',
    tags: ACCOUNTS,
    summary: 'Sign-in callback (Google (alias))',
    description: oidcCallbackDescription,
    access: 'public',
    query: OidcCallbackQuerySchema,
    responses: { 302: redirect('To the console, signed in or with the reason'), ...errors(400, 429) },
  },

  // ------------------------------------------------------------------------------------------ team
  listTeam: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/users',
    tags: TEAM,
    summary: 'The store’s users with their roles and last login',
    access: { capability: 'team.read' },
    params: TmkParamsSchema,
    responses: { 200: TeamResponseSchema, ...merchantErrors },
  },
  inviteUser: {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/users',
    tags: TEAM,
    summary: 'Invite a user (owner): creates the account and emails a link to set a password (7 days, once)',
    access: { capability: 'team.manage' },
    params: TmkParamsSchema,
    body: InviteUserBodySchema,
    responses: { 201: InviteUserResponseSchema, ...merchantErrors, ...errors(409, 503), ...bodyErrors },
  },
  getUserRoles: {
    method: 'GET',
    path: '/a/v2/users/{id}/roles',
    tags: TEAM,
    summary: 'A user’s roles (self, or a teammate for owners and managers)',
    description: 'A teammate’s roles need `team.read` (owners and managers); without it the answer is 404.',
    access: 'self',
    params: UserIdParamsSchema,
    responses: { 200: UserRolesResponseSchema, ...merchantErrors },
  },
  setUserRoles: {
    method: 'POST',
    path: '/a/v2/users/{id}/roles',
    tags: TEAM,
    summary: 'Set a teammate’s role (owner; exactly one role; never your own)',
    access: { capability: 'team.manage' },
    params: UserIdParamsSchema,
    body: SetUserRolesBodySchema,
    responses: { 200: TeamMemberSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  revokeUser: {
    method: 'POST',
    path: '/a/v2/users/{id}/data',
    tags: TEAM,
    summary: 'Revoke a teammate’s access (owner): {authorized_merchant: null}; their sessions end at once',
    access: { capability: 'team.manage' },
    params: UserIdParamsSchema,
    body: UserDataBodySchema,
    responses: { 200: OkSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },

  // ------------------------------------------------------------------------------------------ merchant
  getMerchant: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}',
    tags: MERCHANT,
    summary: 'Merchant details',
    access: { capability: 'merchant.read' },
    params: TmkParamsSchema,
    responses: { 200: MerchantSchema, ...merchantErrors },
  },
  updateMerchant: {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}',
    tags: MERCHANT,
    summary: 'Save the store details (name, address, primary phone and email, timezone)',
    access: { capability: 'merchant.write' },
    params: TmkParamsSchema,
    body: MerchantDetailsBodySchema,
    responses: { 200: MerchantSchema, ...merchantErrors, ...bodyErrors },
  },
  updateMerchantData: {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/data',
    tags: MERCHANT,
    summary: 'Save the store contacts kept in aux data',
    access: { capability: 'merchant.write' },
    params: TmkParamsSchema,
    body: MerchantAuxDataBodySchema,
    responses: { 200: MerchantSchema, ...merchantErrors, ...bodyErrors },
  },
  getMerchantHours: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/hours',
    tags: MERCHANT,
    summary: 'Weekly delivery hours',
    access: { capability: 'merchant.read' },
    params: TmkParamsSchema,
    responses: { 200: HoursResponseSchema, ...merchantErrors },
  },
  replaceMerchantHours: {
    method: 'PUT',
    path: '/c/v2/merchants/{tmk}/hours',
    tags: MERCHANT,
    summary: 'Replace the weekly delivery hours (a day not listed is closed)',
    access: { capability: 'hours.write' },
    params: TmkParamsSchema,
    body: HoursBodySchema,
    responses: { 200: HoursResponseSchema, ...merchantErrors, ...bodyErrors },
  },
  getCarrierAccount: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/carrier',
    tags: MERCHANT,
    summary:
      'Carrier account (masked); nulls when none is set up. Read by the label dialog, so every role may read it.',
    access: { capability: 'merchant.read' },
    params: TmkParamsSchema,
    responses: { 200: CarrierAccountSchema, ...merchantErrors },
  },
  saveCarrierAccount: {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/carrier',
    tags: MERCHANT,
    summary: 'Save the carrier account (a masked account number keeps the stored one)',
    access: { capability: 'carrier.write' },
    params: TmkParamsSchema,
    body: CarrierAccountBodySchema,
    responses: { 200: CarrierAccountSchema, ...merchantErrors, ...bodyErrors },
  },
  getStripeAccount: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/payments/stripe',
    tags: MERCHANT,
    summary: 'Payment account status (null merchant_account_id: onboarding incomplete)',
    description:
      'Only the owner sees the account id; other roles get it masked (`******` and its last 4), enough to know payments are set up.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    responses: { 200: StripeAccountSchema, ...merchantErrors },
  },

  // ------------------------------------------------------------------------------------------ billing
  getBilling: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/payments',
    tags: BILLING,
    summary: 'Billing details (owner); the account number is masked',
    access: { capability: 'billing.read' },
    params: TmkParamsSchema,
    responses: { 200: BillingResponseSchema, ...merchantErrors },
  },
  saveBilling: {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/payments',
    tags: BILLING,
    summary: 'Save billing details (owner; terms must be accepted)',
    description:
      'The account number is stored sealed (AES-256-GCM) and only its last 4 digits are ever shown. Omit it, or send the masked value, to keep the stored one.',
    access: { capability: 'billing.write' },
    params: TmkParamsSchema,
    body: BillingBodySchema,
    responses: { 200: BillingSaveResponseSchema, ...merchantErrors, ...bodyErrors },
  },
  getStripeOnboarding: {
    method: 'GET',
    path: '/v1/merchant/{tmk}/stripe',
    tags: BILLING,
    summary: 'Payment onboarding links (owner): onboarding_data.url until complete, then login_link',
    access: { capability: 'billing.read' },
    params: TmkParamsSchema,
    responses: { 200: StripeOnboardingSchema, ...merchantErrors, ...errors(502) },
  },

  // ------------------------------------------------------------------------------------------ inventory
  listOfferings: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/offerings',
    tags: INVENTORY,
    summary: 'The merchant’s offerings (inventory)',
    description:
      '`filter[selling_with_marketplace]=true` keeps only items sold through the marketplace; `filter[id]` one item by offering id or retailer item code.',
    access: { capability: 'inventory.read' },
    params: TmkParamsSchema,
    query: OfferingsQuerySchema,
    responses: { 200: OfferingsResponseSchema, ...merchantErrors },
  },

  // ------------------------------------------------------------------------------------------ reports
  getReportsSummary: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/reports/summary',
    tags: REPORTS,
    summary: 'Orders summary of a period (counts, revenue, SLA, breakdowns)',
    description:
      '`from` and `to` are days (YYYY-MM-DD) in the store’s time zone, both included, at most 366 days. ' +
      'Revenue (dollars) is present for owners and managers only.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    query: ReportsSummaryQuerySchema,
    responses: { 200: ReportsSummarySchema, ...merchantErrors },
  },

  // ------------------------------------------------------------------------------------------ orders
  listOrders: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/optimized',
    tags: ORDERS,
    summary: 'Orders list (tabs, filters, sort, keyset paging)',
    description:
      'Page size 30 by default (max 100). `next_url` carries a keyset cursor; `offset` is accepted too. ' +
      '`filter[search]` (order id), `filter[recipient_name]` and `filter[customer_email]` search the list.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    query: OrdersListQuerySchema,
    // The console's hottest request: the same few list URLs over and over (docs/decisions/0111).
    validation: { cache: ['params', 'query'] },
    responses: { 200: OrdersListResponseSchema, ...merchantErrors },
  },
  searchOrders: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/optimize',
    tags: ORDERS,
    summary: 'Order search (alias of the list, 10 results by default)',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    query: OrdersListQuerySchema,
    validation: { cache: ['params', 'query'] },
    responses: { 200: OrdersListResponseSchema, ...merchantErrors },
  },
  getOrderCounts: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/count',
    tags: ORDERS,
    summary: 'Order counts per tab',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    responses: { 200: OrderCountsSchema, ...merchantErrors },
  },
  getOrderFilters: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/filters',
    tags: ORDERS,
    summary: 'Filter options of the list',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    responses: { 200: OrderFiltersSchema, ...merchantErrors },
  },
  createEventsTicket: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/events/ticket',
    tags: ORDERS,
    summary: 'A ticket to open the live order events stream',
    description:
      'EventSource cannot send an Authorization header. Ask for a ticket with your bearer token, then open ' +
      '`GET …/orders/events?ticket=…` within 60 seconds. A ticket works once, for this merchant, and only ' +
      'while the session that asked for it lasts.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    responses: { 200: EventsTicketSchema, ...merchantErrors, ...bodyErrors },
  },
  streamOrderEvents: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/events',
    tags: ORDERS,
    summary: 'Live order events (server-sent events)',
    description:
      'text/event-stream of `order.created` and `order.updated` events of this merchant. ' +
      'Authenticate with `Authorization: Bearer`, or (EventSource) with `?ticket=` from ' +
      '`POST …/orders/events/ticket`. Tokens in the URL (`access_token`) are refused. ' +
      'The stream ends when its session ends (logout, password change, revoke). ' +
      'A session may hold 10 open streams at once (all API processes together): the 11th is refused ' +
      'with 429 until one of them is closed.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    query: EventsQuerySchema,
    responses: {
      200: eventStream(OrderStreamEventSchema, '`event:` is the type, `data:` the event as JSON'),
      ...merchantErrors,
      ...errors(429),
    },
  },
  getOrder: {
    method: 'GET',
    path: '/m/v2/orders/{id}',
    tags: ORDERS,
    summary: 'One order with items, money, delivery, tracking, courier info, rejection message and history',
    access: { capability: 'orders.read' },
    params: OrderIdParamsSchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors },
  },
  updateOrder: {
    method: 'PUT',
    path: '/m/v2/orders/{id}',
    tags: ORDERS,
    summary: 'Change the order status (accept, reject, put on hold, ship, deliver)',
    description:
      'Checked against the transition table; a refused change is 409 naming both statuses. Accepting captures the payment: ' +
      'a declined capture answers 200 with status PAYMENT_DECLINED. The update succeeded only if the returned status is the requested one. ' +
      "Closing (CLOSED) an order the store's own driver delivered (on_demand, or scheduled without a courier) needs " +
      'delivery_info.age_verification {birth_date, id_type, checked_by}: 400 when it is missing, the date is invalid or the ' +
      "person is under 21 on the delivery date in the store's time zone. Shipping and courier orders are exempt. " +
      'Only the outcome is kept (21+, ID type, who, when): the birth date is never stored.',
    access: { capability: 'orders.write' },
    params: OrderIdParamsSchema,
    body: UpdateOrderBodySchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  getOrderMap: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/map',
    tags: ORDERS,
    summary: 'Static map image of the delivery address (640x480, zoom 16, marker)',
    access: { capability: 'orders.read' },
    params: MerchantOrderParamsSchema,
    responses: { 200: binary(['image/png', 'image/svg+xml'], 'The map image'), ...merchantErrors },
  },
  saveOrderData: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/data',
    tags: ORDERS,
    summary:
      'Save order data that keeps the status (tracking, rejection message, delivery details, instructions)',
    access: { capability: 'orders.write' },
    params: MerchantOrderParamsSchema,
    body: OrderDataBodySchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  requestCourier: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/courier',
    tags: ORDERS,
    summary: 'Call a courier (pickup request); the order becomes MERCHANT_SHIPPED with the courier info',
    access: { capability: 'orders.write' },
    params: MerchantOrderParamsSchema,
    body: CourierBodySchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors, ...errors(409, 422, 502), ...bodyErrors },
  },
  shipOrder: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/ship',
    tags: ORDERS,
    summary: 'Out for delivery (or ship with tracking): MERCHANT_SHIPPED',
    access: { capability: 'orders.write' },
    params: MerchantOrderParamsSchema,
    body: ShipOrderBodySchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  failedDelivery: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/failed_delivery',
    tags: ORDERS,
    summary:
      "Record a failed delivery by the store's driver: cancel with the restocking fee, or back to accepted",
    description:
      "Only for an order out for delivery with the store's driver (MERCHANT_SHIPPED, on-demand or scheduled, " +
      'no courier, no tracking), else 409. `no_valid_id` and `underage` cancel the order (CANCELLED) with the ' +
      "terms' $20 restocking fee: the payment is refunded except the fee, `transaction.restocking_fee` and " +
      '`transaction.refunded` show it and `transaction.total` becomes the fee. A refused refund is 422 and a ' +
      'provider that does not answer is 503; neither changes the order. `refused`, `no_one_home` and ' +
      '`wrong_address` move the order back to MERCHANT_ACCEPTED for another attempt; `failed_delivery.suggest_cancel` ' +
      'is true after the second failed attempt. Two concurrent calls have one effect (the second is 409).',
    access: { capability: 'orders.write' },
    params: MerchantOrderParamsSchema,
    body: FailedDeliveryBodySchema,
    responses: { 200: OrderDetailSchema, ...merchantErrors, ...errors(409, 422, 503), ...bodyErrors },
  },
  buyLabels: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/{id}/labels',
    tags: ORDERS,
    summary: 'Buy shipping labels (one per box) and mark the order shipped',
    description:
      'Body: an array of boxes `{weight, insurance}` (insurance only when non-zero). Requires an ' +
      '`Idempotency-Key` header (400 without): the same key always gives the same answer and buys at most ' +
      'once, even when sent many times in parallel; the same key with a different body is 422. Carrier ' +
      'refusals are 422 (502 when the carrier fails or does not answer) with the message to show and the ' +
      "carrier's own `errors[{carrier, code, message}]`.",
    access: { capability: 'orders.write' },
    params: MerchantOrderParamsSchema,
    headers: LabelPurchaseHeadersSchema,
    body: LabelPurchaseBodySchema,
    responses: {
      200: LabelPurchaseResponseSchema,
      ...merchantErrors,
      409: LabelErrorBodySchema,
      422: LabelErrorBodySchema,
      502: LabelErrorBodySchema,
      ...bodyErrors,
    },
  },
  listLabels: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/labels',
    tags: ORDERS,
    summary: "The order's shipping labels",
    description:
      'Each `label_url` is a signed link to the PDF, valid for an hour (it opens without a token).',
    access: { capability: 'orders.read' },
    params: MerchantOrderParamsSchema,
    responses: { 200: LabelsListSchema, ...merchantErrors },
  },
  getLabelFile: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/labels/{file}',
    tags: ORDERS,
    summary: 'One shipping label as a PDF (`{shipmentId}.pdf`)',
    description: 'With the `exp` and `sig` of a `label_url`, or a bearer token.',
    access: { capability: 'orders.read' },
    params: LabelFileParamsSchema,
    query: LabelFileQuerySchema,
    responses: { 200: binary(['application/pdf'], 'The label PDF'), ...merchantErrors },
  },
  getOrderReport: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/{id}/reports/{type}',
    tags: ORDERS,
    summary: 'An order report as a PDF: packing slip, receipt or delivery directions',
    description:
      "File names: '{orderId}-{lastName}-Packing Slip.pdf', '{orderId}_{lastName}_Receipt.pdf', " +
      "'{orderId}_Directions.pdf' (Content-Disposition). The receipt is refused (409) while the order is SUBMITTED.",
    access: { capability: 'orders.read' },
    params: ReportParamsSchema,
    responses: {
      200: binary(['application/pdf'], 'The report PDF, with a Content-Disposition file name'),
      ...merchantErrors,
      ...errors(409),
    },
  },
  sendDirectionsSms: {
    method: 'POST',
    path: '/m/v2/sms',
    tags: ORDERS,
    summary: "Text an order's delivery directions to a phone",
    description:
      'Body `{number, order_id}`. The number is parsed with +1 as the default country code and must be a valid ' +
      "phone number ('Please enter a valid phone number'). The server writes the message from the order: the " +
      "recipient's name, address, phone and a maps directions link.",
    access: { capability: 'orders.write' },
    body: SendSmsBodySchema,
    responses: { 200: SendSmsResponseSchema, ...merchantErrors, ...errors(409, 429, 502), ...bodyErrors },
  },

  // ------------------------------------------------------------------------------------------ bulk tools
  bulkAcceptOrders: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/bulk/accept',
    tags: BULK,
    summary:
      'Accept many orders (each through the single-order accept: payment capture, then the transition)',
    description:
      'Runs as a durable background batch. The answer waits up to 4 s: when the batch is done it carries ' +
      '`order_accepted_count`, `order_rejected_count` and `failures` (order id and reason); otherwise poll ' +
      '`GET …/orders/batch/{batch_id}`. Orders of another merchant fail as "Order not found" and are not touched.',
    access: { capability: 'orders.write' },
    params: TmkParamsSchema,
    query: BulkAcceptQuerySchema,
    body: BulkAcceptBodySchema,
    responses: { 200: BatchSchema, ...merchantErrors, ...bodyErrors },
  },
  startDetailsBatch: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/batch/details',
    tags: BULK,
    summary: 'Start a details download (CSV, one row per item line) of the selected orders',
    description:
      "Answers with the batch at once; poll it. 409 'Previous download in progress, please try after {n} second(s).' " +
      'while another download of the store runs.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    body: BatchDetailsBodySchema,
    responses: { 200: BatchSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  startReportsBatch: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/orders/batch/reports',
    tags: BULK,
    summary:
      'Start a reports download: one merged PDF per report type (receipt, packingslip; picklist: one pick list of all the orders, summed per SKU) and a zip of them',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    body: BatchReportsBodySchema,
    responses: { 200: BatchSchema, ...merchantErrors, ...errors(409), ...bodyErrors },
  },
  listBatches: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/bulk/batches',
    tags: BULK,
    summary: "The store's recent batches (last 24 hours, newest first, at most 10), running and finished",
    description:
      'The console shows them again after a reload: progress, the signed download links once the files exist, ' +
      'and the failed orders with their reasons. Every batch of the store, whoever started it.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    responses: { 200: BatchListSchema, ...merchantErrors },
  },
  getBatch: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/batch/{batch_id}',
    tags: BULK,
    summary: 'A batch: progress derived from its orders, and the download links once ready',
    access: { capability: 'orders.read' },
    params: BatchParamsSchema,
    responses: { 200: BatchSchema, ...merchantErrors },
  },
  downloadBatchFile: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/orders/batch/{batch_id}/files/{kind}',
    tags: BULK,
    summary: 'Download a batch file (signed link from batch_pdf_urls or the email; no bearer token needed)',
    access: 'signed',
    params: BatchFileParamsSchema,
    query: BatchFileQuerySchema,
    responses: {
      200: binary(['application/pdf', 'application/zip', 'text/csv'], 'The merged PDF, the zip or the CSV'),
      ...errors(400, 404),
    },
  },

  // ------------------------------------------------------------------------------------------ marketplace
  placeOrder: {
    method: 'POST',
    path: '/m/v2/marketplace/orders',
    tags: MARKETPLACE,
    summary: 'Place an order for a merchant',
    access: 'marketplace',
    body: PlaceOrderBodySchema,
    responses: { 201: PlacedOrderSchema, ...errors(400, 401, 404, 409), ...bodyErrors },
  },
  reportMarketplaceEvent: {
    method: 'POST',
    path: '/m/v2/marketplace/orders/{id}/events',
    tags: MARKETPLACE,
    summary: 'Report a payment or customer event for an order',
    access: 'marketplace',
    params: OrderIdParamsSchema,
    body: MarketplaceEventBodySchema,
    responses: { 200: PlacedOrderSchema, ...errors(400, 401, 404, 409), ...bodyErrors },
  },
  listMarketplaceOfferings: {
    method: 'GET',
    path: '/m/v2/marketplace/merchants/{tmk}/offerings',
    tags: MARKETPLACE,
    summary: "A merchant's active offerings, as the marketplace lists them (shared inventory)",
    access: 'marketplace',
    params: TmkParamsSchema,
    responses: { 200: MarketplaceOfferingsSchema, ...errors(400, 401, 404, 409) },
  },

  // ------------------------------------------------------------------------------------------ integrations
  receiveDoordashEvent: {
    method: 'POST',
    path: '/v1/courier/doordash/events',
    tags: INTEGRATIONS,
    summary: 'DoorDash Drive delivery events (webhook)',
    description:
      'Authenticated by the Authorization header registered with DoorDash (DOORDASH_WEBHOOK_SECRET). ' +
      "Updates the order's courier info; answers 401 without changing anything when the header is wrong.",
    access: 'signed',
    body: DoordashEventSchema,
    responses: { 200: DoordashEventReceiptSchema, ...errors(400, 401, 404, 429), ...bodyErrors },
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type OperationId = keyof Endpoints;
export const OPERATION_IDS = Object.keys(endpoints) as OperationId[];
