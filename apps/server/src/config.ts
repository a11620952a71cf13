import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';
import { parseSettings, type ROLES, type SettingName, type Settings } from './settings.ts';

export { REPO_ROOT };

/** What a process does: `api` serves HTTP, `worker` runs the job queue, `all` both (docs/operations.md). */
export type Role = (typeof ROLES)[number];

/** Every setting, read once from the environment by the settings schema (settings.ts; README.md lists them). */
export interface Config {
  env: 'production' | 'development' | 'test';
  role: Role;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections per process to a PostgreSQL server (and as many again to the replica, when one is set). */
  databasePoolSize: number;
  /** DATABASE_REPLICA_URL: a streaming replica for reads that tolerate lag (db/replica.ts). */
  databaseReplicaUrl?: string;
  /** REPLICA_MAX_LAG_MS: past this lag, those reads go to the primary. */
  replicaMaxLagMs: number;
  jwtSecret: Uint8Array;
  sessionTtlHours: number;
  /** Requests one API key may make a minute (docs/decisions/0140). */
  apiKeyRateLimit: number;
  marketplaceKey: string;
  clientBasicCredential: string;
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  twilio?: { accountSid: string; authToken: string; from: string };
  stripeSecretKey?: string;
  mapsApiKey?: string;
  /** ALLOW_SANDBOX=1: production may start with sandbox adapters (config-check.ts). */
  allowSandbox: boolean;
  /** TRUST_PROXY handed to Fastify's trustProxy: false (default), true, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | string[];
  sentryDsn?: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME: traces over OTLP/HTTP (lib/tracing.ts), off when unset. */
  tracing?: { endpoint: string; serviceName: string };
  /** SENTRY_BROWSER_DSN: the console's error reports (written into its page; the CSP lets them out). */
  sentryBrowserDsn?: string;
  /** `/metrics` (lib/metrics.ts): the main port's bearer token, and a second port that serves only it. */
  metrics: { token?: string; port?: number };
  /** OpenID Connect sign-in (any provider; Google by default). OIDC_GOOGLE_* still work. */
  oidc?: { issuer: string; clientId: string; clientSecret: string; name?: string };
  /** Providers' base URLs (tests and staging point them at a mock) and the outbound time-out. */
  providers: ProviderSettings;
  logLevel: string;
  webDist: string;
  /** SITE_NAME: what the console's title, header and footer, the emails and the documents call the site. */
  siteName: string;
  /** LEGACY_BANK_FORM: the console renders the former payment provider's bank-account form (off). */
  legacyBankForm: boolean;
  /** WEBHOOK_ALLOW_PRIVATE: webhook endpoints may reach private addresses (default: outside production). */
  webhookAllowPrivate: boolean;
  /** Worker threads that draw bulk report PDFs (BULK_RENDER_THREADS; cores − 1, at most 2). */
  bulkRenderThreads: number;
  /** One line per setting whose value was wrong and replaced by its default (config-check.ts). */
  invalidSettings: string[];
}

export interface ProviderSettings {
  /** Per-attempt time-out of every outbound call (OUTBOUND_TIMEOUT_MS, 10 s). */
  timeoutMs: number;
  twilioApiBase: string;
  stripeApiBase?: string;
  easypostApiBase: string;
  easypostApiKey?: string;
  courierApiBase: string;
  doordash?: { developerId: string; keyId: string; signingSecret: string; webhookSecret?: string };
  mapsApiBase: string;
}

/** The provider settings (README.md 'Providers'): base URLs default to the providers' own. */
export function loadProviderSettings(env: NodeJS.ProcessEnv): ProviderSettings {
  return providerSettingsFrom(parseSettings(env).settings);
}

function providerSettingsFrom(s: Settings): ProviderSettings {
  return {
    timeoutMs: s.OUTBOUND_TIMEOUT_MS,
    twilioApiBase: s.TWILIO_API_BASE,
    stripeApiBase: s.STRIPE_API_BASE,
    easypostApiBase: s.EASYPOST_API_BASE,
    easypostApiKey: s.EASYPOST_API_KEY,
    courierApiBase: s.COURIER_API_BASE,
    doordash:
      s.DOORDASH_DEVELOPER_ID && s.DOORDASH_KEY_ID && s.DOORDASH_SIGNING_SECRET
        ? {
            developerId: s.DOORDASH_DEVELOPER_ID,
            keyId: s.DOORDASH_KEY_ID,
            signingSecret: s.DOORDASH_SIGNING_SECRET,
            webhookSecret: s.DOORDASH_WEBHOOK_SECRET,
          }
        : undefined,
    mapsApiBase: s.MAPS_API_BASE,
  };
}

