/**
 * Logger options of the server (pino through Fastify). Logs never carry a secret, at any level:
 * - `redact` removes credentials wherever a log call puts them under a known key (headers, bodies,
 *   option objects): authorization, cookies, passwords, tokens, tickets, keys, signatures;
 * - the `req` serializer rewrites the URL: values of credential query parameters and the token
 *   segment of the reset-password page become `[REDACTED]`;
 * - the `err` serializer scrubs messages and stacks (a failing query may quote a URL or a JWT).
 * docs/security.md ("Logs") lists what is removed; logging.test.ts proves it on the real flows.
 */
import type { DestinationStream, LoggerOptions } from 'pino';
import pino from 'pino';
import type { Config } from '../config.ts';

export type { DestinationStream };

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

/** Path prefixes whose next segment is a credential (the console's reset page carries the reset token). */
export const SECRET_PATH_PREFIXES = ['/forgot/password-reset/', '/reset/', '/reset-password/'];

/** Object keys whose value is a credential, at any of the first levels of a logged object. */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'new_password',
  'password_hash',
  'token',
  'access_token',
  'reset_token',
  'jwt',
  'ticket',
  'secret',
  'jwtSecret',
  'clientSecret',
  'marketplaceKey',
  'apiKey',
  'authToken',
  'stripeSecretKey',
  'mapsApiKey',
  'smtpUrl',
  'x-api-key',
];

function redactPaths(): string[] {
  const paths = [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-api-key"]',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers.cookie',
  ];
  for (const k of SECRET_KEYS) {
    const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`;
    const dot = key.startsWith('[') ? '' : '.';
    paths.push(`${key}`, `*${dot}${key}`, `*.*${dot}${key}`);
  }
  return paths;
}

const JWT_RE = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
const BEARER_RE = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;

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
  let out = text.replace(JWT_RE, REDACTED).replace(BEARER_RE, `$1 ${REDACTED}`);
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

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  socket?: { remotePort?: number };
}

function serializeRequest(req: RequestLike) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

function serializeError(err: unknown) {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  for (const key of ['message', 'stack', 'query', 'detail']) {
    if (typeof out[key] === 'string') out[key] = redactText(out[key] as string);
  }
  // Drizzle's query errors carry the parameters: never log them (a query may bind a token hash or a password hash).
  if ('params' in out) out.params = REDACTED;
  if (out.cause && typeof out.cause === 'object') out.cause = serializeError(out.cause);
  return out;
}

/** The options handed to Fastify's `logger`; `stream` replaces stdout (the log test captures it). */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths(), censor: REDACTED },
    serializers: { req: serializeRequest, err: serializeError },
    ...(stream ? { stream } : {}),
  };
}
