/**
 * Every environment variable the server reads, in one zod schema: each entry's type and range, its default
 * and a one-line description (docs/decisions/0117-one-settings-schema.md). `config.ts` parses the
 * environment with it (the only reader of `process.env` in the server); `npm run settings:docs` writes the
 * README's Settings table and `.env.example` from it, and `scripts/check-deploy.mjs` fails when they differ.
 *
 * Adding a setting: one entry below, its use in `loadConfig` (config.ts), then `npm run settings:docs`.
 *
 * This module reads nothing and writes nothing (the docs generator imports it), and imports only zod.
 */
import { z } from 'zod';

/** Where a setting sits in `.env.example` (the README table keeps the schema's order). */
export type SettingGroup = 'server' | 'providers' | 'provider-urls';

export interface SettingDoc {
  /** One line: the README table's meaning column and the comment above the line in `.env.example`. */
  description: string;
  /** What a valid value is, as the refusal says it: `SESSION_TTL_HOURS must be <expects>, got "abc"`. */
  expects: string;
  /** The value an unset (or empty) variable takes, written as it would be set; parsed by the schema. */
  default?: string;
  /** The default in words, when it depends on the mode or another setting (no `default` then). */
  defaultText?: string;
  group: SettingGroup;
  /** A refusal never shows the value (secrets, and URLs that may carry a password). */
  secret?: boolean;
  /** `.env.example` sets this uncommented: what a production deployment sets ('' = fill it in). */
  production?: string;
  /** One more comment line in `.env.example` (how to make a secret, an example value). */
  hint?: string;
}

/** The descriptions, defaults and groups of the schema's entries (zod's registry keyed by each entry). */
const settingDocs = z.registry<SettingDoc>();

type WithDefault = SettingDoc & { default: string };
function setting<T extends z.ZodType<unknown, string>>(schema: T, doc: WithDefault): z.ZodPrefault<T>;
function setting<T extends z.ZodType<unknown, string>>(schema: T, doc: SettingDoc): z.ZodOptional<T>;
function setting(schema: z.ZodType<unknown, string>, doc: SettingDoc) {
  // prefault: the default is written as the variable would be, and parsed like any value.
  const entry = doc.default === undefined ? schema.optional() : schema.prefault(doc.default);
  return entry.register(settingDocs, doc);
}

const whole = (min: number, max: number) =>
  z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.int().min(min).max(max));
const flag = z.stringbool({ truthy: ['1', 'true', 'yes', 'on'], falsy: ['0', 'false', 'no', 'off'] });
const FLAG = 'true or false (1/0, yes/no, on/off)';
const text = z.string().trim().min(1);
/** Secrets are taken as given (a blank one is unset), never trimmed: the bytes are the key. */
const secret = z.string().min(1);
const noTrailingSlash = (s: string) => s.replace(/\/+$/, '');
const httpUrl = z.url({ protocol: /^https?$/ }).transform(noTrailingSlash);
const HTTP_URL = 'an http:// or https:// URL';
const lowerEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.string().trim().toLowerCase().pipe(z.enum(values));

