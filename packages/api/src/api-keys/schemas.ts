/**
 * API keys for integrations (a POS, an ERP, a shipping tool): made and revoked by the store's owner, shown
 * once, kept hashed; a key is used as `Authorization: Bearer mck_…` with the scopes it was given
 * (docs/decisions/0140).
 */
import { API_KEY_SCOPES, safeString, text } from '@mc/domain';
import { z } from 'zod';

export const ApiKeyScopeSchema = z
  .enum(API_KEY_SCOPES, { error: `Each scope must be one of ${API_KEY_SCOPES.join(', ')}` })
  .meta({ id: 'ApiKeyScope' });

/** POST /m/v2/merchant/{tmk}/api_keys. */
export const CreateApiKeyBodySchema = z
  .object({
    /** What the key is for, as the store's history names changes made with it ("by API key 'POS'"). */
    name: safeString(80)
      .trim()
      .min(1, 'Please give the key a name')
      .regex(/^[^'"\n\r]*$/, 'The name cannot contain quotes or line breaks'),
    scopes: z
      .array(ApiKeyScopeSchema)
      .min(1, 'Choose at least one scope')
      .max(API_KEY_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, 'Each scope once'),
  })
  .meta({ id: 'CreateApiKeyBody' });
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

/** A key as lists show it: never the key itself, only its first characters (`prefix`). */
export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scopes: z.array(ApiKeyScopeSchema),
    /** `mck_` and the first characters of the secret, to tell keys apart. */
    prefix: z.string(),
    created_at: z.string(),
    /** Kept to the minute: a key's use is recorded at most once a minute. */
    last_used_at: z.string().nullable(),
    /** The person who made it, while their account exists. */
    created_by: z.object({ id: z.uuid(), name: z.string() }).optional(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeysResponseSchema = z.object({ items: z.array(ApiKeySchema) }).meta({ id: 'ApiKeys' });
export type ApiKeysResponse = z.infer<typeof ApiKeysResponseSchema>;

/** The answer to making a key: the one time `key` is shown. */
export const CreatedApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scopes: z.array(ApiKeyScopeSchema),
    prefix: z.string(),
    /** The key, shown this once (kept only as its SHA-256). */
    key: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeyParamsSchema = z.object({
  tmk: text('id').min(1),
  id: z.uuid({ message: 'Invalid API key id' }),
});
