/**
 * Logger options of the server (pino through Fastify). Logs never carry a secret, at any level:
 * - `redact` removes credentials wherever a log call puts them under a known key (headers, bodies,
 *   option objects): authorization, cookies, passwords, tokens, tickets, keys, signatures;
 * - the `req` serializer rewrites the URL: values of credential query parameters and the token
 *   segment of the reset-password page become `[REDACTED]`;
 * - the `err` serializer scrubs messages and stacks (a failing query may quote a URL or a JWT).
 * docs/security.md ("Logs") lists what is removed; logging.test.ts proves it on the real flows.
 */

import { REDACTED, redactText, redactUrl } from '@mc/domain';
import type { DestinationStream, LoggerOptions } from 'pino';
import pino from 'pino';
import type { Config } from '../config.ts';

export type { DestinationStream };
export { REDACTED, redactText, redactUrl };

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
