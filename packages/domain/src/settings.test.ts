import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BillingSchema,
  BillingUpdateSchema,
  billingBody,
  billingErrorToast,
  fromHHMM,
  HoursSchema,
  hoursFromUi,
  hoursToUi,
  isMaskedAccountNumber,
  ProfileSchema,
  profileBody,
  RoleEditSchema,
  roleEditBody,
  StoreDetailsSchema,
  toHHMM,
  UiTimeSchema,
  US_STATE_CODES,
  US_STATES,
} from './settings.ts';
import { fieldErrors } from './validation.ts';

const errs = (r: { success: boolean; error?: unknown }) =>
  r.success ? {} : fieldErrors(r.error as Parameters<typeof fieldErrors>[0]);

describe('US states', () => {
  it('50 states plus DC and PR', () => {
    expect(US_STATES).toHaveLength(52);
    expect(US_STATE_CODES).toContain('DC');
    expect(US_STATE_CODES).toContain('PR');
    expect(new Set(US_STATE_CODES).size).toBe(52);
  });
});

describe('store details', () => {
  const good = {
    name: 'Corner Wines',
    address: {
      street_1: '1 Main St',
      street_2: 'Suite 2',
      city: 'Springfield',
      state: 'il',
      zipcode: '62701',
    },
    primary_phone: '(217) 555-0100',
    email: 'store@example.com',
    aux_data: { primary_contact_name: 'Ada', secondary_email: '', secondary_phone_number: '' },
  };
  it('accepts a complete form (state upper-cased)', () => {
    expect(StoreDetailsSchema.parse(good).address.state).toBe('IL');
  });
  it('required and format messages', () => {
    const r = StoreDetailsSchema.safeParse({
      name: '',
      address: { street_1: '', street_2: '', city: '', state: '', zipcode: '123' },
      primary_phone: '',
      email: 'x',
      aux_data: { primary_contact_name: '', secondary_email: 'bad', secondary_phone_number: '123' },
    });
    expect(errs(r)).toEqual({
      name: 'Please enter your store name',
      'address.street_1': 'Please enter your street',
      'address.street_2': 'Please enter your suite floor',
      'address.city': 'Please enter your city',
      'address.state': 'Please enter your state',
      'address.zipcode': 'Please enter a valid zip',
      primary_phone: 'Please enter your primary phone',
      email: 'Please enter a valid email',
      'aux_data.primary_contact_name': 'Please enter your primary contact',
      'aux_data.secondary_email': 'Please enter a valid email',
      'aux_data.secondary_phone_number': 'Please enter a valid secondary phone',
    });
  });
});

describe('billing', () => {
  const addr = { street_address: '1 Main St', locality: 'Springfield', region: 'IL', postal_code: '62701' };
  const good = {
    is_business: false,
    individual: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '(217) 555-0100',
      date_of_birth: '1980-01-02',
      address: addr,
    },
    funding: { routing_number: '021-000-021', account_number: '000123456789', descriptor: 'CORNER WINES' },
    business: { address: addr },
    tos_accepted: true as const,
  };
  it('accepts an individual; routing digits only', () => {
    const v = BillingSchema.parse(good);
    expect(v.funding.routing_number).toBe('021000021');
  });
  it('business needs EIN, legal name, DBA name and descriptor; EIN dashes stripped', () => {
    const r = BillingSchema.safeParse({
      ...good,
      is_business: true,
      funding: { ...good.funding, descriptor: '' },
    });
    expect(errs(r)).toEqual({
      'business.tax_id': 'Please enter your EIN',
      'business.legal_name': 'Please enter your legal name',
      'business.dba_name': 'Please enter your DBA name',
      'funding.descriptor': 'Please enter your descriptor',
    });
    const ok = BillingSchema.parse({
      ...good,
      is_business: true,
      business: { legal_name: 'CW LLC', dba_name: 'Corner Wines', tax_id: '12-3456789', address: addr },
    });
    expect(ok.business.tax_id).toBe('123456789');
  });
  it('business rules are reported together with field rules', () => {
    const r = BillingSchema.safeParse({
      ...good,
      is_business: true,
      individual: { ...good.individual, first_name: '' },
    });
    expect(Object.keys(errs(r))).toEqual(
      expect.arrayContaining(['individual.first_name', 'business.tax_id', 'business.legal_name']),
    );
  });
  it('field messages', () => {
    const r = BillingSchema.safeParse({
      ...good,
      funding: { routing_number: '123', account_number: '', descriptor: 'x'.repeat(23) },
      individual: { ...good.individual, date_of_birth: '2999-01-01', phone: '123' },
      tos_accepted: false,
    });
    expect(errs(r)).toEqual({
      'individual.phone': 'Please enter a valid business phone',
      'individual.date_of_birth': 'You must choose a valid birth date',
      'funding.routing_number': 'Please enter a valid routing number',
      'funding.account_number': 'Please enter your account number',
      'funding.descriptor': 'The descriptor must have at most 22 characters',
      tos_accepted: 'You must accept terms',
    });
  });
  it('toast: one field → its label, several → mandatory', () => {
    const paths = (r: { error?: z.ZodError }) => (r.error?.issues ?? []).map((i) => i.path.join('.'));
    const one = BillingSchema.safeParse({ ...good, funding: { ...good.funding, routing_number: '1' } });
    expect(billingErrorToast(paths(one))).toBe('Please check Routing Number field');
    const many = BillingSchema.safeParse({});
    expect(billingErrorToast(paths(many))).toBe('Please check the mandatory fields');
    expect(billingErrorToast([])).toBe('Please check the mandatory fields');
    expect(billingErrorToast(['no.such.field'])).toBe('Please check the mandatory fields');
  });
  it('update body may omit the account number', () => {
    const { account_number: _a, ...funding } = good.funding;
    const v = BillingUpdateSchema.parse({ ...good, funding });
    expect('account_number' in billingBody(v).funding).toBe(false);
    expect(BillingSchema.safeParse({ ...good, funding }).success).toBe(false);
  });
  it('masked account number is not sent', () => {
    expect(isMaskedAccountNumber('******6789')).toBe(true);
    const masked = BillingSchema.parse({
      ...good,
      funding: { ...good.funding, account_number: '******6789' },
    });
    expect('account_number' in billingBody(masked).funding).toBe(false);
    expect(billingBody(BillingSchema.parse(good)).funding.account_number).toBe('000123456789');
  });
});