export const ROLES = ['all', 'api', 'worker'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const PROXY_OFF = ['', '0', 'false', 'no', 'off'];
const PROXY_ALL = ['true', 'yes', 'on'];

/**
 * TRUST_PROXY: off → the socket address is the client (X-Forwarded-For ignored); true → trust every hop;
 * otherwise a comma list of the proxies' addresses, CIDRs or proxy-addr names (loopback, uniquelocal…).
 * config-check.ts refuses entries that are none of these in every mode (a hop count among them: Fastify
 * ≥ 5.12.1 no longer supports one, as it cannot tell a proxy from a client that writes X-Forwarded-For).
 */
function parseTrustProxy(v: string | undefined): boolean | string[] {
  const s = v?.trim() ?? '';
  if (PROXY_OFF.includes(s.toLowerCase())) return false;
  if (PROXY_ALL.includes(s.toLowerCase())) return true;
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

export const SettingsSchema = z.object({
  NODE_ENV: setting(lowerEnum(NODE_ENVS), {
    description:
      '`production` refuses unsafe settings at start (see Production rules), sends HSTS, no `/dev/*` page',
    expects: `one of ${NODE_ENVS.join(', ')}`,
    default: 'development',
    group: 'server',
    production: 'production',
  }),
  PORT: setting(whole(0, 65_535), {
    description: 'HTTP port (API and console on one port)',
    expects: 'a port number between 0 and 65535',
    default: '3000',
    group: 'server',
  }),
  HOST: setting(text, {
    description: 'listen address',
    expects: 'an address to listen on',
    default: '0.0.0.0',
    group: 'server',
  }),
  PUBLIC_URL: setting(httpUrl, {
    description: "base URL used in emails and onboarding links (the load balancer's address)",
    expects: HTTP_URL,
    defaultText: '`http://localhost:$PORT`',
    group: 'server',
    production: 'https://console.example.com',
  }),
  DATA_DIR: setting(text, {
    description:
      'where the embedded database (and a generated JWT secret) live, relative to the repository root (`/app/data` in the image)',
    expects: 'a directory',
    default: 'data',
    group: 'server',
  }),
  DATABASE_URL: setting(z.url({ protocol: /^postgres(ql)?$/ }), {
    description:
      'PostgreSQL server to use instead of the embedded PGlite (compose.yaml sets it for its `db`)',
    expects: 'a postgres:// or postgresql:// URL',
    defaultText: '— (embedded PGlite)',
    group: 'server',
    secret: true,
    hint: 'For example postgres://merchant:password@db.internal:5432/merchant',
  }),
  DATABASE_POOL_SIZE: setting(whole(1, 1000), {
    description: 'connections each server process keeps to that PostgreSQL server (`docs/operations.md`)',
    expects: 'a number of connections between 1 and 1000',
    default: '20',
    group: 'server',
    production: '10',
  }),
  DATABASE_REPLICA_URL: setting(z.url({ protocol: /^postgres(ql)?$/ }), {
    description:
      'a streaming replica of that PostgreSQL server: reads that tolerate lag (reports, inventory, bulk batches) go there while it is within `REPLICA_MAX_LAG_MS` (docs/decisions/0145)',
    expects: 'a postgres:// or postgresql:// URL',
    defaultText: '— (every read on `DATABASE_URL`)',
    group: 'server',
    secret: true,
    hint: 'For example postgres://merchant_ro:password@db-replica.internal:5432/merchant',
  }),
  REPLICA_MAX_LAG_MS: setting(whole(100, 300_000), {
    description: 'past this lag the replica is not read: its reads go to the primary until it catches up',
    expects: 'a number of milliseconds between 100 and 300000',
    default: '5000',
    group: 'server',
  }),
  ROLE: setting(lowerEnum(ROLES), {
    description:
      '`api` serves HTTP and never takes jobs; `worker` runs the job queue and serves only `/healthz` and `/readyz`; `all` both. Other than `all` needs `DATABASE_URL` (compose.yaml sets it per service)',
    expects: `one of ${ROLES.join(', ')}`,
    default: 'all',
    group: 'server',
  }),
  SEED_DEMO: setting(flag, {
    description:
      'seed the demo marketplace into an empty database; in production only with `SEED_DEMO=1` (warned)',
    expects: FLAG,
    defaultText: '`true`; `false` in production',
    group: 'server',
    production: 'false',
  }),
  ALLOW_SANDBOX: setting(flag, {
    description: 'production: start even with sandbox adapters (each one in use is logged as a warning)',
    expects: FLAG,
    default: 'false',
    group: 'server',
  }),
  TRUST_PROXY: setting(z.string().transform(parseTrustProxy), {
    description:
      'proxies whose `X-Forwarded-For` is believed: `true` or addresses/CIDRs (`10.0.0.0/8`); off: the socket address',
    expects: '`true`, `false` or a comma list of addresses and CIDRs',
    default: 'false',
    group: 'server',
    hint: 'For example 10.0.0.0/8: the addresses or CIDRs of your load balancer / reverse proxy',
  }),
  JWT_SECRET: setting(secret, {
    description: 'signing secret of session tokens, the same in every process (at least 32 bytes)',
    expects: 'a secret',
    defaultText: 'generated into `DATA_DIR`; none in production',
    group: 'server',
    secret: true,
    production: '',
    hint: 'Generate one with: openssl rand -hex 32',
  }),
  SESSION_TTL_HOURS: setting(whole(1, 720), {
    description: 'how long a session lasts',
    expects: 'a number of hours between 1 and 720',
    default: '168',
    group: 'server',
  }),
  API_KEY_RATE_LIMIT: setting(whole(1, 100_000), {
    description: 'requests one API key may make a minute, across every process (docs/decisions/0140)',
    expects: 'a number between 1 and 100000',
    default: '600',
    group: 'server',
  }),
  MARKETPLACE_KEY: setting(secret, {
    description: 'server credential of the marketplace intake API (`Authorization: Bearer …`)',
    expects: 'a key',
    defaultText: '`demo-marketplace-key`; none in production',
    group: 'server',
    secret: true,
    production: '',
    hint: 'Generate one with: openssl rand -hex 32',
  }),
  CLIENT_BASIC_CREDENTIAL: setting(
    z
      .string()
      .trim()
      .regex(/^[^:\s]+:\S+$/),
    {
      description: "the console's basic client credential for sign-up (`client id:secret`)",
      expects: 'a client id and secret written id:secret',
      default: 'merchant-console:public',
      group: 'server',
      secret: true,
    },
  ),
  LOG_LEVEL: setting(lowerEnum(LOG_LEVELS), {
    description: 'server log level (pino; `info`: one line per request)',
    expects: `one of ${LOG_LEVELS.join(', ')}`,
    default: 'info',
    group: 'server',
  }),
  WEB_DIST: setting(text, {
    description: 'the built console the server serves (the e2e tests point it at a build of their own)',
    expects: 'a directory',
    default: 'apps/web/dist',
    group: 'server',
  }),
  SITE_NAME: setting(z.string().trim().min(1).max(60), {
    description: 'the name the console, the emails and the printed documents call the site',
    expects: 'a name of 1 to 60 characters',
    default: 'Retailer',
    group: 'server',
  }),
  LEGACY_BANK_FORM: setting(flag, {
    description: "show the former payment provider's bank-account form under Settings → Billing",
    expects: FLAG,
    default: 'false',
    group: 'server',
  }),
  BULK_RENDER_THREADS: setting(whole(1, 64), {
    description: 'worker threads that draw bulk report PDFs',
    expects: 'a number of threads between 1 and 64',
    defaultText: 'cores − 1, at most 2 (at least 1)',
    group: 'server',
  }),
  METRICS_TOKEN: setting(secret, {
    description:
      'bearer token `/metrics` (Prometheus) answers on the main port; without it production serves no metrics there',
    expects: 'a random token of at least 24 characters',
    defaultText: '— (development: `/metrics` open on the main port; production: not served there)',
    group: 'server',
    secret: true,
    hint: 'make one with: openssl rand -base64 32',
  }),
  METRICS_PORT: setting(whole(1, 65_535), {
    description:
      'a second port, on HOST, serving only `/metrics` without a token (keep it internal: not published, not proxied)',
    expects: 'a port number between 1 and 65535, not PORT',
    defaultText: '— (off)',
    group: 'server',
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: setting(httpUrl, {
    description:
      'send traces (OpenTelemetry, OTLP over HTTP) to this collector: requests, queries, provider calls and jobs',
    expects: "the collector's base URL (an http:// or https:// URL; traces go to /v1/traces under it)",
    defaultText: '— (off)',
    group: 'server',
  }),
  OTEL_SERVICE_NAME: setting(z.string().trim().min(1).max(100), {
    description: "the traces' service name",
    expects: 'a name of 1 to 100 characters',
    default: 'merchant-console',
    group: 'server',
  }),
  SENTRY_BROWSER_DSN: setting(httpUrl, {
    description:
      "error reporting of the console (Sentry DSN), written into the page it is sent in; replaces the console build's VITE_SENTRY_DSN",
    expects: 'a Sentry DSN (an http:// or https:// URL)',
    defaultText: "— (the build's VITE_SENTRY_DSN, or off)",
    group: 'server',
  }),
  SENTRY_DSN: setting(httpUrl, {
    description: 'error reporting of the server (Sentry DSN)',
    expects: 'a Sentry DSN (an https:// URL)',
    defaultText: '— (off)',
    group: 'server',
    secret: true,
  }),

  SMTP_URL: setting(z.url({ protocol: /^smtps?$/ }), {
    description: 'send email through this SMTP server',
    expects: 'an smtp:// or smtps:// URL',
    defaultText: '— (sandbox outbox)',
    group: 'providers',
    secret: true,
    hint: 'For example smtps://user:password@smtp.example.com',
  }),
  MAIL_FROM: setting(z.string().trim().regex(/@/), {
    description: 'sender of emails',
    expects: 'a sender address, e.g. Name <no-reply@example.com>',
    defaultText: '`SITE_NAME <no-reply@merchant-console.local>`',
    group: 'providers',
  }),
  TWILIO_ACCOUNT_SID: setting(text, {
    description: 'send text messages through Twilio (with `TWILIO_AUTH_TOKEN` and `TWILIO_FROM`)',
    expects: 'a Twilio account SID',
    defaultText: '— (sandbox outbox)',
    group: 'providers',
  }),
  TWILIO_AUTH_TOKEN: setting(secret, {
    description: "the Twilio account's auth token",
    expects: 'a token',
    group: 'providers',
    secret: true,
  }),
  TWILIO_FROM: setting(text, {
    description: 'the Twilio number texts are sent from',
    expects: 'a phone number',
    group: 'providers',
  }),
  STRIPE_SECRET_KEY: setting(secret, {
    description: 'Stripe Connect Express onboarding and payment capture',
    expects: 'a Stripe secret key',
    defaultText: '— (sandbox)',
    group: 'providers',
    secret: true,
  }),
  MAPS_API_KEY: setting(secret, {
    description: 'static map images and directions from a maps provider',
    expects: 'a key',
    defaultText: '— (sandbox map)',
    group: 'providers',
    secret: true,
  }),
  EASYPOST_API_KEY: setting(text, {
    description:
      'buy shipping labels through EasyPost (the sandbox carrier prints test labels and answers each label error for the demo orders)',
    expects: 'a key',
    defaultText: '— (sandbox carrier)',
    group: 'providers',
    secret: true,
  }),
  DOORDASH_DEVELOPER_ID: setting(text, {
    description:
      "'Call a courier' books a DoorDash Drive delivery (with `DOORDASH_KEY_ID` and `DOORDASH_SIGNING_SECRET`, all three from DoorDash's developer portal)",
    expects: 'a developer id',
    defaultText: '— (sandbox courier)',
    group: 'providers',
  }),
  DOORDASH_KEY_ID: setting(text, {
    description: "the DoorDash access key's id",
    expects: 'a key id',
    group: 'providers',
  }),
  DOORDASH_SIGNING_SECRET: setting(secret, {
    description: "the DoorDash access key's signing secret",
    expects: 'a secret',
    group: 'providers',
    secret: true,
  }),
  DOORDASH_WEBHOOK_SECRET: setting(secret, {
    description:
      'the Authorization header value registered at DoorDash for `POST /v1/courier/doordash/events`',
    expects: 'a secret',
    defaultText: '— (webhook off)',
    group: 'providers',
    secret: true,
  }),
  OIDC_ISSUER: setting(httpUrl, {
    description:
      'the OpenID Connect provider for sign-up/sign-in (any provider: Google, Microsoft Entra ID, Okta, …)',
    expects: HTTP_URL,
    default: 'https://accounts.google.com',
    group: 'providers',
  }),
  OIDC_CLIENT_ID: setting(text, {
    description: 'the client registered there; redirect URI `$PUBLIC_URL/a/v2/oidc/callback`',
    expects: 'a client id',
    defaultText: '— (no third-party sign-in)',
    group: 'providers',
  }),
  OIDC_CLIENT_SECRET: setting(secret, {
    description: "that client's secret",
    expects: 'a secret',
    group: 'providers',
    secret: true,
  }),
  OIDC_PROVIDER_NAME: setting(text, {
    description: "the name on the console's 'Sign up with …' and 'Sign in with …' buttons",
    expects: 'a name',
    defaultText: 'Google, Microsoft, … or the issuer host',
    group: 'providers',
  }),
  OIDC_GOOGLE_CLIENT_ID: setting(text, {
    description: 'older name of `OIDC_CLIENT_ID` (still read)',
    expects: 'a client id',
    group: 'providers',
  }),
  OIDC_GOOGLE_CLIENT_SECRET: setting(secret, {
    description: 'older name of `OIDC_CLIENT_SECRET` (still read)',
    expects: 'a secret',
    group: 'providers',
    secret: true,
  }),

  TWILIO_API_BASE: setting(httpUrl, {
    description: 'base URL of the Twilio API (tests and staging point it at a mock)',
    expects: HTTP_URL,
    default: 'https://api.twilio.com',
    group: 'provider-urls',
  }),
  STRIPE_API_BASE: setting(httpUrl, {
    description:
      "base URL of the Stripe API, e.g. `http://127.0.0.1:12111` (the SDK's host, port and protocol)",
    expects: HTTP_URL,
    defaultText: "— (Stripe's own)",
    group: 'provider-urls',
  }),
  EASYPOST_API_BASE: setting(httpUrl, {
    description: 'base URL of the EasyPost API',
    expects: HTTP_URL,
    default: 'https://api.easypost.com/v2',
    group: 'provider-urls',
  }),
  COURIER_API_BASE: setting(httpUrl, {
    description: 'base URL of the courier (DoorDash Drive) API',
    expects: HTTP_URL,
    default: 'https://openapi.doordash.com',
    group: 'provider-urls',
  }),
  MAPS_API_BASE: setting(httpUrl, {
    description: 'base URL of the static maps API',
    expects: HTTP_URL,
    default: 'https://maps.googleapis.com',
    group: 'provider-urls',
  }),
  WEBHOOK_ALLOW_PRIVATE: setting(flag, {
    description:
      'webhook endpoints may be on loopback, private and link-local addresses (development and tests; docs/decisions/0139)',
    expects: FLAG,
    defaultText: '`true`; `false` in production',
    group: 'server',
  }),
  OUTBOUND_TIMEOUT_MS: setting(whole(100, 120_000), {
    description:
      'time-out of one call to a provider; all attempts of a call stay within 12 s (`docs/providers.md`)',
    expects: 'a number of milliseconds between 100 and 120000',
    default: '10000',
    group: 'provider-urls',
  }),
});

export type SettingName = keyof typeof SettingsSchema.shape;
export type Settings = z.output<typeof SettingsSchema>;
export const SETTING_NAMES = Object.keys(SettingsSchema.shape) as SettingName[];

/** The doc of one setting (every entry of the schema has one). */
export function settingDoc(name: SettingName): SettingDoc {
  const doc = settingDocs.get(SettingsSchema.shape[name]);
  if (!doc) throw new Error(`${name} has no description in the settings schema`);
  return doc;
}

/** The variables the schema knows, as given; an empty or blank value is the same as unset. */
function settingValues(env: Readonly<Record<string, string | undefined>>) {
  const raw: Partial<Record<SettingName, string>> = {};
  for (const name of SETTING_NAMES) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') raw[name] = value;
  }
  return raw;
}

/** The one line naming a wrong value (the value itself left out when it may be a secret). */
function invalidSettingLine(name: SettingName, value: string): string {
  const doc = settingDoc(name);
  return doc.secret
    ? `${name} must be ${doc.expects} (the value is not shown: it may hold a secret)`
    : `${name} must be ${doc.expects}, got ${JSON.stringify(value)}`;
}

/**
 * Every setting parsed: wrong values are named in `invalid` (one line each, in the schema's order) and
 * replaced by their defaults in `settings`, so a caller decides whether to refuse (production) or go on.
 */
export function parseSettings(env: Readonly<Record<string, string | undefined>>): {
  settings: Settings;
  invalid: { name: SettingName; line: string }[];
  /** The settings that were set (not empty). */
  given: Partial<Record<SettingName, string>>;
} {
  const given = settingValues(env);
  const first = SettingsSchema.safeParse(given);
  if (first.success) return { settings: first.data, invalid: [], given };
  const wrong = new Set(first.error.issues.map((i) => i.path[0] as SettingName));
  const invalid = SETTING_NAMES.filter((n) => wrong.has(n)).map((name) => ({
    name,
    line: invalidSettingLine(name, given[name] ?? ''),
  }));
  const rest = Object.fromEntries(Object.entries(given).filter(([k]) => !wrong.has(k as SettingName)));
  // Defaults always parse (settings.test.ts), so this second parse cannot fail.
  return { settings: SettingsSchema.parse(rest), invalid, given };
}
