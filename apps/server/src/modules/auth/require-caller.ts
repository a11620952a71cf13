import { type Capability, DomainError, looksLikeApiKey } from '@mc/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type Caller, type Principal, principalCan } from '../../lib/principal.ts';
import { countApiKeyRequest, noteApiKeyUse, resolveApiKeyPrincipal } from './api-key-principal.ts';
import { resolvePrincipal } from './sessions.ts';

export const PASSWORD_MUST_CHANGE_MESSAGE = 'Please set a new password before you continue.';
/** An API key on an account route (/a/v2: profile, password, sign-out, a person's team membership). */
export const API_KEY_ACCOUNT_MESSAGE =
  'API keys cannot be used on account routes. Sign in as a person to do this.';
export const API_KEY_SCOPE_MESSAGE = 'This API key’s scopes do not allow this.';

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h?.startsWith('Bearer ')) return null;
  return h.slice(7).trim() || null;
}

/** The caller, a person or an API key (`mck_…`, docs/decisions/0140), or 401. Cached on the request. */
async function requireCaller(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  if (request.principal) return request.principal;
  const token = bearer(request);
  if (!token) throw new DomainError('UNAUTHENTICATED', 'Please sign in.');
  request.principal = looksLikeApiKey(token)
    ? await resolveApiKeyPrincipal(ctx, token)
    : await resolvePrincipal(ctx, token);
  return request.principal;
}

/**
 * A signed-in person, or 401. An API key is never a person: an account route takes a person's session
 * only, so a key is 401 there as no credential would be, whatever its scopes (docs/decisions/0140).
 */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  const principal = await requireCaller(ctx, request);
  if (principal.apiKey) throw new DomainError('UNAUTHENTICATED', API_KEY_ACCOUNT_MESSAGE);
  return principal;
}

/**
 * The merchant {tmk} names, if the caller acts for it and their role allows `capability`.
 * Another merchant's key is 404 (never reveals that it exists); a role without the capability is 403.
 */
export async function requireMerchant(
  ctx: AppContext,
  request: FastifyRequest,
  tmk: string,
  capability: Capability,
): Promise<Caller> {
  const principal = await requireCaller(ctx, request);
  // A session signed in with an old invitation's temporary password reaches its own profile (to set a new
  // password) and logout, nothing of a store (docs/decisions/0114-email-verification-reauthentication-invitations.md).
  if (principal.passwordMustChange) throw new DomainError('FORBIDDEN', PASSWORD_MUST_CHANGE_MESSAGE);
  if (!principal.tmk || principal.tmk !== tmk) throw new DomainError('NOT_FOUND', 'Merchant not found');
  if (principal.apiKey) {
    await countApiKeyRequest(ctx, principal.apiKey.id);
    if (!principalCan(principal, capability)) throw new DomainError('FORBIDDEN', API_KEY_SCOPE_MESSAGE);
    // Only a request the key may make is a use of it (a refusal changes nothing).
    await noteApiKeyUse(ctx, principal.apiKey.id);
  } else if (!principalCan(principal, capability)) {
    throw new DomainError('FORBIDDEN', 'Your role does not allow this. Ask the store owner for access.');
  }
  const merchant = principal.merchant;
  if (!merchant) throw new DomainError('NOT_FOUND', 'Merchant not found');
  return { principal, merchant };
}

/** The caller's own merchant (for routes without {tmk} in the path, e.g. /m/v2/orders/{id}). */
export async function requireOwnMerchant(
  ctx: AppContext,
  request: FastifyRequest,
  capability: Capability,
): Promise<Caller> {
  const principal = await requireCaller(ctx, request);
  if (!principal.tmk) throw new DomainError('FORBIDDEN', 'Your account is not linked to a store.');
  return requireMerchant(ctx, request, principal.tmk, capability);
}
