import { type Capability, can, scopesAllow } from '@mc/domain';
import type { MerchantRow } from '../db/rows.ts';

/** Who is asking: resolved from the bearer token and a live session row on every request. */
export interface Principal {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  roles: string[];
  /** A temporary password from an old invitation is still set: the session may only change it (require-caller.ts). */
  passwordMustChange: boolean;
  merchantId: string | null;
  tmk: string | null;
  /** The merchant row, read in the same query as the session (one query per request for both). */
  merchant: MerchantRow | null;
  /**
   * Set when the caller is an integration's API key, not a person (docs/decisions/0140): then `userId` and
   * `sessionId` are the key's id, `roles` is empty and `scopes` decide what it may do.
   */
  apiKey?: { id: string; name: string; scopes: string[] };
}

/** A caller of a merchant endpoint: the principal, and the merchant it acts for (role already checked). */
export interface Caller {
  principal: Principal;
  merchant: MerchantRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the caller is resolved (bearer token or event-stream ticket); cached for the request. */
    principal: Principal | null;
  }
}

/** Whether the caller has a capability: a person by their roles, an API key by its scopes (docs/decisions/0140). */
export function principalCan(
  principal: Pick<Principal, 'roles' | 'apiKey'>,
  capability: Capability,
): boolean {
  return principal.apiKey
    ? scopesAllow(principal.apiKey.scopes, capability)
    : can(principal.roles, capability);
}
