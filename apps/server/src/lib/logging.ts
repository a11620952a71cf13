/**
 * Logger options of the server (pino through Fastify). Logs never carry a secret, at any level:
 * - `redact` removes credentials wherever a log call puts them under a known key (headers, bodies,
 *   option objects): authorization, cookies, passwords, tokens, tickets, keys, signatures;
 * - the `req` serializer rewrites the URL: values of credential query parameters and the token
 *   segment of the reset-password page become `[REDACTED]`;
 * - the `err` serializer scrubs messages and stacks (a failing query may quote a URL or a JWT) and drops
 *   every statement and bound value a database error carries (serializeError).
 * docs/security.md ("Logs") lists what is removed; logging.test.ts proves it on the real flows.
 *
 * Requests: one line per request, when it completes (registerRequestLogging: method, redacted URL,
 * status, time; the request id comes from Fastify's child logger), instead of Fastify's two lines with
 * the request and response objects run through serializers. At info level it costs about 1% of the
 * list's throughput (docs/benchmarks.md); "incoming request" is still logged at debug and below.
 */

import { REDACTED, redactText, redactUrl } from '@mc/domain';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Bindings, ChildLoggerOptions, DestinationStream, LoggerOptions } from 'pino';
import pino from 'pino';
import type { Config } from '../config.ts';
import { isOutageRequest } from './outage-log.ts';

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

/**
 * Fields of a database error that quote the statement or the values bound to it: PGlite's `query`,
 * `params` and `queryOptions`, Drizzle's `query` and `params`, PostgreSQL's `detail` ("Key (email)=(…)
 * already exists", the failing row), `where` and `internalQuery`. Never logged.
 */
const QUERY_FIELDS = ['query', 'params', 'queryOptions', 'detail', 'where', 'internalQuery'];
/** Fields of a cause (the driver's error under Drizzle's) worth keeping on the logged error. */
const CAUSE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine', 'errno', 'syscall'];
/** Bound values shorter than this are not searched for in messages (they would match ordinary words). */
const MIN_BOUND_VALUE_LENGTH = 4;

/** The error and its causes (Drizzle wraps the driver's error in `cause`), at most five. */
function errorChain(err: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let e: unknown = err;
  while (e && typeof e === 'object' && out.length < 5 && !out.includes(e as Record<string, unknown>)) {
    out.push(e as Record<string, unknown>);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

/** The values bound to the failed query, as text, longest first (from Drizzle's or PGlite's `params`). */
function boundValues(chain: Record<string, unknown>[]): string[] {
  const values = new Set<string>();
  const add = (v: unknown, depth: number): void => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) {
      if (depth < 3) for (const x of v) add(x, depth + 1);
      return;
    }
    const text = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (text.length >= MIN_BOUND_VALUE_LENGTH) values.add(text);
  };
  for (const e of chain) if (Array.isArray(e.params)) add(e.params, 0);
  return [...values].sort((a, b) => b.length - a.length);
}

function scrub(text: string, values: string[]): string {
  let out = text;
  for (const v of values) if (out.includes(v)) out = out.split(v).join(REDACTED);
  return redactText(out);
}

/** Drizzle's DrizzleQueryError: "Failed query: <SQL>\nparams: <values>". */
function isQueryError(e: Record<string, unknown>): boolean {
  return typeof e.message === 'string' && e.message.startsWith('Failed query: ');
}

/**
 * An error's message without SQL or bound values: Drizzle's "Failed query: …" becomes "Failed query";
 * a PostgreSQL data exception (SQLSTATE class 22: `invalid input syntax for type uuid: "…"`) loses its
 * quoted text, which is the value; the query's bound values, wherever they appear, become [REDACTED].
 */
function safeMessage(e: Record<string, unknown>, values: string[]): string {
  if (isQueryError(e)) return 'Failed query (statement and values not logged)';
  let message = typeof e.message === 'string' ? e.message : String(e.message ?? '');
  if (typeof e.code === 'string' && e.code.startsWith('22'))
    message = message.replace(/"[^"]*"/g, `"${REDACTED}"`);
  return scrub(message, values);
}

/** The stack's frames under a header built from the safe message (the original header quotes the message). */
function safeStack(e: Record<string, unknown>, message: string): string | undefined {
  if (typeof e.stack !== 'string') return undefined;
  const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
  const name = typeof e.name === 'string' ? e.name : 'Error';
  return [`${name}: ${message}`, ...frames].join('\n');
}

/**
 * The `err` serializer: pino's, then nothing that quotes a statement or a bound value (QUERY_FIELDS
 * dropped, messages and stacks rebuilt from safeMessage, other text fields scrubbed), and no credential
 * (redactText). docs/security.md, "Logs".
 */
