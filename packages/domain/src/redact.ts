/**
 * What counts as a secret in a URL, a message or a reported object, and how it is removed: one rule for
 * the server's logs and error reports and the console's error reports (docs/security.md, "Logs").
 * Pure, no I/O.
 */

export const REDACTED = '[REDACTED]';

/** Query parameters whose value is a credential (session token, ticket, OAuth code/state, link signatures). */
export const SECRET_QUERY_PARAMS = [
  'access_token',
  'token',
  'ticket',
  'jwt',
  'code',
  'state',
  'reset_token',
  'signature',
  'sig',
  'password',
  'key',
  'api_key',
];
const SECRET_PARAMS = new Set(SECRET_QUERY_PARAMS);

/**
 * Path prefixes whose next segment is a credential: the console's pages opened from emailed links carry their
 * token (password reset, email confirmation, invitation).
 */
export const SECRET_PATH_PREFIXES = [
  '/forgot/password-reset/',
  '/reset/',
  '/reset-password/',
  '/verify-email/',
  '/invitation/',
];

const JWT_RE = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
const BEARER_RE = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
/** A store's API key anywhere in text (docs/decisions/0140): its `mck_` prefix is there to be found. */
const API_KEY_RE = /\bmck_[0-9A-Za-z]{8,}/g;

/** `/forgot/password-reset/abc?ticket=x&tab=new` → `/forgot/password-reset/[REDACTED]?ticket=[REDACTED]&tab=new`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q >= 0 ? url.slice(0, q) : url;
  const query = q >= 0 ? url.slice(q + 1) : '';
  for (const prefix of SECRET_PATH_PREFIXES) {
    const at = path.toLowerCase().indexOf(prefix);
    if (at >= 0) {
      const rest = path.slice(at + prefix.length);
      const slash = rest.indexOf('/');
      path = `${path.slice(0, at + prefix.length)}${REDACTED}${slash >= 0 ? rest.slice(slash) : ''}`;
    }
  }
  if (q < 0) return redactText(path);
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawKey = eq >= 0 ? pair.slice(0, eq) : pair;
    let key = rawKey;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    } catch {
      /* keep the raw key */
    }
    return SECRET_PARAMS.has(key.toLowerCase()) ? `${rawKey}=${REDACTED}` : pair;
  });
  return redactText(`${path}?${parts.join('&')}`);
}

/** Removes JWTs, bearer credentials and secret URL parts from free text (error messages, stacks). */
export function redactText(text: string): string {
  let out = text.replace(JWT_RE, REDACTED).replace(BEARER_RE, `$1 ${REDACTED}`).replace(API_KEY_RE, REDACTED);
  for (const prefix of SECRET_PATH_PREFIXES) {
    out = out.replace(
      new RegExp(`${prefix.replace(/[/-]/g, '\\$&')}[^/\\s?#"'\`]+`, 'gi'),
      `${prefix}${REDACTED}`,
    );
  }
  out = out.replace(
    new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&\\s#"'\`]+`, 'gi'),
    `$1${REDACTED}`,
  );
  return out;
}

const SECRET_HEADER = /^(authorization|cookie|set-cookie|x-api-key|proxy-authorization)$/i;
const SECRET_FIELD = /password|passwd|secret|token|ticket|jwt|cookie|authorization|api_?key|signature/i;

/**
 * An error report (a Sentry event, breadcrumb or extra context) without secrets: credential headers,
 * cookies, request bodies and fields named like a credential are replaced, URLs lose their credential
 * query values and reset-page tokens, and free text loses JWTs and bearer credentials.
 */
export function scrubEvent<T>(value: T, depth = 0, parentKey = ''): T {
  if (depth > 8 || value === null || value === undefined) return value;
  if (typeof value === 'string')
    return (/^(https?:\/\/|\/)/.test(value) ? redactUrl(value) : redactText(value)) as T;
  if (Array.isArray(value)) return value.map((v) => scrubEvent(v, depth + 1, parentKey)) as T;
  if (typeof value !== 'object' || value instanceof Error) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    // A request's body (`request.data`) may hold a password: never sent.
    const isBody = k === 'data' && parentKey === 'request';
    if (k === 'cookies' || isBody || SECRET_HEADER.test(k) || SECRET_FIELD.test(k)) out[k] = REDACTED;
    else if (k === 'query_string') out[k] = typeof v === 'string' ? redactUrl(`?${v}`).slice(1) : REDACTED;
    else out[k] = scrubEvent(v, depth + 1, k);
  }
  return out as T;
}
