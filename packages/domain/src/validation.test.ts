import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneSchema, toE164Us } from './phone.ts';
import {
  BIRTH_DATE_MESSAGE,
  birthYearOptions,
  charactersLeft,
  checkLogin,
  DESCRIPTOR_MESSAGE,
  daysInMonth,
  EMAIL_MESSAGE,
  fieldErrors,
  formatPhoneDisplay,
  formatTypedBirthDate,
  formatUsPhone,
  isValidBirthDate,
  isValidEmail,
  isValidRoutingNumber,
  isValidZip,
  PASSWORD_MESSAGE,
  PASSWORD_MIN_LENGTH,
  parseIsoDate,
  parseTypedBirthDate,
  requiredMessage,
  sanitizeRoutingNumberInput,
  stripEinDashes,
  stripHtml,
  stripNonDigits,
  TERMS_MESSAGE,
  toIsoDate,
} from './validation.ts';
import {
  descriptorSchema,
  ForgotPasswordSchema,
  LoginSchema,
  makeSignUpSchema,
  optionalEmailSchema,
  ResetPasswordSchema,
  routingNumberSchema,
  SignUpBodySchema,
  zipSchema,
} from './validation-schemas.ts';

describe('parseTypedBirthDate', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it('reads MM/DD/YYYY, one-digit parts and eight digits', () => {
    expect(parseTypedBirthDate('04/01/1990', now)).toBe('1990-04-01');
    expect(parseTypedBirthDate(' 4/1/1990 ', now)).toBe('1990-04-01');
    expect(parseTypedBirthDate('04011990', now)).toBe('1990-04-01');
    expect(parseTypedBirthDate('02/29/2000', now)).toBe('2000-02-29');
  });
  it('refuses days that do not exist, other shapes and years the selector does not offer', () => {
    for (const text of [
      '',
      '02/29/2001',
      '13/01/1990',
      '04/31/1990',
      '1990-04-01',
      '04/01/90',
      '04/01/2027',
    ]) {
      expect(parseTypedBirthDate(text, now), text).toBeNull();
    }
    expect(parseTypedBirthDate('01/01/1907', now)).toBe('1907-01-01');
    expect(parseTypedBirthDate('12/31/1906', now)).toBeNull();
  });
  it('formats a date back the way it is typed', () => {
    expect(formatTypedBirthDate('1990-04-01')).toBe('04/01/1990');
    expect(formatTypedBirthDate('incomplete')).toBe('');
  });
});

describe('messages verbatim', () => {
  it.each([
    ['first_name', 'Please enter your first name'],
    ['last_name', 'Please enter your last name'],
    ['email', 'Please enter your email'],
    ['new_password', 'Please enter your new password'],
  ])('requiredMessage(%s)', (field, msg) => {
    expect(requiredMessage(field)).toBe(msg);
  });
  it('constants', () => {
    expect(EMAIL_MESSAGE).toBe('Please enter a valid email');
    expect(PASSWORD_MESSAGE).toBe('Your password must have at least 10 characters');
    expect(TERMS_MESSAGE).toBe('You must accept terms');
    expect(BIRTH_DATE_MESSAGE).toBe('You must choose a valid birth date');
    expect(PASSWORD_MIN_LENGTH).toBe(10);
  });
});

describe('isValidEmail', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@shop.example.com', true],
    ['', false],
    ['plain', false],
    ['a@b', false],
    ['a b@c.com', false],
    ['a@@b.com', false],
    ['a..b@c.com', false],
  ])('%s → %s', (v, ok) => expect(isValidEmail(v)).toBe(ok));
});

describe('zip', () => {
  it.each([
    ['12345', true],
    ['12345-6789', true],
    ['1234', false],
    ['123456', false],
    ['12345-678', false],
    ['abcde', false],
  ])('%s → %s', (v, ok) => expect(isValidZip(v)).toBe(ok));
  it('schema messages', () => {
    const s = zipSchema('zipcode');
    expect(s.safeParse('').error?.issues[0]?.message).toBe('Please enter your zipcode');
    expect(s.safeParse('1').error?.issues.map((i) => i.message)).toEqual(['Please enter a valid zipcode']);
    expect(s.safeParse('12345').success).toBe(true);
    expect(zipSchema('zip', { required: false }).safeParse('').success).toBe(true);
  });
});

