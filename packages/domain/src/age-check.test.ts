import { describe, expect, it } from 'vitest';
import {
  AGE_CHECK_MISSING_MESSAGE,
  AGE_UNDER_21_MESSAGE,
  AgeVerificationSchema,
  ageCheckRule,
  ageCheckText,
  ageOnDate,
  decideAgeCheck,
  needsAgeCheck,
} from './age-check.ts';
import { BIRTH_DATE_MESSAGE } from './validation.ts';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const check = (birth_date: string) => ({
  birth_date,
  id_type: 'drivers_license' as const,
  checked_by: 'Sam',
});

describe('ageCheckRule: who answers for the age at the door', () => {
  it.each([
    ['on_demand', null, 'own_driver'],
    ['scheduled', null, 'own_driver'],
    ['scheduled', 'est-1', 'courier'],
    ['on_demand', 'est-1', 'courier'],
    ['courier', null, 'courier'],
    ['shipping', null, 'carrier'],
    ['preorder', null, 'carrier'],
    ['deposit', null, 'carrier'],
  ] as const)('%s (courier estimate %s) → %s', (method, estimate, rule) => {
    const order = { delivery: { method }, courier_estimate_id: estimate };
    expect(ageCheckRule(order)).toBe(rule);
    expect(needsAgeCheck(order)).toBe(rule === 'own_driver');
  });
});

describe('ageOnDate', () => {
  it('counts full years; the birthday itself counts', () => {
    expect(ageOnDate('2005-06-12', '2026-06-11')).toBe(20);
    expect(ageOnDate('2005-06-12', '2026-06-12')).toBe(21);
    expect(ageOnDate('2005-06-12', '2026-12-31')).toBe(21);
    expect(ageOnDate('2005-12-31', '2026-01-01')).toBe(20);
  });
  it('a 29 February birthday is reached on 1 March in a common year', () => {
    expect(ageOnDate('2004-02-29', '2025-02-28')).toBe(20);
    expect(ageOnDate('2004-02-29', '2025-03-01')).toBe(21);
    expect(ageOnDate('2004-02-29', '2028-02-29')).toBe(24);
  });
  it('is null for what is not a calendar day', () => {
    expect(ageOnDate('2001-02-30', '2026-01-01')).toBeNull();
    expect(ageOnDate('12/01/2001', '2026-01-01')).toBeNull();
    expect(ageOnDate('2001-01-01', 'today')).toBeNull();
  });
});

describe('AgeVerificationSchema', () => {
  it('takes a real date, a known ID type and a name', () => {
    expect(AgeVerificationSchema.parse({ ...check('1990-04-01'), checked_by: '  Sam ' })).toEqual(
      check('1990-04-01'),
    );
  });
  it.each([
    [{ ...check('1990-02-30') }, 'birth_date', BIRTH_DATE_MESSAGE],
    [{ ...check('04/01/1990') }, 'birth_date', BIRTH_DATE_MESSAGE],
    [{ ...check('1990-04-01'), id_type: 'library_card' }, 'id_type', 'Choose the type of ID'],
    [{ ...check('1990-04-01'), checked_by: '  ' }, 'checked_by', 'Enter who checked the ID'],
  ])('refuses %j at %s', (input, path, message) => {
    const r = AgeVerificationSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: [path], message });
  });
});

