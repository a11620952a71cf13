/** The auth module's entry point: what the app and other modules use. */
export { requireMerchant, requireOwnMerchant, requireUser } from './require-caller.ts';
export { authHandlers } from './routes.ts';
export {
  announceSessionsRevoked,
  emitSessionNotification,
  isSessionRevokedEvent,
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
