/**
 * Addresses and people's names: the one shape and the one way to print them, for the console, the API
 * and every document (docs/decisions/0122-one-address-module.md). Every part may be missing or padded with
 * spaces in stored data: the formatters trim each part and leave the empty ones out.
 */

/** The postal part of an address, as orders, merchants, the API and the documents carry it. */
export interface PostalAddress {
  street_1?: string | null;
  /** Apartment, suite, floor. */
  street_2?: string | null;
  street_3?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  /** Empty or a spelling of the United States for a domestic address. */
  country?: string | null;
}

/** A person's name as stored: two parts, either may be missing. */
export interface PersonName {
  first_name?: string | null;
  last_name?: string | null;
}

/** A person at an address: the order's recipient as stored, in the API and in the documents. */
export interface AddressLike extends PersonName, PostalAddress {
  phone_number?: string | null;
}

/**
 * A shipping label's party (ship-from is the store, ship-to the recipient) as the carrier takes it: one
 * printed name instead of the two parts, and the street, city, state and zip no label is bought without.
 */
export interface LabelAddress extends PostalAddress {
  name: string;
  company?: string | null;
  street_1: string;
  city: string;
  state: string;
  zipcode: string;
  phone_number?: string | null;
}

// String(): a stored (jsonb) part may come back as a number, e.g. a zip code.
const part = (value: string | null | undefined): string => (value == null ? '' : String(value).trim());

/** 'Jane Doe'; one part alone when the other is missing, '' when both are. */
export function personName(person: PersonName): string {
  return [part(person.first_name), part(person.last_name)].filter(Boolean).join(' ');
}

/** The street lines that are not blank: street_1, then street_2 (apartment), then street_3. */
export function streetLines(address: PostalAddress): string[] {
  return [address.street_1, address.street_2, address.street_3].map(part).filter(Boolean);
}

/** 'Springfield, IL 62701' ('IL 62701' without a city, 'Springfield' alone without state and zip). */
export function localityLine(address: PostalAddress): string {
  const stateZip = [part(address.state), part(address.zipcode)].filter(Boolean).join(' ');
  return [part(address.city), stateZip].filter(Boolean).join(', ');
}

const US = /^(us|usa|united states( of america)?)$/i;

/** A domestic address: no country, or the United States under one of its spellings. */
export function isUsCountry(country: string | null | undefined): boolean {
  const c = part(country);
  return c === '' || US.test(c);
}

/** One line: '1 Main St, Apt 2, Springfield, IL 62701' (maps links, the courier, the directions text). */
export function formatAddressLine(address: PostalAddress): string {
  return [...streetLines(address), localityLine(address)].filter(Boolean).join(', ');
}

/** Printed lines: the street lines, 'City, ST 12345', then the country unless it is the US. */
export function addressLines(address: PostalAddress): string[] {
  const locality = localityLine(address);
  return [
    ...streetLines(address),
    ...(locality ? [locality] : []),
    ...(isUsCountry(address.country) ? [] : [part(address.country)]),
  ];
}
