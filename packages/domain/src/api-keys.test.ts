import { describe, expect, it } from 'vitest';
import {
  API_KEY_PATTERN,
  API_KEY_SCOPES,
  apiKeyActorName,
  isApiKeyScope,
  looksLikeApiKey,
  SCOPE_CAPABILITIES,
  scopesAllow,
  scopesFor,
} from './api-keys.ts';
import { historyTitle } from './order-history.ts';
import { CAPABILITIES, type Capability, PERMISSIONS } from './roles.ts';

describe('API key scopes', () => {
  it('grant only capabilities of the permission table, and never one about people, money, settings or keys', () => {
    const granted = new Set(Object.values(SCOPE_CAPABILITIES).flat());
    for (const c of granted) expect(CAPABILITIES).toContain(c);
    const never: Capability[] = [
      'api_keys.manage',
      'team.read',
      'team.manage',
      'billing.read',
      'billing.write',
      'profile.write',
      'merchant.write',
      'hours.write',
      'carrier.read',
      'carrier.write',
    ];
    expect(never.filter((c) => granted.has(c))).toEqual([]);
  });

  it('allow what their table says and nothing else; unknown scopes grant nothing', () => {
    expect(scopesAllow(['orders.read'], 'orders.read')).toBe(true);
    expect(scopesAllow(['orders.read'], 'orders.write')).toBe(false);
    expect(scopesAllow(['orders.write'], 'orders.read')).toBe(false);
    expect(scopesAllow(['documents.read'], 'documents.read')).toBe(true);
    expect(scopesAllow(['reports.read'], 'reports.revenue')).toBe(true);
    expect(scopesAllow(['team.manage', 'api_keys.manage'], 'team.manage')).toBe(false);
    expect(scopesAllow([], 'orders.read')).toBe(false);
    expect(scopesAllow(null, 'orders.read')).toBe(false);
    expect(scopesFor('documents.read')).toEqual(['documents.read']);
    expect(scopesFor('api_keys.manage')).toEqual([]);
    expect(API_KEY_SCOPES.every(isApiKeyScope)).toBe(true);
    expect(isApiKeyScope('orders')).toBe(false);
  });

  it('every role keeps what it had: the downloads and the summary are every role’s, as orders.read is', () => {
    expect(PERMISSIONS['documents.read']).toEqual(PERMISSIONS['orders.read']);
    expect(PERMISSIONS['reports.read']).toEqual(PERMISSIONS['orders.read']);
  });
});

describe('API key format and naming', () => {
  it('is mck_ and 43 base62 characters', () => {
    expect(API_KEY_PATTERN.test(`mck_${'A1b2'.repeat(10)}xyz`)).toBe(true);
    expect(API_KEY_PATTERN.test(`mck_${'A1b2'.repeat(10)}xy`)).toBe(false);
    expect(API_KEY_PATTERN.test(`mck_${'A1b-'.repeat(10)}xyz`)).toBe(false);
    expect(looksLikeApiKey('mck_x')).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOi')).toBe(false);
  });

  it('names the key in the order history', () => {
    expect(apiKeyActorName('POS')).toBe("API key 'POS'");
    expect(
      historyTitle({ action: 'accept', actor_type: 'merchant', actor_name: apiKeyActorName('POS') }),
    ).toBe("Accepted by API key 'POS'");
  });
});
