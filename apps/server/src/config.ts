import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';

export { REPO_ROOT };

/** What a process does: `api` serves HTTP, `worker` runs the job queue, `all` both (docs/operations.md). */
export type Role = 'all' | 'api' | 'worker';
export const ROLES: readonly Role[] = ['all', 'api', 'worker'];

/** Every setting, read once from the environment (README.md lists them). */
export interface Config {
  env: 'production' | 'development' | 'test';
  role: Role;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections per process to a PostgreSQL server. */
  databasePoolSize: number;
  jwtSecret: Uint8Array;
  sessionTtlHours: number;
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
  /** OpenID Connect sign-in (any provider; Google by default). OIDC_GOOGLE_* still work. */
  oidc?: { issuer: string; clientId: string; clientSecret: string; name?: string };
  /** Providers' base URLs (tests and staging point them at a mock) and the outbound time-out. */
  providers: ProviderSettings;
  logLevel: string;
  webDist: string;
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
  const url = (v: string | undefined, dflt: string) => (v?.trim() || dflt).replace(/\/+$/, '');
  return {
    timeoutMs: Math.max(100, Number.parseInt(env.OUTBOUND_TIMEOUT_MS ?? '10000', 10) || 10_000),
    twilioApiBase: url(env.TWILIO_API_BASE, 'https://api.twilio.com'),
    stripeApiBase: env.STRIPE_API_BASE?.trim() || undefined,
    easypostApiBase: url(env.EASYPOST_API_BASE, 'https://api.easypost.com/v2'),
    easypostApiKey: env.EASYPOST_API_KEY?.trim() || undefined,
    courierApiBase: url(env.COURIER_API_BASE, 'https://openapi.doordash.com'),
    doordash:
      env.DOORDASH_DEVELOPER_ID && env.DOORDASH_KEY_ID && env.DOORDASH_SIGNING_SECRET
        ? {
            developerId: env.DOORDASH_DEVELOPER_ID,
            keyId: env.DOORDASH_KEY_ID,
            signingSecret: env.DOORDASH_SIGNING_SECRET,
            webhookSecret: env.DOORDASH_WEBHOOK_SECRET || undefined,
          }
        : undefined,
    mapsApiBase: url(env.MAPS_API_BASE, 'https://maps.googleapis.com'),
  };
}

/** The published demo credential of the marketplace intake API; production refuses it. */
export const DEMO_MARKETPLACE_KEY = 'demo-marketplace-key';

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !['0', 'false', 'no', 'off'].includes(v.toLowerCase());
}

/**
 * TRUST_PROXY: unset/false → the socket address is the client (X-Forwarded-For ignored); true → trust every
 * hop; otherwise a comma list of the proxies' addresses, CIDRs or proxy-addr names (loopback, uniquelocal…).
 * config-check.ts refuses entries that are none of these (a hop count among them: Fastify ≥ 5.12.1 no
 * longer supports one, as it cannot tell a proxy from a client that writes X-Forwarded-For itself).
 */
export function parseTrustProxy(v: string | undefined): boolean | string[] {
  const s = v?.trim() ?? '';
  if (s === '' || ['0', 'false', 'no', 'off'].includes(s.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(s.toLowerCase())) return true;
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** A per-installation secret kept in DATA_DIR so sessions survive restarts without configuration. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseRole(value: string | undefined, hasServer: boolean): Role {
  const role = (value ?? '').trim().toLowerCase() || 'all';
  if (!ROLES.includes(role as Role))
    throw new Error(`ROLE must be one of ${ROLES.join(', ')} (got '${value}')`);
  if (role !== 'all' && !hasServer)
    throw new Error(
      `ROLE=${role} needs DATABASE_URL: the embedded database (PGlite) belongs to one process, which runs everything (ROLE=all)`,
    );
  return role as Role;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR ?? 'data');
  const role = parseRole(env.ROLE, Boolean(env.DATABASE_URL));
  // Production never invents secrets: a missing one stays empty and config-check.ts refuses the start.
  const jwtSecret = env.JWT_SECRET || (mode === 'production' ? '' : localSecret(dataDir));
  return {
    env: mode,
    role,
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Math.max(1, Number.parseInt(env.DATABASE_POOL_SIZE ?? '20', 10) || 20),
    jwtSecret: new TextEncoder().encode(jwtSecret),
    sessionTtlHours: Number.parseInt(env.SESSION_TTL_HOURS ?? '168', 10),
    marketplaceKey: env.MARKETPLACE_KEY || (mode === 'production' ? '' : DEMO_MARKETPLACE_KEY),
    clientBasicCredential: env.CLIENT_BASIC_CREDENTIAL ?? 'merchant-console:public',
    seedDemo: bool(env.SEED_DEMO, mode !== 'production'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Merchant Console <no-reply@merchant-console.local>',
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM }
        : undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    mapsApiKey: env.MAPS_API_KEY || undefined,
    allowSandbox: bool(env.ALLOW_SANDBOX, false),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sentryDsn: env.SENTRY_DSN || undefined,
    oidc: oidcSettings(env),
    providers: loadProviderSettings(env),
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST ?? 'apps/web/dist'),
  };
}

function oidcSettings(env: NodeJS.ProcessEnv): Config['oidc'] {
  const clientId = env.OIDC_CLIENT_ID || env.OIDC_GOOGLE_CLIENT_ID;
  const clientSecret = env.OIDC_CLIENT_SECRET || env.OIDC_GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return undefined;
  return {
    issuer: (env.OIDC_ISSUER || 'https://accounts.google.com').replace(/\/+$/, ''),
    clientId,
    clientSecret,
    name: env.OIDC_PROVIDER_NAME || undefined,
  };
}