describe('profile', () => {
  it('required fields and optional phone', () => {
    expect(errs(ProfileSchema.safeParse({ first_name: '', last_name: '', email: '' }))).toEqual({
      first_name: 'Please enter your first name',
      last_name: 'Please enter your last name',
      email: 'Please enter your email',
    });
    expect(
      ProfileSchema.safeParse({ first_name: 'A', last_name: 'B', email: 'a@b.co', phone_number: '' }).success,
    ).toBe(true);
  });
  it('new password: min 10 and needs the current one', () => {
    expect(
      errs(
        ProfileSchema.safeParse({ first_name: 'A', last_name: 'B', email: 'a@b.co', new_password: 'short' }),
      ),
    ).toEqual({
      new_password: 'Your password must have at least 10 characters',
      password: 'Please enter your current password',
    });
  });
  it('empty values dropped from the body', () => {
    expect(
      profileBody({ first_name: 'A', last_name: 'B', email: 'a@b.co', phone_number: '', password: '' }),
    ).toEqual({
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
    });
  });
});

describe('hours', () => {
  it.each([
    ['00:00', { hour: 12, minute: 0, ampm: 'AM' }],
    ['00:30', { hour: 12, minute: 30, ampm: 'AM' }],
    ['09:05', { hour: 9, minute: 5, ampm: 'AM' }],
    ['12:00', { hour: 12, minute: 0, ampm: 'PM' }],
    ['13:15', { hour: 1, minute: 15, ampm: 'PM' }],
    ['23:59', { hour: 11, minute: 59, ampm: 'PM' }],
  ] as const)('%s ↔ %j', (hhmm, ui) => {
    expect(fromHHMM(hhmm)).toEqual(ui);
    expect(toHHMM(ui)).toBe(hhmm);
  });
  it('all 1440 minutes round-trip', () => {
    for (let m = 0; m < 1440; m++) {
      const hhmm = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      expect(toHHMM(fromHHMM(hhmm))).toBe(hhmm);
    }
  });
  it('API ↔ UI: closed days removed, 24 Hrs, weekday case', () => {
    const api = {
      regular_hours: [
        { weekday: 'monday', time_open: '09:00', time_close: '21:00' },
        { weekday: 'saturday', time_open: '00:00', time_close: '23:59' },
      ],
    };
    const ui = hoursToUi(api.regular_hours);
    expect(ui.map((d) => d.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(ui[0]).toMatchObject({ closed: false, allDay: false, open: { hour: 9, minute: 0, ampm: 'AM' } });
    expect(ui[1]?.closed).toBe(true);
    expect(ui[5]).toMatchObject({
      allDay: true,
      open: { hour: 12, ampm: 'AM' },
      close: { hour: 11, minute: 59, ampm: 'PM' },
    });
    expect(hoursFromUi(ui)).toEqual(api);
    expect(HoursSchema.parse(hoursFromUi(ui))).toEqual(api);
  });
  it('hours schema', () => {
    expect(
      HoursSchema.safeParse({
        regular_hours: [{ weekday: 'Monday', time_open: '9:00', time_close: '17:00' }],
      }).success,
    ).toBe(false);
    expect(
      HoursSchema.parse({ regular_hours: [{ weekday: 'Monday', time_open: '09:00', time_close: '17:00' }] })
        .regular_hours[0]?.weekday,
    ).toBe('monday');
    const dup = { weekday: 'monday', time_open: '09:00', time_close: '17:00' };
    expect(HoursSchema.safeParse({ regular_hours: [dup, dup] }).success).toBe(false);
    expect(UiTimeSchema.safeParse({ hour: 13, minute: 0, ampm: 'AM' }).success).toBe(false);
    expect(UiTimeSchema.safeParse({ hour: 12, minute: 59, ampm: 'PM' }).success).toBe(true);
  });
});

describe('role edit', () => {
  it("'A role must be chosen'", () => {
    expect(errs(RoleEditSchema.safeParse({}))).toEqual({ role: 'A role must be chosen' });
    expect(errs(RoleEditSchema.safeParse({ role: 'app.admin' }))).toEqual({ role: 'A role must be chosen' });
    expect(roleEditBody(RoleEditSchema.parse({ role: 'merch.manager' }))).toEqual({
      roles: ['merch.manager'],
    });
  });
});
