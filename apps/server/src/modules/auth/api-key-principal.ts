/**
 * An API key as a caller (docs/decisions/0140). A key `mck_…` is looked up by its SHA-256 (the only form
 * stored) and becomes a Principal of its store with its scopes instead of roles. It shares the session
 * cache: the cache's key is the token's hash, the principal's `userId` is the key's id, so a revocation
 * announced as "sessions of <key id> ended" (session-events.ts) drops it on every process at once, and the
 * cache's one-second TTL is the backstop of a lost notification.
 *
 * Each use is counted against the key's own rate limit (by its id, across processes), and `last_used_at`
 * is written at most once a minute per key.
 */
import { API_KEY_PATTERN, apiKeyActorName, DomainError } from '@mc/domain';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { apiKeys, merchants } from '../../db/schema.ts';
import type { Principal } from '../../lib/principal.ts';
import { countRequest } from '../../lib/rate-limit-store.ts';
import { sha256 } from '../../lib/tokens.ts';
import { SessionCache, sessionCacheOf } from './session-cache.ts';

export const API_KEY_INVALID_MESSAGE = 'This API key is not valid or has been revoked.';
export const API_KEY_RATE_LIMIT_MESSAGE = 'Too many requests with this API key. Please slow down.';

/** How often a key's `last_used_at` is written at most. */
export const LAST_USED_EVERY_MS = 60_000;
const RATE_WINDOW_MS = 60_000;

const invalid = () => new DomainError('UNAUTHENTICATED', API_KEY_INVALID_MESSAGE);

/** When this process last wrote each key's `last_used_at` (the SQL condition covers the other processes). */
const lastWritten = new WeakMap<object, Map<string, number>>();

type KeyRow = { key: typeof apiKeys.$inferSelect; merchant: typeof merchants.$inferSelect };

function toPrincipal(row: KeyRow): Principal {
  return {
    userId: row.key.id,
    sessionId: row.key.id,
    email: '',
    name: apiKeyActorName(row.key.name),
    roles: [],
    passwordMustChange: false,
    merchantId: row.merchant.id,
    tmk: row.merchant.tmk,
    merchant: row.merchant,
    apiKey: { id: row.key.id, name: row.key.name, scopes: row.key.scopes },
  };
}

function selectLiveKey(ctx: AppContext) {
  return ctx.database.db
    .select({ key: apiKeys, merchant: merchants })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchant_id));
}

async function readKeyPrincipal(ctx: AppContext, token: string): Promise<Principal> {
  const [row] = await selectLiveKey(ctx)
    .where(and(eq(apiKeys.key_hash, sha256(token)), isNull(apiKeys.revoked_at)))
    .limit(1);
  if (!row) throw invalid();
  return toPrincipal(row);
}

/**
 * The principal of a live key by its id, or null (revoked, or never a key): for work a key started and a
 * background job finishes (a bulk accept), checked again when the job runs.
 */
export async function loadApiKeyPrincipal(ctx: AppContext, keyId: string): Promise<Principal | null> {
  const [row] = await selectLiveKey(ctx)
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revoked_at)))
    .limit(1);
  return row ? toPrincipal(row) : null;
}

async function touch(ctx: AppContext, keyId: string, now: number): Promise<void> {
  let written = lastWritten.get(ctx.events);
  if (!written) {
    written = new Map();
    lastWritten.set(ctx.events, written);
  }
  const last = written.get(keyId);
  if (last !== undefined && now - last < LAST_USED_EVERY_MS) return;
  if (written.size >= 10_000) written.clear();
  written.set(keyId, now);
  const at = new Date(now);
  await ctx.database.db
    .update(apiKeys)
    .set({ last_used_at: at })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.last_used_at), lt(apiKeys.last_used_at, new Date(now - LAST_USED_EVERY_MS))),
      ),
    )
    .catch(() => {
      /* a missed note of use is not worth failing the request for */
    });
}

/** The principal of an API key, or 401. */
export async function resolveApiKeyPrincipal(ctx: AppContext, token: string): Promise<Principal> {
  // Anything not shaped like a key costs no query.
  if (!API_KEY_PATTERN.test(token)) throw invalid();
  return sessionCacheOf(ctx).resolve(SessionCache.key(token), async () => ({
    principal: await readKeyPrincipal(ctx, token),
    expiresAt: Number.POSITIVE_INFINITY,
  }));
}

/**
 * A request with a key on a merchant route, counted against the key's own limit: 429 past it (an account
 * route refuses a key before this).
 */
export async function countApiKeyRequest(ctx: AppContext, keyId: string): Promise<void> {
  // A database that cannot count lets the request through, as the route limits do (skipOnError in app.ts).
  const { current, ttl } = await countRequest(ctx.database, 'apikey', keyId, RATE_WINDOW_MS).catch(() => ({
    current: 0,
    ttl: 0,
  }));
  if (current > ctx.config.apiKeyRateLimit)
    throw new DomainError('RATE_LIMITED', API_KEY_RATE_LIMIT_MESSAGE, {
      // When the key's minute ends, as the route limits say it.
      headers: { 'retry-after': String(Math.max(1, Math.ceil(ttl / 1000))) },
    });
}

/** A use of the key its scopes allow: noted in `last_used_at` at most once a minute. */
export async function noteApiKeyUse(ctx: AppContext, keyId: string): Promise<void> {
  await touch(ctx, keyId, Date.now());
}
