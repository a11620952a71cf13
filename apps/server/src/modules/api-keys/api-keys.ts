/**
 * Making, listing and revoking a store's API keys (docs/decisions/0140). A key is `mck_` and 32 random
 * bytes in base62; only its SHA-256 is stored, with its first characters to tell keys apart. Revoking
 * announces the end to every API process (session-events.ts), whose session caches drop the key at once.
 */
import { randomBytes } from 'node:crypto';
import type { ApiKey, ApiKeysResponse, CreateApiKeyBody, CreatedApiKey, Ok } from '@mc/api';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  type ApiKeyScope,
  DomainError,
  isApiKeyScope,
} from '@mc/domain';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { apiKeys, users } from '../../db/schema.ts';
import type { Caller } from '../../lib/principal.ts';
import { sha256 } from '../../lib/tokens.ts';
import { announceSessionsRevoked } from '../auth/index.ts';

/** Live keys a store may hold: enough for every integration, few enough to review. */
export const MAX_API_KEYS = 50;
export const TOO_MANY_KEYS_MESSAGE = `A store can have at most ${MAX_API_KEYS} API keys. Revoke one you no longer use first.`;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^43 > 2^256: 43 characters hold any 32 bytes. */
const SECRET_LENGTH = 43;

/** 32 bytes in base62, always 43 characters (left-padded), so every key has one length. */
export function base62(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(SECRET_LENGTH, BASE62[0]);
}

export function newApiKey(): string {
  return `${API_KEY_PREFIX}${base62(randomBytes(32))}`;
}

const scopesOf = (stored: string[]): ApiKeyScope[] => stored.filter(isApiKeyScope);

export async function listApiKeys(ctx: AppContext, merchantId: string): Promise<ApiKeysResponse> {
  const rows = await ctx.database.db
    .select({ key: apiKeys, first: users.first_name, last: users.last_name })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.created_by))
    .where(and(eq(apiKeys.merchant_id, merchantId), isNull(apiKeys.revoked_at)))
    .orderBy(desc(apiKeys.created_at), desc(apiKeys.id));
  return {
    items: rows.map(
      ({ key, first, last }): ApiKey => ({
        id: key.id,
        name: key.name,
        scopes: scopesOf(key.scopes),
        prefix: key.prefix,
        created_at: key.created_at.toISOString(),
        last_used_at: key.last_used_at?.toISOString() ?? null,
        ...(key.created_by && first !== null
          ? { created_by: { id: key.created_by, name: `${first} ${last ?? ''}`.trim() } }
          : {}),
      }),
    ),
  };
}

export async function createApiKey(
  ctx: AppContext,
  caller: Caller,
  body: CreateApiKeyBody,
): Promise<CreatedApiKey> {
  const key = newApiKey();
  const row = await ctx.database.db.transaction(async (tx) => {
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.merchant_id, caller.merchant.id), isNull(apiKeys.revoked_at)));
    if ((live?.n ?? 0) >= MAX_API_KEYS) throw new DomainError('CONFLICT', TOO_MANY_KEYS_MESSAGE);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        merchant_id: caller.merchant.id,
        name: body.name,
        scopes: [...new Set(body.scopes)],
        prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
        key_hash: sha256(key),
        created_by: caller.principal.apiKey ? null : caller.principal.userId,
      })
      .returning();
    return inserted!;
  });
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    prefix: row.prefix,
    key,
    created_at: row.created_at.toISOString(),
  };
}

export async function revokeApiKey(ctx: AppContext, merchantId: string, id: string): Promise<Ok> {
  const [row] = await ctx.database.db
    .update(apiKeys)
    .set({ revoked_at: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.merchant_id, merchantId), isNull(apiKeys.revoked_at)))
    .returning({ id: apiKeys.id });
  if (!row) throw new DomainError('NOT_FOUND', 'API key not found');
  // The key's principal carries its id as `userId`: every process drops it from its session cache now.
  await announceSessionsRevoked(ctx, { user_id: row.id });
  return { success: true, message: 'API key revoked' };
}