describe('phone', () => {
  it('optional by default, message names the field', () => {
    const s = phoneSchema('phone_number');
    expect(s.safeParse('').success).toBe(true);
    expect(s.safeParse(undefined).success).toBe(true);
    expect(s.safeParse('(212) 555-0123').success).toBe(true);
    expect(s.safeParse('123-456-7890').error?.issues[0]?.message).toBe('Please enter a valid phone number');
  });
  it('required variant', () => {
    const s = phoneSchema('primary_phone', { required: true });
    expect(s.safeParse('').error?.issues.map((i) => i.message)).toEqual(['Please enter your primary phone']);
  });
  it.each([
    ['2125550123', '(212) 555-0123'],
    ['12125550123', '(212) 555-0123'],
    ['212-555-0123', '(212) 555-0123'],
    ['212', '(212'],
    ['212555', '(212) 555'],
    ['2125', '(212) 5'],
    ['', ''],
  ])('formatUsPhone(%s) → %s', (v, out) => expect(formatUsPhone(v)).toBe(out));
  it.each([
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['(212) 555-0123', '+1 (212) 555-0123'],
    ['2125550123', '+1 (212) 555-0123'],
    ['212-555-0123', '+1 (212) 555-0123'],
    ['5550123', '5550123'],
    ['', ''],
    [null, ''],
  ])('formatPhoneDisplay(%s) → %s', (v, out) => expect(formatPhoneDisplay(v)).toBe(out));
  it.each([
    ['(212) 555-0123', '+12125550123'],
    ['+1 212 555 0123', '+12125550123'],
    ['+44 20 7946 0958', '+442079460958'],
    ['123', null],
  ])('toE164Us(%s) → %s', (v, out) => expect(toE164Us(v)).toBe(out));
});

describe('routing number, EIN, descriptor, html', () => {
  it('routing', () => {
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('02100002')).toBe(false);
    expect(isValidRoutingNumber('0210000210')).toBe(false);
    expect(sanitizeRoutingNumberInput('02-100 0021x99')).toBe('021000021');
    expect(stripNonDigits('a1-2 3')).toBe('123');
    expect(routingNumberSchema().safeParse('12345').error?.issues[0]?.message).toBe(
      'Please enter a valid routing number',
    );
  });
  it('EIN', () => expect(stripEinDashes('12-3456789')).toBe('123456789'));
  it('descriptor', () => {
    expect(charactersLeft('')).toBe(22);
    expect(charactersLeft('ACME WINES')).toBe(12);
    expect(charactersLeft('x'.repeat(30))).toBe(0);
    expect(descriptorSchema().safeParse('x'.repeat(22)).success).toBe(true);
    expect(descriptorSchema().safeParse('x'.repeat(23)).error?.issues[0]?.message).toBe(DESCRIPTOR_MESSAGE);
    expect(descriptorSchema().safeParse('').error?.issues[0]?.message).toBe('Please enter your descriptor');
    expect(descriptorSchema({ required: false }).safeParse(undefined).success).toBe(true);
  });
  it('stripHtml', () => {
    expect(stripHtml('<p>Leave&nbsp;at <b>door</b></p>')).toBe('Leave at door');
    expect(stripHtml(undefined)).toBe('');
  });
});

describe('dates', () => {
  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [1900, 2, 28],
    [2000, 2, 29],
    [2023, 4, 30],
    [2023, 12, 31],
    [2023, 1, 31],
  ])('daysInMonth(%i, %i) = %i', (y, m, d) => expect(daysInMonth(y, m)).toBe(d));
  it('birthYearOptions: 120 years, newest first', () => {
    const ys = birthYearOptions(new Date(2025, 5, 1));
    expect(ys).toHaveLength(120);
    expect(ys[0]).toBe(2025);
    expect(ys.at(-1)).toBe(1906);
  });
  it('parseIsoDate', () => {
    expect(parseIsoDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2023-13-01')).toBeNull();
    expect(parseIsoDate('1990-1-1')).toBeNull();
    expect(toIsoDate(1990, 1, 5)).toBe('1990-01-05');
  });
  it('birth date earlier than one day before now', () => {
    const now = new Date('2025-06-10T12:00:00Z');
    expect(isValidBirthDate('1990-05-01', now)).toBe(true);
    expect(isValidBirthDate('2025-06-09', now)).toBe(true); // 2025-06-09T00:00Z < 2025-06-09T12:00Z
    expect(isValidBirthDate('2025-06-10', now)).toBe(false);
    expect(isValidBirthDate('2030-01-01', now)).toBe(false);
    expect(isValidBirthDate('1990-02-30', now)).toBe(false);
  });
});

