/** The auth module's entry point: what the app and other modules use. */

export { takeWindowSlot, type WindowLimit } from './account-limits.ts';
export { loadApiKeyPrincipal } from './api-key-principal.ts';
export { invitationLink, issueEmailToken, retireEmailTokens } from './email-links.ts';
export { escapeHtml } from './password-reset.ts';
export { requireMerchant, requireOwnMerchant, requireUser } from './require-caller.ts';
export { authHandlers } from './routes.ts';
export { SessionCache, sessionCacheOf } from './session-cache.ts';
export {
  announceMerchantChanged,
  announceSessionsRevoked,
  emitSessionNotification,
  isSessionRevokedEvent,
  MERCHANT_CHANGED,
  type MerchantChangedEvent,
  SESSION_EVENTS_CHANNEL,
  SESSION_REVOKED,
  type SessionRevokedEvent,
} from './session-events.ts';
export {
  createSession,
  loadPrincipal,
  type Principal,
  resolvePrincipal,
  revokeAllSessions,
  revokeSession,
} from './sessions.ts';
