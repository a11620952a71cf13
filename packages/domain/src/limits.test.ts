import { describe, expect, it } from 'vitest';
import {
  isCleanText,
  isHttpUrl,
  MAX_LENGTH,
  maxLengthFor,
  tooLongMessage,
  UNSAFE_TEXT_MESSAGE,
} from './limits.ts';
import { httpUrlSchema, optionalHttpUrlSchema, text } from './limits-schemas.ts';

describe('isCleanText', () => {
  it.each([
    ['plain', true],
    ['', true],
    ['emoji 💩 pair', true],
    ['é ñ 中文', true],
    ['a\u0000b', false],
    ['\u0000', false],
    ['x\uD800', false],
    ['\uDC00x', false],
    ['\uDBFF\uDBFF\uDFFF', false],
    ['\uD83D\uDCA9', true],
  ])('%j → %s', (value, clean) => expect(isCleanText(value)).toBe(clean));
});

describe('text()', () => {
  it('bounds and cleans', () => {
    expect(text('name').safeParse('N'.repeat(MAX_LENGTH.name)).success).toBe(true);
    const long = text('name').safeParse('N'.repeat(MAX_LENGTH.name + 1));
    expect(long.error?.issues[0]?.message).toBe(tooLongMessage(MAX_LENGTH.name));
    expect(text('note').safeParse('a\u0000').error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
    expect(text('note').safeParse('\uD800').error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
  });
});

describe('URLs', () => {
  it.each([
    ['https://track.example.com/1Z999', true],
    ['http://x.test', true],
    ['HTTPS://X.TEST/a?b=c', true],
    ['javascript:alert(1)', false],
    ['not a url', false],
    ['//evil.test/x', false],
    ['data:text/html,hi', false],
    ['ftp://x.test/a', false],
    ['https://', false],
    ['/relative/path', false],
  ])('%s → %s', (value, ok) => {
    expect(isHttpUrl(value)).toBe(ok);
    expect(httpUrlSchema().safeParse(value).success).toBe(ok);
  });
  it('optional URL: empty means none; over 2,048 characters is refused', () => {
    expect(optionalHttpUrlSchema().safeParse('').success).toBe(true);
    expect(optionalHttpUrlSchema().safeParse(undefined).success).toBe(true);
    expect(optionalHttpUrlSchema().safeParse(`https://x.test/${'a'.repeat(2040)}`).success).toBe(false);
  });
});

describe('maxLengthFor', () => {
  it.each([
    ['name', MAX_LENGTH.name],
    ['individual.first_name', MAX_LENGTH.name],
    ['aux_data.secondary_contact_name', MAX_LENGTH.name],
    ['aux_data.secondary_email', MAX_LENGTH.email],
    ['address.city', MAX_LENGTH.city],
    ['address.zipcode', MAX_LENGTH.zip],
    ['business.address.postal_code', MAX_LENGTH.zip],
    ['address.street_1', MAX_LENGTH.addressLine],
    ['business.tax_id', MAX_LENGTH.short],
    ['tracking_url', MAX_LENGTH.url],
    ['pickup_instructions', MAX_LENGTH.note],
  ])('%s → %d', (field, max) => expect(maxLengthFor(field)).toBe(max));
});