describe('account schemas', () => {
  const now = () => new Date('2025-06-10T12:00:00Z');
  const SignUp = makeSignUpSchema(now);
  const good = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    password: 'correct horse',
    birthday: '1990-12-10',
    terms: true as const,
  };
  it('accepts a good sign-up and the body variant has no terms', () => {
    expect(SignUp.safeParse(good).success).toBe(true);
    const { terms: _t, ...body } = good;
    expect(SignUpBodySchema.parse(body)).toEqual(body);
    expect('terms' in SignUpBodySchema.shape).toBe(false);
  });
  it('reports every field with the spec message', () => {
    const r = SignUp.safeParse({
      first_name: '',
      last_name: ' ',
      email: '',
      password: '',
      birthday: '',
      terms: false,
    });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({
      first_name: 'Please enter your first name',
      last_name: 'Please enter your last name',
      email: 'Please enter your email',
      password: 'Please enter your password',
      birthday: 'Please enter your birthday',
      terms: 'You must accept terms',
    });
  });
  it('format messages', () => {
    const r = SignUp.safeParse({ ...good, email: 'nope', password: 'short', birthday: '2025-06-10' });
    expect(fieldErrors(r.error!)).toEqual({
      email: 'Please enter a valid email',
      password: 'Your password must have at least 10 characters',
      birthday: 'You must choose a valid birth date',
    });
  });
  it('missing keys get the required message', () => {
    const r = LoginSchema.safeParse({});
    expect(fieldErrors(r.error!)).toEqual({
      email: 'Please enter your email',
      password: 'Please enter your password',
    });
    expect(LoginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
  it('forgot and reset', () => {
    expect(ForgotPasswordSchema.safeParse({ email: 'x' }).error?.issues[0]?.message).toBe(EMAIL_MESSAGE);
    expect(
      fieldErrors(ResetPasswordSchema.safeParse({ new_password: '123', reset_token: '' }).error!),
    ).toEqual({
      new_password: PASSWORD_MESSAGE,
      reset_token: 'Please enter your reset token',
    });
  });
  it('optional email passes empty', () => {
    expect(optionalEmailSchema().safeParse('').success).toBe(true);
    expect(optionalEmailSchema().safeParse('x').success).toBe(false);
  });
  it('property: any password of 10+ chars passes, shorter non-empty fails', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (pw) => {
        const ok = ResetPasswordSchema.safeParse({ new_password: pw, reset_token: 't' }).success;
        expect(ok).toBe(pw.length >= 10);
      }),
    );
  });
});

describe('checkLogin: LoginSchema without zod (the sign-in page, decision 0109)', () => {
  /** What the form got from zodResolver(LoginSchema): the parsed values, or the first message per field. */
  const viaSchema = (input: unknown) => {
    const r = LoginSchema.safeParse(input);
    return r.success ? { ok: true, values: r.data } : { ok: false, errors: fieldErrors(r.error) };
  };

  it.each([
    [{ email: '', password: '' }],
    [{ email: '   ', password: 'x' }],
    [{ email: 'nope', password: '' }],
    [{ email: ' a@b.co ', password: 'pw' }],
    [{ email: 'a@b.co', password: ' ' }],
    [{ email: `${'a'.repeat(250)}@b.co`, password: 'pw' }],
    [{ email: 'a@b.co', password: 'p'.repeat(257) }],
    [{ email: 'a\u0000@b.co', password: '\uD800' }],
    [{ email: 'a@b..co', password: 'pw' }],
    [{}],
    [{ email: 1, password: null }],
  ])('%j gives what the schema gives', (input) => {
    expect(checkLogin(input as { email: unknown; password: unknown })).toEqual(viaSchema(input));
  });

  it('property: the same answer as LoginSchema for any email and password', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.emailAddress(),
      fc.emailAddress().map((e) => ` ${e}\t`),
      fc.string({ minLength: 250, maxLength: 270 }),
    );
    fc.assert(
      fc.property(text, text, (email, password) => {
        expect(checkLogin({ email, password })).toEqual(viaSchema({ email, password }));
      }),
      { numRuns: 500 },
    );
  });
});