/** The published demo credential of the marketplace intake API; production refuses it. */
export const DEMO_MARKETPLACE_KEY = 'demo-marketplace-key';

/** A per-installation secret kept in DATA_DIR so sessions survive restarts without configuration. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Every setting, parsed by the settings schema (settings.ts). This is the one place in the server that reads
 * `process.env` (scripts/env-readers.test.ts fails on another). A wrong value is replaced by its default and
 * named in `invalidSettings`: production refuses to start on it (config-check.ts), development warns.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { settings: s, invalid, given } = parseSettings(env);
  const wrong = new Set(invalid.map((i) => i.name));
  /** Set to a valid value (not defaulted). */
  const isSet = (name: SettingName) => given[name] !== undefined && !wrong.has(name);
  const mode = s.NODE_ENV;
  const role = s.ROLE;
  if (role !== 'all' && !given.DATABASE_URL)
    throw new Error(
      `ROLE=${role} needs DATABASE_URL: the embedded database (PGlite) belongs to one process, which runs everything (ROLE=all)`,
    );
  const dataDir = path.resolve(REPO_ROOT, s.DATA_DIR);
  // Production never invents secrets: a missing one stays empty and config-check.ts refuses the start.
  const jwtSecret = s.JWT_SECRET ?? (mode === 'production' ? '' : localSecret(dataDir));
  return {
    env: mode,
    role,
    port: s.PORT,
    host: s.HOST,
    publicUrl: s.PUBLIC_URL ?? `http://localhost:${s.PORT}`,
    dataDir,
    databaseUrl: s.DATABASE_URL,
    databasePoolSize: s.DATABASE_POOL_SIZE,
    databaseReplicaUrl: s.DATABASE_REPLICA_URL,
    replicaMaxLagMs: s.REPLICA_MAX_LAG_MS,
    jwtSecret: new TextEncoder().encode(jwtSecret),
    sessionTtlHours: s.SESSION_TTL_HOURS,
    apiKeyRateLimit: s.API_KEY_RATE_LIMIT,
    marketplaceKey: s.MARKETPLACE_KEY ?? (mode === 'production' ? '' : DEMO_MARKETPLACE_KEY),
    clientBasicCredential: s.CLIENT_BASIC_CREDENTIAL,
    seedDemo: isSet('SEED_DEMO') ? Boolean(s.SEED_DEMO) : mode !== 'production',
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM ?? defaultSender(s.SITE_NAME),
    twilio:
      s.TWILIO_ACCOUNT_SID && s.TWILIO_AUTH_TOKEN && s.TWILIO_FROM
        ? { accountSid: s.TWILIO_ACCOUNT_SID, authToken: s.TWILIO_AUTH_TOKEN, from: s.TWILIO_FROM }
        : undefined,
    stripeSecretKey: s.STRIPE_SECRET_KEY,
    mapsApiKey: s.MAPS_API_KEY,
    allowSandbox: s.ALLOW_SANDBOX,
    trustProxy: s.TRUST_PROXY,
    sentryDsn: s.SENTRY_DSN,
    sentryBrowserDsn: s.SENTRY_BROWSER_DSN,
    tracing: s.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: s.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: s.OTEL_SERVICE_NAME }
      : undefined,
    metrics: { token: s.METRICS_TOKEN, port: s.METRICS_PORT },
    oidc: oidcSettings(s),
    providers: providerSettingsFrom(s),
    logLevel: isSet('LOG_LEVEL') || mode !== 'test' ? s.LOG_LEVEL : 'silent',
    webDist: path.resolve(REPO_ROOT, s.WEB_DIST),
    siteName: s.SITE_NAME,
    legacyBankForm: s.LEGACY_BANK_FORM,
    webhookAllowPrivate: isSet('WEBHOOK_ALLOW_PRIVATE')
      ? Boolean(s.WEBHOOK_ALLOW_PRIVATE)
      : mode !== 'production',
    bulkRenderThreads: s.BULK_RENDER_THREADS ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
    invalidSettings: invalid.map((i) => i.line),
  };
}

/** The sender when MAIL_FROM is unset: the site's name, quoted when it holds a character an address treats specially. */
export function defaultSender(siteName: string): string {
  const name = /^[\w .'-]+$/.test(siteName) ? siteName : `"${siteName.replace(/["\\]/g, '')}"`;
  return `${name} <no-reply@merchant-console.local>`;
}

function oidcSettings(s: Settings): Config['oidc'] {
  const clientId = s.OIDC_CLIENT_ID ?? s.OIDC_GOOGLE_CLIENT_ID;
  const clientSecret = s.OIDC_CLIENT_SECRET ?? s.OIDC_GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return undefined;
  return { issuer: s.OIDC_ISSUER, clientId, clientSecret, name: s.OIDC_PROVIDER_NAME };
}
