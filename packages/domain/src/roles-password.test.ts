import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GENERATED_PASSWORD_LENGTH,
  generatePassword,
  PASSWORD_DIGITS,
  PASSWORD_LOWER,
  PASSWORD_SYMBOLS,
  PASSWORD_UPPER,
  secureRandomInt,
} from './password.ts';
import {
  CAPABILITIES,
  type Capability,
  can,
  canManageTeamMember,
  isOwner,
  MERCHANT_ROLES,
  PERMISSIONS,
  primaryMerchantRole,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  roleLabel,
} from './roles.ts';

describe('roles', () => {
  it('labels and descriptions', () => {
    expect(ROLE_LABELS['merch.user']).toBe('Member');
    expect(ROLE_LABELS['merch.manager']).toBe('Manager');
    expect(ROLE_LABELS['merch.owner']).toBe('Owner');
    for (const r of [
      'app.admin',
      'app.extauth',
      'app.manager',
      'app.serverauth',
      'cart.admin',
      'org.admin',
      'org.billing',
      'org.manager',
      'org.user',
    ])
      expect(ROLE_LABELS[r]).toBeTruthy();
    expect(ROLE_DESCRIPTIONS['merch.user']).toBe('basic features including Orders');
    expect(ROLE_DESCRIPTIONS['merch.manager']).toBe('full access except for billing');
    expect(roleLabel('unknown.role')).toBe('unknown.role');
  });
  const MEMBER: Capability[] = [
    'orders.read',
    'orders.write',
    'inventory.read',
    'merchant.read',
    'profile.write',
    'documents.read',
    'reports.read',
  ];
  const MANAGER_DENIED: Capability[] = [
    'billing.read',
    'billing.write',
    'team.manage',
    'webhooks.manage',
    'api_keys.manage',
  ];
  it.each(CAPABILITIES.map((c) => [c] as const))('%s: every role', (c) => {
    expect(can(['merch.user'], c)).toBe(MEMBER.includes(c));
    expect(can(['merch.manager'], c)).toBe(!MANAGER_DENIED.includes(c));
    expect(can(['merch.owner'], c)).toBe(true);
    expect(can([], c)).toBe(false);
    expect(can(['app.admin'], c)).toBe(false);
    expect(can(undefined, c)).toBe(false);
  });
  it('table only names merchant roles', () => {
    for (const roles of Object.values(PERMISSIONS))
      for (const r of roles) expect(MERCHANT_ROLES).toContain(r);
  });
  it('owner helpers', () => {
    expect(isOwner(['merch.user', 'merch.owner'])).toBe(true);
    expect(isOwner(['merch.manager'])).toBe(false);
    expect(primaryMerchantRole(['merch.user', 'merch.manager'])).toBe('merch.manager');
    expect(primaryMerchantRole(['org.user'])).toBeNull();
    expect(canManageTeamMember(['merch.owner'], 'u1', 'u2')).toBe(true);
    expect(canManageTeamMember(['merch.owner'], 'u1', 'u1')).toBe(false);
    expect(canManageTeamMember(['merch.manager'], 'u1', 'u2')).toBe(false);
  });
});

const count = (s: string, set: string) => [...s].filter((ch) => set.includes(ch)).length;

describe('generatePassword', () => {
  it('property: 16 chars = 6 lower, 3 upper, 3 symbols, 4 digits for any random source', () => {
    fc.assert(
      fc.property(
        fc.infiniteStream(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
        (stream) => {
          const it = stream[Symbol.iterator]();
          const pw = generatePassword((n) => Math.floor((it.next().value as number) * n));
          return (
            pw.length === GENERATED_PASSWORD_LENGTH &&
            count(pw, PASSWORD_LOWER) === 6 &&
            count(pw, PASSWORD_UPPER) === 3 &&
            count(pw, PASSWORD_SYMBOLS) === 3 &&
            count(pw, PASSWORD_DIGITS) === 4
          );
        },
      ),
    );
  });
  it('default source is crypto and passwords differ', () => {
    const a = generatePassword();
    const b = generatePassword();
    expect(a).toHaveLength(16);
    expect(a).not.toBe(b);
  });
  it('shuffles (character classes are not in fixed positions)', () => {
    const firsts = new Set(
      Array.from({ length: 200 }, () => generatePassword()[0]).map((ch) =>
        PASSWORD_LOWER.includes(ch ?? '') ? 'l' : 'x',
      ),
    );
    expect(firsts.size).toBe(2);
  });
  it('rejects a bad random source', () => {
    expect(() => generatePassword(() => 999)).toThrow(RangeError);
  });
  it('secureRandomInt stays in range', () => {
    for (let i = 0; i < 1000; i++) {
      const x = secureRandomInt(7);
      expect(x >= 0 && x < 7 && Number.isInteger(x)).toBe(true);
    }
  });
});
