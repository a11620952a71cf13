import { describe, expect, it } from 'vitest';
import {
  type AddressLike,
  addressLines,
  formatAddressLine,
  isUsCountry,
  localityLine,
  personName,
  streetLines,
} from './address.ts';

const ADDRESS: AddressLike = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street_1: '1 Main St',
  street_2: 'Apt 2',
  street_3: '',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  country: 'US',
  phone_number: '(217) 555-0100',
};

describe('personName', () => {
  it('joins first and last name with one space', () => {
    expect(personName(ADDRESS)).toBe('Ada Lovelace');
  });

  it('prints the part there is when the other is missing, and nothing when both are', () => {
    expect(personName({ first_name: 'Ada' })).toBe('Ada');
    expect(personName({ first_name: null, last_name: 'Lovelace' })).toBe('Lovelace');
    expect(personName({ first_name: '', last_name: '' })).toBe('');
    expect(personName({})).toBe('');
  });

  it('trims each part and drops blank ones', () => {
    expect(personName({ first_name: '  Ada ', last_name: ' Lovelace  ' })).toBe('Ada Lovelace');
    expect(personName({ first_name: '   ', last_name: 'Lovelace' })).toBe('Lovelace');
  });

  it('prints names as given (markup is text, not HTML)', () => {
    expect(personName({ first_name: '<script>alert(1)</script>', last_name: '{{7*7}}' })).toBe(
      '<script>alert(1)</script> {{7*7}}',
    );
  });
});

describe('streetLines and localityLine', () => {
  it('keeps the street lines in order, apartment (line 2) and line 3 included', () => {
    expect(streetLines({ street_1: '1 Main St', street_2: 'Apt 2', street_3: 'Floor 3' })).toEqual([
      '1 Main St',
      'Apt 2',
      'Floor 3',
    ]);
  });

  it('leaves out missing and blank street lines', () => {
    expect(streetLines({ street_1: '1 Main St', street_2: '  ', street_3: null })).toEqual(['1 Main St']);
    expect(streetLines({ street_2: 'Apt 2' })).toEqual(['Apt 2']);
    expect(streetLines({})).toEqual([]);
  });

  it("writes 'City, ST 12345' and leaves out what is missing", () => {
    expect(localityLine(ADDRESS)).toBe('Springfield, IL 62701');
    expect(localityLine({ state: 'IL', zipcode: '62701' })).toBe('IL 62701');
    expect(localityLine({ city: 'Springfield' })).toBe('Springfield');
    expect(localityLine({ city: 'Springfield', zipcode: '62701' })).toBe('Springfield, 62701');
    expect(localityLine({ city: ' Springfield ', state: ' IL', zipcode: '62701 ' })).toBe(
      'Springfield, IL 62701',
    );
    expect(localityLine({})).toBe('');
  });

  it('prints a zip code stored as a number', () => {
    const stored = { city: 'Boston', state: 'MA', zipcode: 2110 as unknown as string };
    expect(localityLine(stored)).toBe('Boston, MA 2110');
  });
});

describe('formatAddressLine (one line)', () => {
  it('joins the street lines and the locality with commas', () => {
    expect(formatAddressLine(ADDRESS)).toBe('1 Main St, Apt 2, Springfield, IL 62701');
    expect(formatAddressLine({ ...ADDRESS, street_3: 'Rear door' })).toBe(
      '1 Main St, Apt 2, Rear door, Springfield, IL 62701',
    );
  });

  it('leaves out empty parts without doubling the commas', () => {
    expect(formatAddressLine({ ...ADDRESS, street_2: '' })).toBe('1 Main St, Springfield, IL 62701');
    expect(formatAddressLine({ street_1: '1 Main St', state: 'IL' })).toBe('1 Main St, IL');
    expect(formatAddressLine({ city: 'Springfield' })).toBe('Springfield');
    expect(formatAddressLine({})).toBe('');
  });

  it('does not print the country or the name', () => {
    expect(formatAddressLine({ ...ADDRESS, country: 'Canada' })).toBe(
      '1 Main St, Apt 2, Springfield, IL 62701',
    );
  });
});

describe('addressLines (multi-line)', () => {
  it('prints the street lines, then the locality', () => {
    expect(addressLines(ADDRESS)).toEqual(['1 Main St', 'Apt 2', 'Springfield, IL 62701']);
  });

  it('joins city, state and zip and adds a non-US country', () => {
    const base = { street_1: '1 Main St', street_2: '', city: 'Austin', state: 'TX', zipcode: '78701' };
    expect(addressLines(base)).toEqual(['1 Main St', 'Austin, TX 78701']);
    expect(addressLines({ ...base, country: 'Canada' })).toEqual(['1 Main St', 'Austin, TX 78701', 'Canada']);
    expect(addressLines({ ...base, country: ' Canada ' })).toEqual([
      '1 Main St',
      'Austin, TX 78701',
      'Canada',
    ]);
  });

  it('has no empty lines when parts are missing', () => {
    expect(addressLines({ street_1: '1 Main St' })).toEqual(['1 Main St']);
    expect(addressLines({ city: '', state: '', zipcode: '', street_1: '  ' })).toEqual([]);
    expect(addressLines({ country: 'Mexico' })).toEqual(['Mexico']);
  });
});

describe('isUsCountry', () => {
  it.each(['', '  ', 'US', 'us', 'USA', 'United States', 'united states of america', ' US '])(
    '%j is domestic',
    (country) => {
      expect(isUsCountry(country)).toBe(true);
    },
  );

  it.each(['Canada', 'UK', 'U.S.A.', 'United States Minor Outlying Islands'])('%j is not', (country) => {
    expect(isUsCountry(country)).toBe(false);
  });

  it('treats a missing country as domestic', () => {
    expect(isUsCountry(null)).toBe(true);
    expect(isUsCountry(undefined)).toBe(true);
  });
});