export function serializeError(err: unknown): unknown {
  if (!err || typeof err !== 'object') return err;
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  const chain = errorChain(err);
  const values = boundValues(chain);
  const messages = chain.map((e) => safeMessage(e, values));
  out.message = messages.join(': ');
  const stacks = chain.map((e, i) => safeStack(e, messages[i]!)).filter((s) => s !== undefined);
  if (stacks.length) out.stack = stacks.join('\ncaused by: ');
  else delete out.stack;
  for (const key of QUERY_FIELDS) delete out[key];
  // pino folds the causes into the message and stack only: their SQLSTATE, constraint… are kept here.
  for (const key of CAUSE_FIELDS) {
    if (out[key] !== undefined) continue;
    const found = chain.find((e) => typeof e[key] === 'string' || typeof e[key] === 'number');
    if (found) out[key] = found[key];
  }
  const errors = (err as { errors?: unknown }).errors;
  if (Array.isArray(errors)) out.aggregateErrors = errors.map(serializeError);
  for (const [key, value] of Object.entries(out)) {
    if (key === 'message' || key === 'stack') continue;
    if (typeof value === 'string') out[key] = scrub(value, values);
    else if (value && typeof value === 'object' && !Array.isArray(value) && 'message' in value)
      out[key] = serializeError(value);
  }
  return out;
}

/** An error's message fit for a log line or stderr (the start-up failure in main.ts): see serializeError. */
export function safeErrorMessage(err: unknown): string {
  if (!err || typeof err !== 'object') return redactText(String(err));
  const chain = errorChain(err);
  const values = boundValues(chain);
  return chain.map((e) => safeMessage(e, values)).join(': ');
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

/**
 * Fastify's per-request log lines (`logController` in app.ts): one "request completed" line at info
 * when the request ends, with the request id, the method, the redacted URL, the status and the time — not
 * Fastify's default of two lines running the request and response objects through serializers.
 * "incoming request" is logged at debug and below only. Routes with `logLevel: 'warn'` (health, docs
 * assets) log neither.
 *
 * The line goes through its own logger without `redact`: it holds only those five fields, none of them a
 * credential (the URL through redactUrl), and pino's wildcard redaction (`*.*.token`…) costs ~35 µs a
 * line, about 2.5% of a list request's CPU by itself (bench/request-log.ts measures both).
 */
export class RequestLogController extends LogController {
  private readonly lines: pino.Logger;

  constructor(config: Pick<Config, 'logLevel'>, stream?: DestinationStream) {
    super();
    this.lines = stream ? pino({ level: config.logLevel }, stream) : pino({ level: config.logLevel });
  }

  override incomingRequest(request: FastifyRequest): void {
    if (enabled(request.log, 'debug')) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Answered 503 while the database is unreachable: counted in the outage line (lib/outage-log.ts).
    if (isOutageRequest(request)) return;
    if (error) {
      reply.log.error(
        { err: error, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
        'request errored',
      );
      return;
    }
    if (!enabled(reply.log, 'info')) return;
    this.lines.info(
      {
        reqId: request.id,
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request completed',
    );
  }
}

function enabled(log: { level: string }, level: 'debug' | 'info'): boolean {
  return (pino.levels.values[log.level] ?? 0) <= pino.levels.values[level]!;
}

type LogMethod = (...args: unknown[]) => void;
const LEVEL_VALUES: Record<string, number> = pino.levels.values;

/**
 * A request's logger (the server logger's child with the request id), made the first time something
 * is logged through it. Fastify makes one for every request, and pino's child runs its bindings through
 * the `redact` wildcard paths (~1.5% of a list request's CPU) although most requests log nothing below
 * warn. A call at a level the logger does not log is dropped without making it (pino's own methods are
 * no-ops there); anything else goes to the real child, with the same bindings and options as before.
 */
class LazyChildLogger {
  // Declared, not defined: class fields would be defined one by one on every request (measurable here).
  declare private made: FastifyBaseLogger | undefined;
  declare private readonly startLevel: string;
  declare private readonly parent: FastifyBaseLogger;
  declare private readonly bindings: Bindings;
  declare private readonly options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.made = undefined;
    this.parent = parent;
    this.bindings = bindings;
    this.options = options;
    this.startLevel = (options.level as string | undefined) ?? parent.level;
  }

  private get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made ? this.made.level : this.startLevel;
  }

  set level(level: string) {
    this.real.level = level;
  }

  /** Whether a call at `level` may write (an unknown level: ask the real logger). */
  private writes(level: string): boolean {
    if (this.made) return true;
    if (this.startLevel === 'silent') return false;
    const min = LEVEL_VALUES[this.startLevel];
    return min === undefined || (LEVEL_VALUES[level] ?? 0) >= min;
  }

  fatal(...args: unknown[]): void {
    if (this.writes('fatal')) (this.real.fatal as LogMethod)(...args);
  }
  error(...args: unknown[]): void {
    if (this.writes('error')) (this.real.error as LogMethod)(...args);
  }
  warn(...args: unknown[]): void {
    if (this.writes('warn')) (this.real.warn as LogMethod)(...args);
  }
  info(...args: unknown[]): void {
    if (this.writes('info')) (this.real.info as LogMethod)(...args);
  }
  debug(...args: unknown[]): void {
    if (this.writes('debug')) (this.real.debug as LogMethod)(...args);
  }
  trace(...args: unknown[]): void {
    if (this.writes('trace')) (this.real.trace as LogMethod)(...args);
  }
  silent(...args: unknown[]): void {
    (this.real.silent as LogMethod)(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory` (app.ts): the request logger is made on first use (LazyChildLogger). */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
