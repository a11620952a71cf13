/**
 * Input limits: one rule for every string the API accepts, shared by the server's
 * schemas and the console's forms (`maxLength` on inputs). Pure: no I/O.
 *
 * Every string is bounded (a maximum length suited to the field) and clean (no NUL character and no
 * unpaired UTF-16 surrogate: PostgreSQL refuses NUL in text, and a lone surrogate cannot be stored as
 * UTF-8 without being silently replaced).
 *
 * No zod here: the console's first pages read these limits; the schemas built on them are in
 * limits-schemas.ts (docs/decisions/0109).
 */
/** Maximum lengths, in UTF-16 code units (what `maxLength` on an input counts). */
export const MAX_LENGTH = {
  /** People, stores, brands, contacts, carrier names. */
  name: 100,
  /** RFC 5321 path limit. */
  email: 254,
  /** Street lines, and any other single line of free text. */
  addressLine: 200,
  city: 100,
  /** US state code or name. */
  state: 100,
  zip: 10,
  phone: 30,
  /** Notes, instructions, comments, reasons, gift messages. */
  note: 1000,
  /** tracking_url, label_url, website. */
  url: 2048,
  /** Search boxes and name/email filters. */
  search: 100,
  /** argon2 on a megabyte of password is a denial of service; 256 is more than any manager makes. */
  password: 256,
  /** The product's rule, with its message: 'Tracking number max length is 30'. */
  trackingId: 30,
  /** Order ids, merchant keys (tmk), brand refs, SKUs, promo codes, idempotency keys. */
  id: 64,
  /** Opaque tokens from links and providers (password reset, OpenID Connect code/state). */
  token: 1024,
  /** Any other short value (tax id, dates as text, times, enumerations given as text). */
  short: 64,
} as const;
export type MaxLengthKey = keyof typeof MAX_LENGTH;

export const UNSAFE_TEXT_MESSAGE = 'Contains a character that is not allowed (NUL or an unpaired surrogate)';
export const URL_MESSAGE = 'Please enter a valid http(s) URL';

export function tooLongMessage(max: number): string {
  return `Must be at most ${max} characters`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` has no NUL and no unpaired surrogate. */
export function isCleanText(value: string): boolean {
  return !NUL_OR_LONE_SURROGATE.test(value);
}

/** An absolute http(s) URL with a host, at most 2,048 characters. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const FIELD_LIMITS: [RegExp, MaxLengthKey][] = [
  [/(^|_)(first_name|last_name|name|contact_name|legal_name|dba_name|signed_by|delivered_by)$/, 'name'],
  [/(^|_)email$/, 'email'],
  [/(^|_)(city|locality)$/, 'city'],
  [/(^|_)(state|region)$/, 'state'],
  [/(^|_)(zipcode|zip|postal_code)$/, 'zip'],
  [/(^|_)(phone|phone_number)$/, 'phone'],
  [/(^|_)(password|new_password)$/, 'password'],
  [/(^|_)url$/, 'url'],
  [/(^|_)(instructions|reason|comment|message)$/, 'note'],
  [/(^|_)(tax_id|timezone|account_number)$/, 'short'],
];

/**
 * The maximum length of a form field, by its name or path (`address.city`, `individual.first_name`):
 * the console's `maxLength` for fields rendered by a generic helper. Anything else is one line.
 */
export function maxLengthFor(field: string): number {
  const last = field.split('.').pop() ?? field;
  for (const [re, key] of FIELD_LIMITS) if (re.test(last)) return MAX_LENGTH[key];
  return MAX_LENGTH.addressLine;
}