describe('decideAgeCheck', () => {
  // 7:42 PM on 12 June 2026 in New York is 23:42 UTC; 00:30 UTC on 13 June is still 12 June in New York.
  const at = '2026-06-12T23:42:00.000Z';
  /** The store's own driver delivers at `at` in New York to someone born on `birthDate`. */
  const bornOn = (birthDate: string) =>
    decideAgeCheck({ rule: 'own_driver', verification: check(birthDate), deliveredOn: at, tz: NY });

  it('an own-driver order without a check is refused', () => {
    expect(decideAgeCheck({ rule: 'own_driver', deliveredOn: at, tz: NY })).toEqual({
      ok: false,
      field: 'age_verification',
      message: AGE_CHECK_MISSING_MESSAGE,
    });
  });

  it('21 on the delivery day passes and records the outcome without the birth date', () => {
    const d = bornOn('2005-06-12');
    expect(d).toEqual({
      ok: true,
      outcome: { by: 'store', result: '21+', id_type: 'drivers_license', checked_by: 'Sam', checked_at: at },
    });
    expect(JSON.stringify(d)).not.toContain('2005');
  });

  it('the day before the 21st birthday is refused', () => {
    const d = bornOn('2005-06-13');
    expect(d).toEqual({ ok: false, field: 'age_verification.birth_date', message: AGE_UNDER_21_MESSAGE });
  });

  it("the delivery day is the store's: late evening in Los Angeles is already tomorrow in UTC", () => {
    const evening = '2026-06-13T06:30:00.000Z'; // 11:30 PM on 12 June in Los Angeles
    const turns21Tomorrow = check('2005-06-13');
    expect(
      decideAgeCheck({ rule: 'own_driver', verification: turns21Tomorrow, deliveredOn: evening, tz: LA }),
    ).toMatchObject({ ok: false, message: AGE_UNDER_21_MESSAGE });
    // The same instant in UTC would have passed: the zone decides.
    expect(
      decideAgeCheck({ rule: 'own_driver', verification: turns21Tomorrow, deliveredOn: evening, tz: 'UTC' }),
    ).toMatchObject({ ok: true });
  });

  it('a birth date in the future or more than 120 years back is not a valid date', () => {
    for (const b of ['2027-01-01', '1890-01-01'])
      expect(bornOn(b)).toEqual({
        ok: false,
        field: 'age_verification.birth_date',
        message: BIRTH_DATE_MESSAGE,
      });
  });

  it('carrier orders need nothing and record nothing; courier orders record the courier status', () => {
    expect(decideAgeCheck({ rule: 'carrier', deliveredOn: at, tz: NY })).toEqual({ ok: true, outcome: null });
    expect(
      decideAgeCheck({
        rule: 'courier',
        deliveredOn: at,
        tz: NY,
        courier: { provider: 'DoorDash', order_status: 'DELIVERED' },
      }),
    ).toEqual({ ok: true, outcome: { by: 'courier', provider: 'DoorDash', courier_status: 'DELIVERED' } });
    expect(decideAgeCheck({ rule: 'courier', deliveredOn: at, tz: NY, courier: null })).toEqual({
      ok: true,
      outcome: { by: 'courier', provider: null, courier_status: null },
    });
  });

  it('a check sent with an exempt order is held to the same rule', () => {
    expect(
      decideAgeCheck({ rule: 'carrier', verification: check('2010-01-01'), deliveredOn: at, tz: NY }),
    ).toMatchObject({ ok: false, message: AGE_UNDER_21_MESSAGE });
    expect(
      decideAgeCheck({ rule: 'courier', verification: check('1990-01-01'), deliveredOn: at, tz: NY }),
    ).toMatchObject({ ok: true, outcome: { by: 'store' } });
  });
});

describe('ageCheckText', () => {
  it("reads 'ID checked: 21+, driver's licence, by … at 7:42 PM' in the store's zone", () => {
    const outcome = {
      by: 'store',
      result: '21+',
      id_type: 'drivers_license',
      checked_by: 'the store driver',
      checked_at: '2026-06-12T23:42:00.000Z',
    };
    expect(ageCheckText(outcome, NY)).toBe(
      "ID checked: 21+, driver's licence, by the store driver at 7:42 PM",
    );
    expect(ageCheckText({ ...outcome, id_type: 'military_id' }, LA)).toBe(
      'ID checked: 21+, military ID, by the store driver at 4:42 PM',
    );
  });
  it('courier closes read as the courier check', () => {
    expect(ageCheckText({ by: 'courier', provider: 'DoorDash', courier_status: 'DELIVERED' }, NY)).toBe(
      'ID checked by the courier (DoorDash, status DELIVERED)',
    );
    expect(ageCheckText({ by: 'courier', provider: null, courier_status: null }, NY)).toBe(
      'ID checked by the courier',
    );
  });
  it('is null for anything else', () => {
    expect(ageCheckText(null, NY)).toBeNull();
    expect(ageCheckText({ by: 'store', result: '18+' }, NY)).toBeNull();
  });
});
