/**
 * The endpoint table without its schemas: for each operationId, the method, the path template and the kind
 * of its success answer. The console's client (`createApiClient`) and `pathOf` read this, so the console
 * bundle carries no zod schema it does not use itself. Generated from endpoints.ts by `npm run api:routes`;
 * routes.test.ts fails when it is out of date. Do not edit the block by hand.
 */
import type { OperationId } from './endpoints.ts';

export type ResponseKind = 'json' | 'empty' | 'binary' | 'event-stream' | 'redirect';
export interface RouteInfo {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly kind: ResponseKind;
}

export const ROUTES = {
  login: { method: 'POST', path: '/a/v2/login', kind: 'json' },
  signUp: { method: 'POST', path: '/a/v2/users', kind: 'json' },
  getUser: { method: 'GET', path: '/a/v2/users/{id}', kind: 'json' },
  updateUser: { method: 'POST', path: '/a/v2/users/{id}', kind: 'json' },
  resendEmailVerification: { method: 'POST', path: '/a/v2/users/{id}/email/verification', kind: 'json' },
  cancelEmailChange: { method: 'POST', path: '/a/v2/users/{id}/email/cancel', kind: 'json' },
  verifyEmail: { method: 'POST', path: '/a/v2/accounts/email', kind: 'json' },
  acceptInvitation: { method: 'POST', path: '/a/v2/accounts/invitation', kind: 'json' },
  requestPasswordToken: { method: 'POST', path: '/a/v2/accounts/password_token', kind: 'json' },
  resetPassword: { method: 'POST', path: '/a/v2/accounts/password', kind: 'json' },
  logout: { method: 'POST', path: '/a/v2/logout', kind: 'json' },
  getOidcConfig: { method: 'GET', path: '/a/v2/oidc/config', kind: 'json' },
  startOidc: { method: 'GET', path: '/a/v2/oidc/start', kind: 'redirect' },
  oidcCallback: { method: 'GET', path: '/a/v2/oidc/callback', kind: 'redirect' },
  startGoogleOidc: { method: 'GET', path: '/a/v2/oidc/google/start', kind: 'redirect' },
  googleOidcCallback: { method: 'GET', path: '/a/v2/oidc/google/callback', kind: 'redirect' },
  listTeam: { method: 'GET', path: '/c/v2/merchants/{tmk}/users', kind: 'json' },
  inviteUser: { method: 'POST', path: '/c/v2/merchants/{tmk}/users', kind: 'json' },
  getUserRoles: { method: 'GET', path: '/a/v2/users/{id}/roles', kind: 'json' },
  setUserRoles: { method: 'POST', path: '/a/v2/users/{id}/roles', kind: 'json' },
  revokeUser: { method: 'POST', path: '/a/v2/users/{id}/data', kind: 'json' },
  getMerchant: { method: 'GET', path: '/c/v2/merchants/{tmk}', kind: 'json' },
  updateMerchant: { method: 'POST', path: '/c/v2/merchants/{tmk}', kind: 'json' },
  updateMerchantData: { method: 'POST', path: '/c/v2/merchants/{tmk}/data', kind: 'json' },
  getMerchantHours: { method: 'GET', path: '/c/v2/merchants/{tmk}/hours', kind: 'json' },
  replaceMerchantHours: { method: 'PUT', path: '/c/v2/merchants/{tmk}/hours', kind: 'json' },
  getCarrierAccount: { method: 'GET', path: '/c/v2/merchants/{tmk}/carrier', kind: 'json' },
  saveCarrierAccount: { method: 'POST', path: '/c/v2/merchants/{tmk}/carrier', kind: 'json' },
  getStripeAccount: { method: 'GET', path: '/c/v2/merchants/{tmk}/payments/stripe', kind: 'json' },
  getBilling: { method: 'GET', path: '/c/v2/merchants/{tmk}/payments', kind: 'json' },
  saveBilling: { method: 'POST', path: '/c/v2/merchants/{tmk}/payments', kind: 'json' },
  getStripeOnboarding: { method: 'GET', path: '/v1/merchant/{tmk}/stripe', kind: 'json' },
  listOfferings: { method: 'GET', path: '/c/v2/merchants/{tmk}/offerings', kind: 'json' },
  getReportsSummary: { method: 'GET', path: '/m/v2/merchant/{tmk}/reports/summary', kind: 'json' },
  listOrders: { method: 'GET', path: '/m/v2/merchant/{tmk}/orders/optimized', kind: 'json' },
  searchOrders: { method: 'GET', path: '/m/v2/merchant/{tmk}/orders/optimize', kind: 'json' },
  getOrderCounts: { method: 'GET', path: '/m/v2/merchant/{tmk}/orders/count', kind: 'json' },
  getOrderFilters: { method: 'GET', path: '/m/v2/merchant/{tmk}/orders/filters', kind: 'json' },
  createEventsTicket: { method: 'POST', path: '/m/v2/merchant/{tmk}/orders/events/ticket', kind: 'json' },
  streamOrderEvents: { method: 'GET', path: '/m/v2/merchant/{tmk}/orders/events', kind: 'event-stream' },
  getOrder: { method: 'GET', path: '/m/v2/orders/{id}', kind: 'json' },
  updateOrder: { method: 'PUT', path: '/m/v2/orders/{id}', kind: 'json' },
  getOrderMap: { method: 'GET', path: '/m/v2/merchant/{tmk}/orders/{id}/map', kind: 'binary' },
  saveOrderData: { method: 'POST', path: '/m/v2/merchant/{tmk}/orders/{id}/data', kind: 'json' },
  requestCourier: { method: 'POST', path: '/m/v2/merchant/{tmk}/orders/{id}/courier', kind: 'json' },
  shipOrder: { method: 'POST', path: '/m/v2/merchant/{tmk}/orders/{id}/ship', kind: 'json' },
  failedDelivery: { method: 'POST', path: '/m/v2/merchant/{tmk}/orders/{id}/failed_delivery', kind: 'json' },
  buyLabels: { method: 'POST', path: '/m/v2/merchant/{tmk}/orders/{id}/labels', kind: 'json' },
  listLabels: { method: 'GET', path: '/m/v2/merchant/{tmk}/orders/{id}/labels', kind: 'json' },
  getLabelFile: { method: 'GET', path: '/m/v2/merchant/{tmk}/orders/{id}/labels/{file}', kind: 'binary' },
  getOrderReport: { method: 'GET', path: '/m/v2/merchant/{tmk}/orders/{id}/reports/{type}', kind: 'binary' },
  sendDirectionsSms: { method: 'POST', path: '/m/v2/sms', kind: 'json' },
  bulkAcceptOrders: { method: 'POST', path: '/m/v2/merchant/{tmk}/orders/bulk/accept', kind: 'json' },
  startDetailsBatch: { method: 'POST', path: '/m/v2/merchant/{tmk}/orders/batch/details', kind: 'json' },
  startReportsBatch: { method: 'POST', path: '/m/v2/merchant/{tmk}/orders/batch/reports', kind: 'json' },
  listBatches: { method: 'GET', path: '/m/v2/merchant/{tmk}/batches', kind: 'json' },
  getBatch: { method: 'GET', path: '/m/v2/merchant/{tmk}/batches/{batch_id}', kind: 'json' },
  downloadBatchFile: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/batches/{batch_id}/files/{kind}',
    kind: 'binary',
  },
  placeOrder: { method: 'POST', path: '/m/v2/marketplace/orders', kind: 'json' },
  reportMarketplaceEvent: { method: 'POST', path: '/m/v2/marketplace/orders/{id}/events', kind: 'json' },
  listMarketplaceOfferings: {
    method: 'GET',
    path: '/m/v2/marketplace/merchants/{tmk}/offerings',
    kind: 'json',
  },
  receiveDoordashEvent: { method: 'POST', path: '/v1/courier/doordash/events', kind: 'json' },
  listEvents: { method: 'GET', path: '/m/v2/merchant/{tmk}/events', kind: 'json' },
  listMarketplaceEvents: { method: 'GET', path: '/m/v2/marketplace/events', kind: 'json' },
  listWebhooks: { method: 'GET', path: '/m/v2/merchant/{tmk}/webhooks', kind: 'json' },
  createWebhook: { method: 'POST', path: '/m/v2/merchant/{tmk}/webhooks', kind: 'json' },
  updateWebhook: { method: 'PATCH', path: '/m/v2/merchant/{tmk}/webhooks/{id}', kind: 'json' },
  deleteWebhook: { method: 'DELETE', path: '/m/v2/merchant/{tmk}/webhooks/{id}', kind: 'json' },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}/rotate_secret',
    kind: 'json',
  },
  testWebhook: { method: 'POST', path: '/m/v2/merchant/{tmk}/webhooks/{id}/test', kind: 'json' },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}/deliveries',
    kind: 'json',
  },
  replayWebhookDelivery: {
    method: 'POST',
    path: '/m/v2/merchant/{tmk}/webhooks/{id}/deliveries/{delivery_id}/replay',
    kind: 'json',
  },
  listMarketplaceWebhooks: { method: 'GET', path: '/m/v2/marketplace/webhooks', kind: 'json' },
  createMarketplaceWebhook: { method: 'POST', path: '/m/v2/marketplace/webhooks', kind: 'json' },
  deleteMarketplaceWebhook: { method: 'DELETE', path: '/m/v2/marketplace/webhooks/{id}', kind: 'json' },
} as const satisfies Record<OperationId, RouteInfo>;
