import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every setting, read once from the environment (README.md lists them). */
export interface Config {
  env: 'production' | 'development' | 'test';
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
  easypostApiKey?: string;
  /** ALLOW_SANDBOX=1: production may start with sandbox adapters (config-check.ts). */
  allowSandbox: boolean;
  /** TRUST_PROXY handed to Fastify's trustProxy: false (default), true, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | string[];
  sentryDsn?: string;
  oidcGoogle?: { clientId: string; clientSecret: string };
  logLevel: string;
  webDist: string;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR ?? 'data');
  // Production never invents secrets: a missing one stays empty and config-check.ts refuses the start.
  const jwtSecret = env.JWT_SECRET || (mode === 'production' ? '' : localSecret(dataDir));
  return {
    env: mode,
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
    easypostApiKey: env.EASYPOST_API_KEY?.trim() || undefined,
    allowSandbox: bool(env.ALLOW_SANDBOX, false),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sentryDsn: env.SENTRY_DSN || undefined,
    oidcGoogle:
      env.OIDC_GOOGLE_CLIENT_ID && env.OIDC_GOOGLE_CLIENT_SECRET
        ? { clientId: env.OIDC_GOOGLE_CLIENT_ID, clientSecret: env.OIDC_GOOGLE_CLIENT_SECRET }
        : undefined,
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST ?? 'apps/web/dist'),
  };
}
